import type { WalletProvider } from '../../domain/payment-channels';
import type {
  HolderName,
  MobileMoneyOperator,
  PayoutRequest,
  SendOutcome,
  TransferStatus,
} from '../mobile-money/operator';

/**
 * An in-process stand-in for a mobile-money operator, for the payout engine's tests only (the
 * loopback simulator replaces it at merge). Like a real operator it keeps one transfer per
 * reference: a second send under a known reference makes no transfer and answers `duplicate`. What
 * happens to a wallet is chosen per number:
 * - `success` (default): accepted, then successful;
 * - `pending_then_success`: accepted, pending for the first status asks, then successful;
 * - `failure`: accepted, then failed; `refused`: refused at once;
 * - `ambiguous`: the send answers ambiguous (the transfer is not made);
 * - `lost_answer`: the transfer is made, but the answer is lost (`no_answer`) the first time;
 * - `unreachable_once`: the first send cannot connect (no transfer), later ones work.
 */
export type FakeScenario =
  | 'success'
  | 'pending_then_success'
  | 'failure'
  | 'refused'
  | 'ambiguous'
  | 'lost_answer'
  | 'unreachable_once';

export interface FakeTransfer {
  reference: string;
  amount: string;
  msisdn: string;
}

export class FakeMobileMoneyOperator implements MobileMoneyOperator {
  /** Every transfer made, once per reference: what the tests count to prove exactly once. */
  readonly transfers: FakeTransfer[] = [];
  readonly sendCalls: string[] = [];
  readonly statusCalls: string[] = [];
  readonly scenarios = new Map<string, FakeScenario>();
  /** How many status asks a `pending_then_success` transfer stays pending. */
  pendingAsks = 1;
  /** Milliseconds each send takes (two engines overlapping in the tests). */
  sendDelayMs = 0;
  private readonly asks = new Map<string, number>();
  private readonly firstSendSeen = new Set<string>();

  constructor(readonly provider: WalletProvider) {}

  private scenarioOf(msisdn: string): FakeScenario {
    return this.scenarios.get(msisdn) ?? 'success';
  }

  private transferOf(reference: string): FakeTransfer | undefined {
    return this.transfers.find((t) => t.reference === reference);
  }

  /** How many transfers were made to a wallet. */
  paidTo(msisdn: string): number {
    return this.transfers.filter((t) => t.msisdn === msisdn).length;
  }

  async send(request: PayoutRequest): Promise<SendOutcome> {
    this.sendCalls.push(request.reference);
    if (this.sendDelayMs) await new Promise((r) => setTimeout(r, this.sendDelayMs));
    const scenario = this.scenarioOf(request.msisdn);
    const first = !this.firstSendSeen.has(request.reference);
    this.firstSendSeen.add(request.reference);
    if (scenario === 'unreachable_once' && first)
      return { kind: 'unreachable', reason: 'connection refused' };
    if (this.transferOf(request.reference)) return { kind: 'duplicate' };
    if (scenario === 'refused') return { kind: 'refused', reason: 'Payee account not active' };
    if (scenario === 'ambiguous') return { kind: 'ambiguous', reason: 'Transaction status unknown' };
    this.transfers.push({ reference: request.reference, amount: request.amount, msisdn: request.msisdn });
    if (scenario === 'lost_answer' && first) return { kind: 'no_answer', reason: 'timed out after 30 s' };
    return { kind: 'accepted' };
  }

  async status(reference: string): Promise<TransferStatus> {
    this.statusCalls.push(reference);
    const transfer = this.transferOf(reference);
    if (!transfer) return { kind: 'not_found' };
    const scenario = this.scenarioOf(transfer.msisdn);
    if (scenario === 'failure') return { kind: 'failed', reason: 'Payer limit reached' };
    const asked = (this.asks.get(reference) ?? 0) + 1;
    this.asks.set(reference, asked);
    if (scenario === 'pending_then_success' && asked <= this.pendingAsks) return { kind: 'pending' };
    return { kind: 'successful', transactionId: `TX-${reference.slice(0, 8)}` };
  }

  async holderName(): Promise<HolderName> {
    return { kind: 'none', reason: 'The fake operator gives no names.' };
  }
}
