import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PaymentChannelSaved, WalletConfirm } from '../../../contracts/payment-channels';
import {
  holderNamesAgree,
  mayConfirmWallet,
  NAME_CHECK_MESSAGES,
  walletConfirmation,
} from '../../../domain/holder-names';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Config } from '../../config';
import { paymentChannels, students } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { configuredOperators } from '../../mobile-money/operators';
import { findChannel, type OperatorGivesNames } from './channel-records';
import { audit, labelOf, lockCurrentChannel, lockForChange } from './channel-writes';

/**
 * A wallet's holder check before its first payout (issue 49 item 2). MTN is asked for the
 * holder's name (basicuserinfo) when an MTN wallet is added or changed and, while it stays
 * unchecked, by a pass before payouts. The network call never runs inside a transaction: the
 * answer is written afterwards, only onto a wallet still unchecked and in use, so two processes
 * asking at once write (and audit) it once, and a wallet changed meanwhile is left alone.
 */

const SYSTEM = { id: null, name: 'System' };

/** MTN wallets are named by MTN when its API is configured; no other operator names a holder. */
export const operatorGivesNames =
  (config: Config): OperatorGivesNames =>
  (provider) =>
    provider === 'mtn_momo' && config.mtnMomo !== null;

/** What became of one check: written, or left unchecked (not MTN's, not configured, no answer). */
export type HolderCheck = 'matched' | 'mismatch' | 'unchecked';

export async function checkWalletHolder(
  deps: AppDeps,
  channelId: string,
  actor: { id: string | null; name: string } = SYSTEM,
): Promise<HolderCheck> {
  const mtn = configuredOperators(deps.config).mtn_momo;
  if (!mtn) return 'unchecked';
  const [row] = await deps.db
    .select({ channel: paymentChannels, studentName: students.fullName })
    .from(paymentChannels)
    .innerJoin(students, eq(students.id, paymentChannels.studentId))
    .where(eq(paymentChannels.id, channelId));
  if (!row) return 'unchecked';
  const { channel } = row;
  if (channel.provider !== 'mtn_momo' || channel.nameCheck !== 'unchecked' || channel.endedAt)
    return 'unchecked';
  const answer = await mtn.holderName(channel.walletNumber!);
  if (answer.kind === 'unknown') {
    // The reason comes cleaned of every secret by the client.
    deps.logger.warn('wallet holder check postponed', { channelId, reason: answer.reason });
    return 'unchecked';
  }
  // A number MTN does not know as a wallet cannot be the student's: a person must look at it.
  const operatorName = answer.kind === 'name' ? answer.name : null;
  const result = operatorName && holderNamesAgree(row.studentName, operatorName) ? 'matched' : 'mismatch';
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [written] = await tx
      .update(paymentChannels)
      .set({ nameCheck: result, operatorName, nameCheckedAt: now, nameCheckedBy: null })
      .where(
        and(
          eq(paymentChannels.id, channelId),
          eq(paymentChannels.nameCheck, 'unchecked'),
          eq(paymentChannels.walletNumber, channel.walletNumber!),
          isNull(paymentChannels.endedAt),
        ),
      )
      .returning({ id: paymentChannels.id });
    if (!written) return;
    const [student] = await tx
      .select({
        id: students.id,
        full_name: students.fullName,
        assigned_officer_id: students.assignedOfficerId,
      })
      .from(students)
      .where(eq(students.id, channel.studentId));
    const said = operatorName ? `"${operatorName}"` : 'no registered holder';
    await audit(
      tx,
      actor,
      student!,
      now,
      'payment_channel.name_checked',
      `had MTN check ${labelOf(channel)}: MTN gives ${said}, which ${result === 'matched' ? 'matches' : 'differs from'} the student's name`,
    );
  });
  return result;
}

/**
 * Asks MTN about the MTN wallets in use still unchecked (these channels, or the oldest `limit`),
 * one at a time: the pass before payouts and the periodic one, which retries what MTN could not
 * answer before.
 */
export async function checkWalletHolders(
  deps: AppDeps,
  options: { channelIds?: readonly string[]; limit?: number } = {},
): Promise<Map<string, HolderCheck>> {
  const results = new Map<string, HolderCheck>();
  if (!deps.config.mtnMomo || options.channelIds?.length === 0) return results;
  const waiting = await deps.db
    .select({ id: paymentChannels.id })
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.provider, 'mtn_momo'),
        eq(paymentChannels.nameCheck, 'unchecked'),
        isNull(paymentChannels.endedAt),
        options.channelIds ? inArray(paymentChannels.id, [...options.channelIds]) : undefined,
      ),
    )
    .orderBy(asc(paymentChannels.createdAt))
    .limit(options.limit ?? 200);
  for (const { id } of waiting) results.set(id, await checkWalletHolder(deps, id));
  return results;
}

/**
 * A person confirms a wallet's holder: a mismatch (deputy manager or admin), or a wallet no
 * operator can name (also the student's program officer). Audited with the note.
 */
export async function confirmWallet(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
  channelId: string,
  input: WalletConfirm,
): Promise<PaymentChannelSaved> {
  const now = deps.clock.now();
  const givesNames = operatorGivesNames(deps.config);
  await deps.db.transaction(async (tx) => {
    const student = await lockForChange(tx, user, studentId);
    const channel = await lockCurrentChannel(tx, studentId, channelId);
    const confirmation = walletConfirmation(
      { kind: channel.kind, name_check: channel.nameCheck, ended_at: null },
      givesNames(channel.provider),
    );
    if (!confirmation)
      throw conflict(
        channel.kind === 'mobile_wallet' && channel.nameCheck === 'unchecked'
          ? NAME_CHECK_MESSAGES.operatorWillAnswer
          : NAME_CHECK_MESSAGES.nothingToConfirm,
      );
    // Whoever reaches this may change the student's channels (lockForChange): in scope.
    if (!mayConfirmWallet(user.role, true, confirmation))
      throw forbidden(NAME_CHECK_MESSAGES.mismatchNeedsManager);
    await tx
      .update(paymentChannels)
      .set({ nameCheck: 'confirmed', nameCheckedAt: now, nameCheckedBy: user.id, nameCheckNote: input.note })
      .where(eq(paymentChannels.id, channel.id));
    const what =
      confirmation === 'mismatch'
        ? `confirmed ${labelOf(channel)} although MTN's name${channel.operatorName ? ` "${channel.operatorName}"` : ''} differs`
        : `confirmed the holder of ${labelOf(channel)} by hand`;
    await audit(tx, user, student, now, 'payment_channel.confirmed', `${what} (${input.note})`);
  });
  return { channel: (await findChannel(deps.db, channelId, givesNames))!, warnings: [] };
}
