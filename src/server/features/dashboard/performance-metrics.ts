import { type SQL, sql } from 'drizzle-orm';
import {
  type DashboardMetricsResponse,
  METRIC_KEYS,
  METRIC_RECORDS_LIMIT,
  type MetricFigure,
  type MetricKey,
  type MetricPeriod,
  type MetricRecord,
  type MetricRecordsResponse,
} from '../../../contracts/dashboard';
import type { AppDeps, SessionUser } from '../../app-env';
import { activities, allowances, forms, issues, students } from '../../db/schema';
import { programmeDate, programmeDayBounds, programmeZone } from '../../programme-time';
import { issueScopeCondition } from '../case-work/issues.service';
import { currentSettings } from '../settings/settings.service';
import { studentScopeCondition } from '../students/students.service';
import { type MetricWindow, metricWindow, RESOLUTION_DAYS } from './metric-periods';

/*
 * The dashboard's performance metrics (docs/product.md §2 Dashboard, which defines each). Every
 * metric is one query of the records it counts, each with its outcome (met, missed, or pending
 * while it cannot be known yet); the figure counts those rows and the metric's list reads the same
 * rows, so the two cannot disagree. Each is scoped like the records themselves: a program officer
 * counts only their own students, and the issues they reach (D9, D11).
 */

interface Context {
  user: SessionUser;
  now: Date;
  window: MetricWindow;
  tz: string;
}

const startOf = (day: string) => programmeDayBounds(day).start.toISOString();
const endOf = (day: string) => programmeDayBounds(day).end.toISOString();
const always = (condition: SQL | undefined) => condition ?? sql`true`;

/**
 * Retention: the students in the programme before the year began (started, else created, before
 * 1 January) whose status on 1 January was enrolled; met unless discharged at the period's end
 * (now, for this year). Statuses are not stored with dates, so a status at an instant is read from
 * the audit trail (D15), which keeps every change: the value before the first change after that
 * instant, else the status the record has now.
 */
function retentionRecords({ user, now, window, tz }: Context): SQL {
  const start = startOf(window.from);
  const end = window.to >= programmeDate(now) ? now.toISOString() : endOf(window.to);
  const before = sql`${activities.changes}->'program_status'->>'before'`;
  const ordered = sql`order by ${activities.createdAt}, ${activities.seq}`;
  return sql`
    with status_changes as (
      select ${activities.entityId} as student_id,
             (array_agg(${before} ${ordered}))[1] as at_start,
             (array_agg(${before} ${ordered}) filter (where ${activities.createdAt} >= ${end}::timestamptz))[1] as at_end
        from ${activities}
       where ${activities.entityType} = 'student' and ${activities.createdAt} >= ${start}::timestamptz
         and ${before} is not null
       group by ${activities.entityId}
    )
    select ${students.id}::text as id, ${students.fullName} as title, null::text as student_name,
           coalesce(${students.startDate}, (${students.createdAt} at time zone ${tz})::date)::text as started,
           null::text as ended,
           coalesce(status_changes.at_start, ${students.programStatus}) as earlier_status,
           coalesce(status_changes.at_end, ${students.programStatus}) as status,
           case when coalesce(status_changes.at_end, ${students.programStatus}) = 'discharged'
                then 'missed' else 'met' end as outcome
      from ${students} left join status_changes on status_changes.student_id = ${students.id}
     where ${always(studentScopeCondition(user))}
       and coalesce(${students.startDate}, (${students.createdAt} at time zone ${tz})::date) < ${window.from}::date
       and coalesce(status_changes.at_start, ${students.programStatus}) = 'enrolled'`;
}

/**
 * On time: the allowances for the month (its period, not when they were submitted) that were not
 * rejected; met when paid on or before the month's payment day. The month is over, so its payment
 * day has passed: one not paid yet is late.
 */
function allowanceRecords({ user, window, tz }: Context): SQL {
  const { year, month } = window.month!;
  return sql`
    select ${allowances.id}::text as id, ${allowances.month} || ' ' || ${allowances.year} as title,
           ${allowances.studentName} as student_name,
           (${allowances.submittedDate} at time zone ${tz})::date::text as started,
           ${allowances.paidDate}::text as ended, null::text as earlier_status,
           ${allowances.approvalStage} as status,
           case when ${allowances.approvalStage} = 'paid' and ${allowances.paidDate} <= ${window.due}::date
                then 'met' else 'missed' end as outcome
      from ${allowances} join ${students} on ${students.id} = ${allowances.studentId}
     where ${allowances.year} = ${year} and ${allowances.monthNumber} = ${month}
       and ${allowances.approvalStage} <> 'rejected' and ${always(studentScopeCondition(user))}`;
}

