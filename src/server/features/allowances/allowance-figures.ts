import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { MONTHS } from '../../../domain/dates';
import { normaliseMoney } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { programmeDate, programmeZone } from '../../programme-time';

export type AllowanceDashboardFigures = Pick<DashboardResponse['allowances'], 'paid_this_month'> & {
  monthly_allowances: DashboardResponse['monthly_allowances'];
};

/** The last `count` calendar months up to the one containing today (YYYY-MM), oldest first. */
export function lastMonths(today: string, count = 12): string[] {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]!.slice(0, 3)} ${y}`;
}

/**
 * The dashboard's allowance sums, in the programme's calendar months: what was paid this month, and
 * twelve months of submitted, approved (the programme manager's approval date) and paid totals.
 * With `officerId`, only the allowances of that officer's students (a program officer's
 * dashboard). How many await the user's decision is the bell's count (awaitingDecisionCount).
 */
type SqlValue = string | SQL | Placeholder;
type SeriesRow = {
  month: string;
  kind: string;
  total: string;
};

/** The twelve months the dashboard shows, and the day and zone their sums start from. */
export function dashboardMonths(now: Date) {
  const months = lastMonths(programmeDate(now));
  return { months, first: `${months[0]}-01`, tz: programmeZone() };
}

/** Submitted, approved and paid sums by month since `first`, of an officer's students or all. */
function seriesSql(officerId: SqlValue | undefined, first: SqlValue, tz: SqlValue): SQL {
  const ofOfficer = officerId
    ? sql` and student_id in (select id from students where assigned_officer_id = ${officerId})`
    : sql``;
  return sql`
      select to_char(submitted_date at time zone ${tz}, 'YYYY-MM') as month, 'submitted' as kind, sum(total)::text as total
        from allowances
       where submitted_date >= (${first}::date::timestamp at time zone ${tz})${ofOfficer}
       group by 1
      union all
      select to_char(pm_approved_date, 'YYYY-MM'), 'approved', sum(total)::text
        from allowances
       where pm_status = 'approved' and pm_approved_date >= ${first}::date${ofOfficer}
       group by 1
      union all
      select to_char(paid_date, 'YYYY-MM'), 'paid', sum(total)::text
        from allowances
       where approval_stage = 'paid' and paid_date >= ${first}::date${ofOfficer}
       group by 1`;
}

/**
 * The same sums as a scalar subquery answering JSON text, for the dashboard's one statement
 * (dashboard-figures.ts); allowanceFiguresFromJson reads it.
 */
export function allowanceSeriesJson(
  officerId: Placeholder | undefined,
  first: Placeholder,
  tz: Placeholder,
): SQL {
  return sql`(select coalesce(json_agg(s), '[]')::text from (${seriesSql(officerId, first, tz)}) s)`;
}

export function allowanceFiguresFromJson(json: string, months: string[]): AllowanceDashboardFigures {
  return figuresOf(JSON.parse(json) as SeriesRow[], months);
}

export async function allowanceDashboardFigures(
  db: DbOrTx,
  now: Date,
  officerId?: string,
): Promise<AllowanceDashboardFigures> {
  const { months, first, tz } = dashboardMonths(now);
  const series = await db.execute<SeriesRow>(seriesSql(officerId, first, tz));
  return figuresOf(series.rows, months);
}

function figuresOf(rows: SeriesRow[], months: string[]): AllowanceDashboardFigures {
  const byMonth = new Map(
    months.map((m) => [
      m,
      { month: m, label: monthLabel(m), submitted: '0.00', approved: '0.00', paid: '0.00' },
    ]),
  );
  for (const r of rows) {
    const entry = byMonth.get(r.month);
    if (entry && (r.kind === 'submitted' || r.kind === 'approved' || r.kind === 'paid'))
      entry[r.kind] = normaliseMoney(r.total);
  }
  const monthly_allowances = [...byMonth.values()];
  return {
    paid_this_month: monthly_allowances.at(-1)!.paid,
    monthly_allowances,
  };
}
