import { randomUUID } from 'node:crypto';
import { type MobileMoneySim, startMobileMoneySim } from '../testing/mobile-money-sim';
import { builtForTheFile } from '../testing/test-file';
import type { PayoutRequest } from './operator';

/** What the two operators' client tests share (not shipped: only tests import it). */

/** The loopback simulator of the test file: started before its tests, stopped after them. */
export const simulatorForTheFile = (): MobileMoneySim =>
  builtForTheFile('mobile-money simulator', async () => {
    const sim = await startMobileMoneySim();
    return Object.assign(sim, { close: () => sim.stop() });
  });

/** A payout of ZMW 1500.00 to `msisdn` under a new reference. */
export const payout = (msisdn: string, extra: Partial<PayoutRequest> = {}): PayoutRequest => ({
  reference: randomUUID(),
  amount: '1500.00',
  msisdn,
  payeeNote: 'CHL allowance March',
  payerMessage: 'CHL-2026-03-0042',
  ...extra,
});