/**
 * Resolution: the issues reported in the window; met when resolved (or resolved, then closed)
 * within 30 days of being reported. One under 30 days old and not resolved yet is pending: not
 * counted until it is resolved or its 30 days pass.
 */
function issueRecords({ user, now, window, tz }: Context): SQL {
  const days = sql.raw(`interval '${RESOLUTION_DAYS} days'`);
  const resolved = sql`${issues.status} in ('resolved', 'closed')`;
  return sql`
    select ${issues.id}::text as id, ${issues.title} as title, ${students.fullName} as student_name,
           (${issues.createdAt} at time zone ${tz})::date::text as started,
           case when ${resolved} then (${issues.resolvedAt} at time zone ${tz})::date::text end as ended,
           null::text as earlier_status, ${issues.status} as status,
           case when ${resolved} and ${issues.resolvedAt} <= ${issues.createdAt} + ${days} then 'met'
                when ${issues.createdAt} > ${now.toISOString()}::timestamptz - ${days} then 'pending'
                else 'missed' end as outcome
      from ${issues} join ${students} on ${students.id} = ${issues.studentId}
     where ${issueScopeCondition(user)}
       and ${issues.createdAt} >= ${startOf(window.from)}::timestamptz
       and ${issues.createdAt} < ${endOf(window.to)}::timestamptz`;
}

/** Completion: the forms dated in the window (drafts included); met when completed or reviewed. */
function formRecords({ user, window, tz }: Context): SQL {
  return sql`
    select ${forms.id}::text as id, ${forms.type} as title, ${students.fullName} as student_name,
           ${forms.formDate}::text as started,
           (${forms.completedAt} at time zone ${tz})::date::text as ended,
           null::text as earlier_status, ${forms.status} as status,
           case when ${forms.status} in ('completed', 'reviewed') then 'met' else 'missed' end as outcome
      from ${forms} join ${students} on ${students.id} = ${forms.studentId}
     where ${always(studentScopeCondition(user))}
       and ${forms.formDate} between ${window.from}::date and ${window.to}::date`;
}

const RECORDS: Record<MetricKey, (context: Context) => SQL> = {
  student_retention: retentionRecords,
  allowance_on_time: allowanceRecords,
  issue_resolution: issueRecords,
  form_completion: formRecords,
};

async function contextFor(deps: AppDeps, user: SessionUser) {
  const settings = await currentSettings(deps.db);
  const now = deps.clock.now();
  const today = programmeDate(now);
  return (key: MetricKey, period: MetricPeriod): Context => ({
    user,
    now,
    tz: programmeZone(),
    window: metricWindow(key, period, today, settings.general.allowancePaymentDay),
  });
}

async function figureOf(deps: AppDeps, key: MetricKey, context: Context): Promise<MetricFigure> {
  const { rows } = await deps.db.execute<{ counted: number; met: number; pending: number }>(sql`
    select count(*) filter (where outcome <> 'pending')::int as counted,
           count(*) filter (where outcome = 'met')::int as met,
           count(*) filter (where outcome = 'pending')::int as pending
      from (${RECORDS[key](context)}) as counted_records`);
  const row = rows[0];
  return {
    from: context.window.from,
    to: context.window.to,
    due_date: context.window.due,
    counted: Number(row?.counted ?? 0),
    met: Number(row?.met ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

/** The four metrics, this period and the one before, for the records the user may read. */
export async function getPerformanceMetrics(
  deps: AppDeps,
  user: SessionUser,
): Promise<DashboardMetricsResponse> {
  const contextOf = await contextFor(deps, user);
  const metrics = await Promise.all(
    METRIC_KEYS.map(async (key) => {
      const [current, previous] = await Promise.all([
        figureOf(deps, key, contextOf(key, 'current')),
        figureOf(deps, key, contextOf(key, 'previous')),
      ]);
      return { key, current, previous };
    }),
  );
  return { metrics };
}

/** The records a metric counts in a period, those that missed first: the list its figure opens. */
export async function getMetricRecords(
  deps: AppDeps,
  user: SessionUser,
  key: MetricKey,
  period: MetricPeriod,
): Promise<MetricRecordsResponse> {
  const context = (await contextFor(deps, user))(key, period);
  const [figure, { rows }] = await Promise.all([
    figureOf(deps, key, context),
    deps.db.execute<MetricRecord>(sql`
      select * from (${RECORDS[key](context)}) as counted_records
       order by case outcome when 'missed' then 0 when 'pending' then 1 else 2 end,
                started desc, title, id
       limit ${METRIC_RECORDS_LIMIT}`),
  ]);
  return {
    key,
    period,
    figure,
    total: figure.counted + figure.pending,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      student_name: r.student_name,
      started: r.started,
      ended: r.ended,
      earlier_status: r.earlier_status,
      status: r.status,
      outcome: r.outcome,
    })),
  };
}
