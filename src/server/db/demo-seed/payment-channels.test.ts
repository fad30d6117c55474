import { describe, expect, it } from 'vitest';
import { channelHoldReason, walletPrefixWarning } from '../../../domain/payment-channels';
import { fileDemoDatabase } from '../../testing/demo-database';
import { paymentChannels, students } from '../schema';
import { DEMO_MISMATCHED_WALLET_NAME } from './payment-channels';

const database = fileDemoDatabase();

describe("the demo students' payment channels", () => {
  it('give every student one primary channel: wallets on their own MTN or Airtel numbers, banks otherwise', async () => {
    const channels = await database.db.select().from(paymentChannels);
    const everyone = await database.db.select().from(students);
    expect(channels).toHaveLength(everyone.length);
    expect(new Set(channels.map((c) => c.studentId)).size).toBe(everyone.length);
    expect(channels.every((c) => c.isPrimary && c.endedAt === null)).toBe(true);
    const byKind = (kind: string, provider?: string) =>
      channels.filter((c) => c.kind === kind && (provider === undefined || c.provider === provider));
    for (const [kind, provider] of [
      ['mobile_wallet', 'mtn_momo'],
      ['mobile_wallet', 'airtel_money'],
      ['bank'],
    ])
      expect(byKind(kind!, provider).length, `${kind} ${provider ?? ''}`).toBeGreaterThan(5);
    for (const wallet of byKind('mobile_wallet')) {
      const student = everyone.find((s) => s.id === wallet.studentId)!;
      expect(wallet.walletNumber).toBe(student.contactNumber);
      expect(walletPrefixWarning(wallet.provider!, wallet.walletNumber!)).toBeNull();
    }
  });

  it('hold back two wallets, each with its reason: a name MTN gives differently, an Airtel wallet not confirmed', async () => {
    const channels = await database.db.select().from(paymentChannels);
    const held = channels.filter(
      (c) => channelHoldReason({ kind: c.kind, name_check: c.nameCheck }) !== null,
    );
    expect(held.map((c) => [c.provider, c.nameCheck]).sort()).toEqual([
      ['airtel_money', 'unchecked'],
      ['mtn_momo', 'mismatch'],
    ]);
    expect(held.find((c) => c.nameCheck === 'mismatch')!.operatorName).toBe(DEMO_MISMATCHED_WALLET_NAME);
  });
});
