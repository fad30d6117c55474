import { and, count, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { SmsMessageList, SmsMonthSummary } from '../../../contracts/sms';
import { SMS_STATUSES } from '../../../domain/sms';
import { canManageUsers } from '../../../domain/users';
import type { AppDeps, SessionUser } from '../../app-env';
import { smsMessages } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { programmeDate, programmeDayBounds } from '../../programme-time';
import { getStudent } from '../students/students.service';

/** This programme month's messages by status, and the gateway's costs summed per currency. */
export async function smsMonthSummary(deps: AppDeps): Promise<SmsMonthSummary> {
  const today = programmeDate(deps.clock.now());
  const month = today.slice(0, 7);
  const [year, m] = month.split('-').map(Number) as [number, number];
  const nextMonth = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
  const inMonth = and(
    gte(smsMessages.createdAt, programmeDayBounds(`${month}-01`).start),
    lt(smsMessages.createdAt, programmeDayBounds(nextMonth).start),
  );
  const [statuses, costs] = await Promise.all([
    deps.db
      .select({ status: smsMessages.status, n: count() })
      .from(smsMessages)
      .where(inMonth)
      .groupBy(smsMessages.status),
    deps.db
      .select({ currency: smsMessages.costCurrency, amount: sum(smsMessages.costAmount) })
      .from(smsMessages)
      .where(and(inMonth, sql`${smsMessages.costCurrency} is not null`))
      .groupBy(smsMessages.costCurrency)
      .orderBy(smsMessages.costCurrency),
  ]);
  const byStatus = Object.fromEntries(SMS_STATUSES.map((s) => [s, 0])) as SmsMonthSummary['by_status'];
  for (const row of statuses) byStatus[row.status] = row.n;
  return {
    month,
    by_status: byStatus,
    total_cost: costs.map((c) => ({ currency: c.currency!, amount: c.amount ?? '0' })),
  };
}

/**
 * The messages sent to one person, newest first: a student's, to whoever may open the student;
 * a user's, to that user and to those who manage users.
 */
export async function smsMessagesOf(
  deps: AppDeps,
  user: SessionUser,
  query: { student_id?: string; user_id?: string; page: number; pageSize: number },
): Promise<SmsMessageList> {
  if (!query.student_id === !query.user_id)
    throw badRequest('Give student_id or user_id', { student_id: 'Give student_id or user_id' });
  let whose: SQL;
  if (query.student_id) {
    await getStudent(deps, user, query.student_id);
    whose = eq(smsMessages.studentId, query.student_id);
  } else {
    if (query.user_id !== user.id && !canManageUsers(user.role)) throw forbidden();
    whose = eq(smsMessages.userId, query.user_id!);
  }
  const [[total], rows] = await Promise.all([
    deps.db.select({ n: count() }).from(smsMessages).where(whose),
    deps.db
      .select()
      .from(smsMessages)
      .where(whose)
      .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to_number: r.toNumber,
      body: r.body,
      status: r.status,
      failure_reason: r.failureReason,
      cost: r.costText,
      created_at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
