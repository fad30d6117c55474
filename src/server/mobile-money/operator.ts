/**
 * What the payout engine needs from a mobile-money operator (issue 49 items 4 and 5), whatever its
 * API: send one transfer under a reference we chose, ask that reference's status, and (where the
 * operator offers it) the wallet holder's registered name. Each operator's client (MTN MoMo,
 * Airtel Money) translates its own answers into these outcomes, so the engine's exactly-once
 * rules are written once:
 * - only `unreachable` (no connection was made) may be sent again as it is;
 * - `no_answer` and `duplicate` mean the operator may have the transfer: ask its status first;
 * - `ambiguous` is never retried by itself: it waits for a person.
 */
import type { WalletProvider } from '../../domain/payment-channels';

export type PayoutRequest = {
  /** Ours, a UUID derived from the payment and its attempt number: the operator's idempotency key. */
  reference: string;
  /** Exact decimal kwacha with two places, '1500.00' (never a float). */
  amount: string;
  /** The wallet in E.164, '+260961234567'; each client writes it as its API wants it. */
  msisdn: string;
  /** Shown to the student on their phone (short, plain). */
  payeeNote: string;
  /** Kept in the programme's account statement: the batch item's payment reference. */
  payerMessage: string;
};

export type SendOutcome =
  /** The operator took the transfer; its status is polled until final. */
  | { kind: 'accepted' }
  /** The reference was used before: the first attempt reached the operator; ask its status. */
  | { kind: 'duplicate' }
  /** Refused before any money moved (a bad number, an inactive wallet): a final failure. */
  | { kind: 'refused'; reason: string }
  /** The operator answered that the outcome is unknown: a person decides. */
  | { kind: 'ambiguous'; reason: string }
  /** The request may have reached the operator (timeout, connection cut, 5xx): ask its status. */
  | { kind: 'no_answer'; reason: string }
  /** No connection could be made: nothing reached the operator, so it may be sent again. */
  | { kind: 'unreachable'; reason: string };

export type TransferStatus =
  | { kind: 'successful'; transactionId: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'pending' }
  /** The operator has no transfer under this reference: the send never arrived. */
  | { kind: 'not_found' }
  /** The status could not be read this time (network, 5xx): ask again later. */
  | { kind: 'unknown'; reason: string };

export type HolderName =
  | { kind: 'name'; name: string }
  /** The operator does not give names (Airtel) or the wallet is not registered. */
  | { kind: 'none'; reason: string }
  | { kind: 'unknown'; reason: string };

export interface MobileMoneyOperator {
  readonly provider: WalletProvider;
  send(request: PayoutRequest): Promise<SendOutcome>;
  status(reference: string): Promise<TransferStatus>;
  holderName(msisdn: string): Promise<HolderName>;
}
