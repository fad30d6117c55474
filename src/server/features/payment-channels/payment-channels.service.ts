import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type {
  PaymentChannelChange,
  PaymentChannelCreate,
  PaymentChannelSaved,
  PaymentChannelsResponse,
} from '../../../contracts/payment-channels';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { channelShortLabel, PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { canStudent, isInStudentScope } from '../../../domain/student-permissions';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/constraint-errors';
import { paymentChannels, students } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { getStudent, lockStudent } from '../students/students.service';
import {
  activeTwin,
  findChannel,
  type PreparedChannel,
  prepareChannel,
  studentChannels,
} from './channel-records';

/**
 * A student's payment channels (issue 49 item 1). Who may see and change them is who may change
 * the student (canStudent 'update': a program officer their own students, deputy managers and
 * admins all; docs/product.md). Each change locks the student's row, so two changes to one
 * student's channels take turns; the database's unique indexes catch two students at once.
 */

/** The primary channel of each student, masked, for where payments are shown (allowances, batches). */
export { primaryChannelSummaries } from './channel-records';

export async function listChannels(
  deps: AppDeps,
  user: SessionUser,
  studentId: string,
): Promise<PaymentChannelsResponse> {
  await getStudent(deps, user, studentId);
  return studentChannels(deps.db, studentId);
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
  return { channel: (await findChannel(deps.db, id))!, warnings: prepared.warnings };
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
  return { channel: (await findChannel(deps.db, newId))!, warnings: prepared.warnings };
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
  return { channel: (await findChannel(deps.db, channelId))!, warnings: [] };
}

const currentPrimary = (studentId: string) =>
  and(
    eq(paymentChannels.studentId, studentId),
    eq(paymentChannels.isPrimary, true),
    isNull(paymentChannels.endedAt),
  );

async function lockForChange(tx: Tx, user: SessionUser, studentId: string) {
  const student = await lockStudent(tx, user, studentId);
  if (!canStudent(user, 'update', { assignedOfficerId: student.assigned_officer_id }))
    throw notFound(STUDENT_API_MESSAGES.notFound);
  return student;
}

async function lockCurrentChannel(tx: Tx, studentId: string, channelId: string) {
  const [channel] = await tx
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.id, channelId), eq(paymentChannels.studentId, studentId)))
    .for('update');
  if (!channel) throw notFound(PAYMENT_CHANNEL_MESSAGES.notFound);
  if (channel.endedAt) throw conflict(PAYMENT_CHANNEL_MESSAGES.ended);
  return channel;
}

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

/** A channel's row (or prepared columns) in a few words, its number masked. */
function labelOf(v: PreparedChannel['values']): string {
  return channelShortLabel({
    kind: v.kind,
    provider: v.provider ?? null,
    bank_name: v.bankName ?? null,
    wallet_number: v.walletNumber ?? null,
    account_number: v.accountNumber ?? null,
  });
}

function audit(
  tx: Tx,
  user: SessionUser,
  student: { id: string; full_name: string; assigned_officer_id: string | null },
  at: Date,
  action: string,
  what: string,
) {
  // The summary names the channel by its last four digits only; the table keeps the rest.
  return recordAudit(tx, {
    actor: user,
    officerId: student.assigned_officer_id,
    entityType: 'student',
    entityId: student.id,
    action,
    summary: `${user.name} ${what} for ${student.full_name}`,
    at,
  });
}
