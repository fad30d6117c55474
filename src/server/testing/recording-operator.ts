import type { WalletProvider } from '../../domain/payment-channels';
import type {
  HolderName,
  MobileMoneyOperator,
  PayoutRequest,
  SendOutcome,
  TransferStatus,
} from '../mobile-money/operator';
import type { MobileMoneySim } from './mobile-money-sim';

/** The nine digits after 260, however a number is written (+260…, 260…, or Airtel's 9 digits). */
const national = (msisdn: string) => msisdn.replace(/\D/g, '').slice(-9);

/**
 * A real operator client (talking to the loopback simulator) with what the payout tests look at
 * beside it: which references were sent and asked about, a delay on each send (two engines
 * overlapping), and a wallet that cannot be reached once (the network, not the operator: a
 * connection refused before anything was sent, which no simulated answer can stand for).
 */
export class RecordingOperator implements MobileMoneyOperator {
  readonly sendCalls: string[] = [];
  readonly statusCalls: string[] = [];
  sendDelayMs = 0;
  /** Wallets whose next send finds no connection. */
  readonly unreachableOnce = new Set<string>();

  constructor(
    private readonly client: MobileMoneyOperator,
    private readonly sim: MobileMoneySim,
  ) {}

  get provider(): WalletProvider {
    return this.client.provider;
  }

  /** Transfers the operator made to a wallet: what "paid exactly once" counts. */
  paidTo(msisdn: string): number {
    const operator = this.provider === 'mtn_momo' ? 'mtn' : 'airtel';
    return this.sim.transfers.filter(
      (t) => t.operator === operator && national(t.msisdn) === national(msisdn),
    ).length;
  }

  async send(request: PayoutRequest): Promise<SendOutcome> {
    this.sendCalls.push(request.reference);
    if (this.sendDelayMs) await new Promise((r) => setTimeout(r, this.sendDelayMs));
    if (this.unreachableOnce.delete(request.msisdn))
      return { kind: 'unreachable', reason: 'connect ECONNREFUSED (the test cut the network)' };
    return this.client.send(request);
  }

  status(reference: string): Promise<TransferStatus> {
    this.statusCalls.push(reference);
    return this.client.status(reference);
  }

  holderName(msisdn: string): Promise<HolderName> {
    return this.client.holderName(msisdn);
  }
}
