import { type SQL, sql } from 'drizzle-orm';
import type { DashboardResponse } from '../../../contracts/dashboard';
import { MONTHS, UTC_OFFSET_HOURS } from '../../../domain/dates';
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
type SqlValue = string | number | SQL;
export type SeriesRow = {
  month: string;
  kind: string;
  total: string;
};

/** The twelve months the dashboard shows, and the day, zone and UTC offset their sums start from. */
export function dashboardMonths(now: Date) {
  const months = lastMonths(programmeDate(now));
  const tz = programmeZone();
  return { months, first: `${months[0]}-01`, tz, utcOffset: UTC_OFFSET_HOURS[tz] };
}

/**
 * Submitted, approved and paid sums by month since `first`, of an officer's students or all, from
 * allowance_month_totals (migrations 0032, 0035), which triggers keep: a row per officer and month
 * or day rather than a row per allowance, and no join to students. Submissions are kept per month
 * at each UTC offset: those of `tz`'s offset (`utcOffset`) start their months in `tz`. Approval and
 * payment dates are kept as midnight UTC and keep their calendar month. Buckets that fell to zero
 * stay as rows of 0 and are left out, so a month has a row exactly when an allowance counts in it.
 */
export function allowanceSeriesSql(
  officerId: SqlValue | undefined,
  first: SqlValue,
  tz: SqlValue,
  utcOffset: SqlValue,
): SQL {
  const ofOfficer = officerId ? sql` and officer_id = ${officerId}` : sql``;
  // Summed by instant first, then by month: everyone's rows (150 officers' months and days) each
  // named by their month was 5 ms of PostgreSQL on every deputy manager's and admin's dashboard.
  const sums = (kind: 'submitted' | 'approved' | 'paid', zone: SqlValue, offset: SqlValue) => sql`
      select to_char(at at time zone ${zone}, 'YYYY-MM') as month, ${sql.raw(`'${kind}'`)} as kind,
             round(sum(total), 2)::text as total
        from (select at, sum(total) as total
                from allowance_month_totals
               where kind = ${sql.raw(`'${kind}'`)} and utc_offset = ${offset}::smallint
                 and at >= (${first}::date::timestamp at time zone ${zone})
                 and allowance_count <> 0${ofOfficer}
               group by at) as by_instant
       group by 1`;
  const utc = sql`'UTC'`;
  const zero = sql`0`;
  return sql.join(
    [sums('submitted', tz, utcOffset), sums('approved', utc, zero), sums('paid', utc, zero)],
    sql`
      union all`,
  );
}

/** The dashboard's allowance figures at `now`: an officer's students' (`officerId`) or everyone's. */
export async function allowanceDashboardFigures(
  db: DbOrTx,
  officerId: string | undefined,
  now: Date,
): Promise<AllowanceDashboardFigures> {
  const { months, first, tz, utcOffset } = dashboardMonths(now);
  const { rows } = await db.execute<SeriesRow>(allowanceSeriesSql(officerId, first, tz, utcOffset));
  return allowanceFiguresOf(rows, months);
}

/** The figures from the rows of allowanceSeriesSql, over the twelve `months` (dashboardMonths). */
export function allowanceFiguresOf(rows: SeriesRow[], months: string[]): AllowanceDashboardFigures {
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
