import { and, eq, sql } from 'drizzle-orm';
import { dayAsWritten } from '../../../domain/dates';
import { formatZmw } from '../../../domain/money';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { allowances, students, users } from '../../db/schema';
import { currentSettings } from '../settings/settings.service';
import { queueSms, smsOn } from './sms-outbox';
import { recordOfAccount, studentNumber } from './sms-recipients';

/** How an allowance reached the student, as the message says it. */
export const PAID_CHANNELS = { direct: 'direct payment', bank: 'bank transfer' } as const;

/**
 * Queues, in the transaction that marks them paid, the student's "allowance paid" message of each
 * allowance (the amount, the month, the channel, the day in the settings' date format), to the
 * student's number (sms-recipients.ts). One per allowance whatever happens after (its dedupe key).
 */
export async function queueAllowancePaidSms(
  tx: DbOrTx,
  config: Config,
  allowanceIds: string[],
  channel: string,
  now: Date,
): Promise<void> {
  if (allowanceIds.length === 0 || config.sms === null) return;
  const settings = await currentSettings(tx);
  if (!smsOn(config, settings) || !settings.notifications.smsAllowancePaid) return;
  const rows = await tx
    .select({
      id: allowances.id,
      total: allowances.total,
      month: allowances.month,
      year: allowances.year,
      paidDate: allowances.paidDate,
      studentId: students.id,
      recordNumber: students.contactNumber,
      userId: users.id,
      accountNumber: users.phoneNumber,
    })
    .from(allowances)
    .innerJoin(students, eq(students.id, allowances.studentId))
    .leftJoin(users, and(eq(users.role, 'student'), recordOfAccount))
    .where(sql`${allowances.id} = any(${sql.param(allowanceIds)}::uuid[])`);
  for (const row of rows) {
    const day = row.paidDate ? ` on ${dayAsWritten(row.paidDate, settings.general.dateFormat)}` : '';
    await queueSms(
      tx,
      config,
      settings,
      {
        kind: 'allowance_paid',
        dedupeKey: `allowance_paid:${row.id}`,
        rawNumber: studentNumber(row.recordNumber, row.accountNumber),
        studentId: row.studentId,
        userId: row.userId,
        body: `Your allowance of ${formatZmw(row.total)} for ${row.month} ${row.year} was paid${day} by ${channel}.`,
      },
      now,
    );
  }
}
