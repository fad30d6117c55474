import { paymentChannels } from '../db/schema';
import type { TestContext } from './test-app';

let counter = 0;

/**
 * Gives a student a primary payment channel written straight to the database: a bank account by
 * default, or a wallet of `provider` (its holder confirmed unless `nameCheck` says otherwise).
 * Returns the channel's id and, for a wallet, its number.
 */
export async function giveChannel(
  t: TestContext,
  studentId: string,
  wallet?: {
    provider: 'mtn_momo' | 'airtel_money';
    nameCheck?: 'unchecked' | 'matched' | 'mismatch' | 'confirmed';
    /**
     * The number's last four digits: they choose what the mobile-money simulator does with a
     * payout (SIM_SCENARIOS); 1234, which it simply pays, unless given.
     */
    lastFour?: string;
  },
): Promise<{ id: string; msisdn: string | null }> {
  counter += 1;
  const n = String(counter).padStart(7, '0');
  const values = wallet
    ? {
        kind: 'mobile_wallet' as const,
        provider: wallet.provider,
        walletNumber: `+260${wallet.provider === 'mtn_momo' ? '96' : '97'}${n.slice(-3)}${wallet.lastFour ?? '1234'}`,
        walletName: 'Wallet Holder',
        nameCheck: wallet.nameCheck ?? 'confirmed',
        nameCheckedAt: (wallet.nameCheck ?? 'confirmed') === 'unchecked' ? null : t.clock.now(),
      }
    : { kind: 'bank' as const, bankName: 'Zanaco', accountNumber: `10${n}`, accountName: 'Account Holder' };
  const [row] = await t.database.db
    .insert(paymentChannels)
    .values({ ...values, studentId, isPrimary: true, createdAt: t.clock.now() })
    .returning({ id: paymentChannels.id, msisdn: paymentChannels.walletNumber });
  return row!;
}
