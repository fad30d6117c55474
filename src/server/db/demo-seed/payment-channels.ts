import { asc } from 'drizzle-orm';
import { isZambianMobile, WALLET_PREFIXES, type WalletProvider } from '../../../domain/payment-channels';
import type { DbOrTx } from '../client';
import { paymentChannels, students } from '../schema';
import { seededRandom } from './students';

/*
 * Where the demo students' money goes (issue 49): most Zambian students are paid on a phone
 * wallet, so a student whose number is an MTN or Airtel one has that wallet (in their own name,
 * checked), and the others a bank account. Two wallets show what the payment batches hold back:
 * one whose MTN name differs from the student's (waiting for a deputy manager or admin to
 * confirm it) and one Airtel wallet nobody has confirmed yet.
 */

const BANKS: ReadonlyArray<{ name: string; branches: readonly string[] }> = [
  { name: 'Zanaco', branches: ['Cairo Road', 'Kabwe', 'Ndola Main'] },
  { name: 'Stanbic Bank Zambia', branches: ['Lusaka Main', 'Kitwe'] },
  { name: 'FNB Zambia', branches: ['Manda Hill', 'Livingstone'] },
  { name: 'Absa Bank Zambia', branches: ['Kafue Road', 'Chipata'] },
];

/** The demo student whose MTN wallet is registered to someone else, and the name MTN gives. */
export const DEMO_MISMATCHED_WALLET_NAME = 'Bwalya Mulenga';

function operatorOf(e164: string): WalletProvider | null {
  if (!isZambianMobile(e164)) return null;
  const national = e164.slice(4);
  for (const provider of ['mtn_momo', 'airtel_money'] as const)
    if (WALLET_PREFIXES[provider].some((p) => national.startsWith(p))) return provider;
  return null;
}

export async function seedDemoPaymentChannels(tx: DbOrTx, now: Date): Promise<void> {
  const r = seededRandom(4_926);
  const rows = await tx
    .select({ id: students.id, fullName: students.fullName, contactNumber: students.contactNumber })
    .from(students)
    .orderBy(asc(students.chlNumber));
  const walletsUsed = new Set<string>();
  let mismatchShown = false;
  let uncheckedShown = false;
  const channels = rows.map((student) => {
    const number = student.contactNumber ?? '';
    const provider = operatorOf(number);
    const base = { studentId: student.id, isPrimary: true, createdAt: now };
    if (provider && !walletsUsed.has(`${provider}${number}`)) {
      walletsUsed.add(`${provider}${number}`);
      const wallet = {
        ...base,
        kind: 'mobile_wallet' as const,
        provider,
        walletNumber: number,
        walletName: student.fullName,
      };
      if (provider === 'mtn_momo') {
        const mismatch = !mismatchShown && r.chance(0.1);
        mismatchShown ||= mismatch;
        return {
          ...wallet,
          nameCheck: mismatch ? ('mismatch' as const) : ('matched' as const),
          operatorName: mismatch ? DEMO_MISMATCHED_WALLET_NAME : student.fullName,
          nameCheckedAt: now,
        };
      }
      const unchecked = !uncheckedShown && r.chance(0.1);
      uncheckedShown ||= unchecked;
      return unchecked
        ? wallet
        : {
            ...wallet,
            nameCheck: 'confirmed' as const,
            nameCheckedAt: now,
            nameCheckNote: 'Confirmed with the student at registration.',
          };
    }
    const bank = r.pick(BANKS);
    return {
      ...base,
      kind: 'bank' as const,
      bankName: bank.name,
      bankBranch: r.pick(bank.branches),
      accountNumber: String(r.int(1_000_000_000, 9_999_999_999)).padStart(13, '0'),
      accountName: student.fullName,
    };
  });
  if (channels.length > 0) await tx.insert(paymentChannels).values(channels);
}
