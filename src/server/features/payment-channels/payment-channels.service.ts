import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  PaymentChannelChange,
  PaymentChannelCreate,
  PaymentChannelSaved,
  PaymentChannelsResponse,
} from '../../../contracts/payment-channels';
import { PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { isInStudentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { paymentChannels, students } from '../../db/schema';
import { conflict } from '../../http/errors';
import { getStudent } from '../students/students.service';
import {
  activeTwin,
  findChannel,
  type PreparedChannel,
  prepareChannel,
  studentChannels,
} from './channel-records';
import { audit, labelOf, lockCurrentChannel, lockForChange } from './channel-writes';
import { checkWalletHolder, operatorGivesNames } from './name-check';

/**
 * A student's payment channels (issue 49 item 1). Who may see and change them is who may change
 * the student (canStudent 'update': a program officer their own students, deputy managers and
 * admins all; docs/product.md). Each change locks the student's row, so two changes to one
 * student's channels take turns; the database's unique indexes catch two students at once.
 */

/** The primary channel of each student, masked, for where payments are shown (allowances, batches). */
export { primaryChannelSummaries } from './channel-records';
/** The holder check before payouts (the payout engine asks it for wallets still unchecked), and a person's confirmation. */
export { checkWalletHolders, confirmWallet, type HolderCheck } from './name-check';

export async function listChannels(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
): Promise<PaymentChannelsResponse> {
  await getStudent(deps, user, studentId);
  return studentChannels(deps.db, studentId, operatorGivesNames(deps.config));
}

export async function addChannel(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
  input: PaymentChannelCreate,
): Promise<PaymentChannelSaved> {
  const prepared = prepareChannel(input);
  const now = deps.clock.now();
  const id = await writeChannel(deps, user, prepared, async (tx) => {
    const student = await lockForChange(tx, user, studentId);
    await refuseTwin(tx, user, studentId, prepared);
    const [primary] = await tx
      .select({ id: paymentChannels.id })
      .from(paymentChannels)
      .where(currentPrimary(studentId));
    const makePrimary = input.primary === true || !primary;
    if (makePrimary && primary)
      await tx.update(paymentChannels).set({ isPrimary: false }).where(eq(paymentChannels.id, primary.id));
    const [created] = await tx
      .insert(paymentChannels)
      .values({ ...prepared.values, studentId, isPrimary: makePrimary, createdBy: user.id, createdAt: now })
      .returning({ id: paymentChannels.id });
    await audit(
      tx,
      user,
      student,
      now,
      'payment_channel.added',
      `added ${labelOf(prepared.values)}${makePrimary ? ' as the primary channel' : ''}`,
    );
    return created!.id;
  });
  return { channel: await afterSaving(deps, user, id), warnings: prepared.warnings };
}

/** A change never rewrites the channel (it may have been paid to): it ends it and adds the new details in its place. */
export async function changeChannel(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
  channelId: string,
  input: PaymentChannelChange,
): Promise<PaymentChannelSaved> {
  const prepared = prepareChannel(input);
  const now = deps.clock.now();
  const newId = randomUUID();
  await writeChannel(deps, user, prepared, async (tx) => {
    const student = await lockForChange(tx, user, studentId);
    const old = await lockCurrentChannel(tx, studentId, channelId);
    await tx
      .update(paymentChannels)
      .set({ endedAt: now, endedBy: user.id, endReason: input.reason, isPrimary: false })
      .where(eq(paymentChannels.id, old.id));
    await refuseTwin(tx, user, studentId, prepared);
    await tx.insert(paymentChannels).values({
      ...prepared.values,
      id: newId,
      studentId,
      isPrimary: old.isPrimary,
      createdBy: user.id,
      createdAt: now,
    });
    // The old row points at its successor once that exists (the key is checked at once).
    await tx.update(paymentChannels).set({ replacedById: newId }).where(eq(paymentChannels.id, old.id));
    const before = labelOf(old);
    await audit(
      tx,
      user,
      student,
      now,
      'payment_channel.changed',
      `changed ${before} to ${labelOf(prepared.values)} (${input.reason})`,
    );
  });
  return { channel: await afterSaving(deps, user, newId), warnings: prepared.warnings };
}

export async function makePrimary(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
  channelId: string,
): Promise<PaymentChannelSaved> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const student = await lockForChange(tx, user, studentId);
    const channel = await lockCurrentChannel(tx, studentId, channelId);
    if (channel.isPrimary) return;
    await tx.update(paymentChannels).set({ isPrimary: false }).where(currentPrimary(studentId));
    await tx.update(paymentChannels).set({ isPrimary: true }).where(eq(paymentChannels.id, channel.id));
    const label = labelOf(channel);
    await audit(tx, user, student, now, 'payment_channel.made_primary', `made ${label} the primary channel`);
  });
  return { channel: (await findChannel(deps.db, channelId, operatorGivesNames(deps.config)))!, warnings: [] };
}

/**
 * A new MTN wallet's holder is asked of MTN once the change is committed (never while its locks
 * are held), within the client's timeout; without an answer it stays unchecked for a later pass.
 */
async function afterSaving(deps: AppDeps, user: SessionUser, channelId: string) {
  // The channel is saved whatever becomes of the check: a failure leaves it for the next pass.
  await checkWalletHolder(deps, channelId, user).catch((error: Error) =>
    deps.logger.error('wallet holder check failed', { channelId, error: error.message }),
  );
  return (await findChannel(deps.db, channelId, operatorGivesNames(deps.config)))!;
}

const currentPrimary = (studentId: string) =>
  and(
    eq(paymentChannels.studentId, studentId),
    eq(paymentChannels.isPrimary, true),
    isNull(paymentChannels.endedAt),
  );

/** A wallet or account in use by a student already: a possible duplicate, named only to who may see that student. */
async function refuseTwin(tx: Tx, user: SessionUser, studentId: string, prepared: PreparedChannel) {
  const twin = await activeTwin(tx, prepared.values);
  if (twin) throw await duplicateAnswer(tx, user, studentId, twin.studentId, prepared);
}

async function duplicateAnswer(
  db: Tx | AppDeps['db'],
  user: SessionUser,
  studentId: string,
  otherId: string | undefined,
  prepared: PreparedChannel,
) {
  const what = prepared.values.kind === 'mobile_wallet' ? 'wallet' : 'bank account';
  if (otherId === studentId) return conflict(PAYMENT_CHANNEL_MESSAGES.duplicateOwn(what));
  const [other] = otherId
    ? await db
        .select({ name: students.fullName, officerId: students.assignedOfficerId })
        .from(students)
        .where(eq(students.id, otherId))
    : [];
  return other && isInStudentScope(user, { assignedOfficerId: other.officerId })
    ? conflict(PAYMENT_CHANNEL_MESSAGES.duplicateNamed(what, other.name))
    : conflict(PAYMENT_CHANNEL_MESSAGES.duplicateHidden(what));
}

/**
 * Runs a change in one transaction. Two students given the same wallet at once both pass the
 * check; the unique index refuses the second, which then answers as the check would have.
 */
async function writeChannel<T>(
  deps: AppDeps,
  user: SessionUser,
  prepared: PreparedChannel,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (error) {
    const index =
      prepared.values.kind === 'mobile_wallet'
        ? 'payment_channels_active_wallet'
        : 'payment_channels_active_account';
    if (!isUniqueViolation(error, index)) throw error;
    const twin = await activeTwin(deps.db, prepared.values);
    throw await duplicateAnswer(deps.db, user, '', twin?.studentId, prepared);
  }
}
