import { and, eq } from 'drizzle-orm';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { channelShortLabel, PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { canStudent } from '../../../domain/student-permissions';
import type { SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { paymentChannels } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { lockStudent } from '../students/students.service';
import type { PreparedChannel } from './channel-records';

/** What every change to a student's channels does first (locks, in this order) and last (its audit entry). */

export async function lockForChange(tx: Tx, user: SessionUser, studentId: string) {
  const student = await lockStudent(tx, user, studentId);
  if (!canStudent(user, 'update', { assignedOfficerId: student.assigned_officer_id }))
    throw notFound(STUDENT_API_MESSAGES.notFound);
  return student;
}

export async function lockCurrentChannel(tx: Tx, studentId: string, channelId: string) {
  const [channel] = await tx
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.id, channelId), eq(paymentChannels.studentId, studentId)))
    .for('update');
  if (!channel) throw notFound(PAYMENT_CHANNEL_MESSAGES.notFound);
  if (channel.endedAt) throw conflict(PAYMENT_CHANNEL_MESSAGES.ended);
  return channel;
}

/** A channel's row (or prepared columns) in a few words, its number masked. */
export function labelOf(v: PreparedChannel['values']): string {
  return channelShortLabel({
    kind: v.kind,
    provider: v.provider ?? null,
    bank_name: v.bankName ?? null,
    wallet_number: v.walletNumber ?? null,
    account_number: v.accountNumber ?? null,
  });
}

export function audit(
  tx: Tx,
  user: { id: string | null; name: string },
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
