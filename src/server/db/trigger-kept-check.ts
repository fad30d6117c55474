import { type SQL, sql } from 'drizzle-orm';
import { APPROVAL_STAGES } from '../../domain/allowance-stages';
import { rowTalliesCheck } from './schema/row-tallies';
import { EVERYONE_VIEWER } from './schema/trigger-kept-tables';

/*
 * Each trigger-kept table (schema/trigger-kept-tables.ts) with a fresh computation from its source,
 * and checkTriggerKeptTables, which the tests use to prove the triggers after every kind of write
 * (docs/decisions/002-figures-kept-by-triggers-and-prepared-lookups.md).
 */

/** A trigger-kept table: what keeps it, from what, and how its rows must compare with a recount. */
export interface TriggerKeptTable {
  table: string;
  /** The triggers that keep it, and the migration that made them. */
  keptBy: string;
  source: string;
  /** Its rows as stored, and as computed afresh from the source: same columns, any order. */
  stored: SQL;
  actual: SQL;
  /**
   * 'equal': stored and actual have the same rows. 'covers': every actual row is stored (the
   * table may keep rows its source no longer has).
   */
  agreement: 'equal' | 'covers';
}

export const TRIGGER_KEPT_TABLES: TriggerKeptTable[] = [
  {
    table: 'row_tallies',
    keptBy: 'one statement-level trigger function on each counted table, and on students (migration 0026)',
    source: 'the tables ROW_TALLIES names (schema/row-tallies.ts)',
    ...rowTalliesCheck(),
    agreement: 'equal',
  },
  {
    table: 'allowance_stage_totals',
    keptBy: 'statement-level triggers on allowances (migration 0001)',
    source: 'allowances',
    stored: sql`select approval_stage as stage, allowance_count::int as n,
                       total_sum::numeric(14,2)::text as total
                  from allowance_stage_totals`,
    actual: sql`select s.stage, count(a.id)::int as n, coalesce(sum(a.total), 0)::numeric(14,2)::text as total
                  from unnest(${sql.param([...APPROVAL_STAGES])}::text[]) as s(stage)
                  left join allowances a on a.approval_stage = s.stage
                 group by s.stage`,
    agreement: 'equal',
  },
  {
    table: 'allowance_month_totals',
    keptBy:
      'statement-level triggers on allowances, and on students for a change of officer (migrations 0032, 0035)',
    source: "allowances, with their students' officers",
    // Buckets that fell to zero stay as rows of 0: they count as absent. The recount writes the
    // buckets its own way (date_trunc in a zone at each offset), not through the triggers'
    // allowance_month_buckets.
    stored: sql`select officer_id as officer, kind, utc_offset, at::text as at, allowance_count as n,
                       total::numeric(14,2)::text as total
                  from allowance_month_totals where allowance_count <> 0`,
    actual: sql`select s.assigned_officer_id as officer, b.kind, b.utc_offset, b.at::text as at,
                       count(*)::int as n, sum(a.total)::numeric(14,2)::text as total
                  from allowances a join students s on s.id = a.student_id
                 cross join lateral (values
                       ('submitted', 0, date_trunc('month', a.submitted_date, 'UTC')),
                       ('submitted', 2, date_trunc('month', a.submitted_date, 'Africa/Lusaka')),
                       ('approved', 0, case when a.pm_status = 'approved' then (a.pm_approved_date || ' UTC')::timestamptz end),
                       ('paid', 0, case when a.approval_stage = 'paid' then (a.paid_date || ' UTC')::timestamptz end)
                     ) as b(kind, utc_offset, at)
                 where b.at is not null
                 group by 1, 2, 3, 4`,
    agreement: 'equal',
  },
  {
    table: 'student_counts',
    keptBy: 'triggers on students (migration 0002)',
    source: 'students',
    // Groups that fell to zero stay as rows of 0: they count as absent.
    stored: sql`select officer_id as officer, program_level as level, program_status as status,
                       start_year as year, student_count::int as n
                  from student_counts where student_count <> 0`,
    actual: sql`select assigned_officer_id as officer, program_level as level, program_status as status,
                       coalesce(extract(year from start_date),
                                extract(year from created_at at time zone 'Africa/Lusaka'))::int as year,
                       count(*)::int as n
                  from students group by 1, 2, 3, 4`,
    agreement: 'equal',
  },
  {
    table: 'case_viewers',
    keptBy: 'triggers on tasks, issues and students (migration 0011)',
    source: 'tasks and issues',
    stored: sql`select kind, record_id, viewer_id, status, priority, category, due_date::text as due,
                       created_at::text as created from case_viewers`,
    actual: sql`select 'task' as kind, t.id as record_id, v.viewer as viewer_id, t.status, t.priority, t.category,
                       t.due_date::text as due, t.created_at::text as created
                  from tasks t left join students s on s.id = t.student_id
                 cross join lateral (select distinct x from unnest(array[${EVERYONE_VIEWER}::uuid,
                       s.assigned_officer_id, t.assigned_to_id, t.assigned_by_id]) as u(x) where x is not null) v(viewer)
                union all
                select 'issue', i.id, v.viewer, i.status, i.priority, i.category, null, i.created_at::text
                  from issues i join students s on s.id = i.student_id
                 cross join lateral (select distinct x from unnest(array[${EVERYONE_VIEWER}::uuid,
                       s.assigned_officer_id, i.assigned_to_id, i.reporter_id]) as u(x) where x is not null) v(viewer)`,
    agreement: 'equal',
  },
  {
    table: 'case_counts',
    keptBy: 'case_viewers_refresh, called by the triggers on tasks, issues and students (migration 0029)',
    source: 'case_viewers',
    stored: sql`select kind, viewer_id, status, priority, category, record_count::int as n, dated_count::int as dated
                  from case_counts where record_count <> 0 or dated_count <> 0`,
    actual: sql`select kind, viewer_id, status, priority, category, count(*)::int as n, count(due_date)::int as dated
                  from case_viewers group by 1, 2, 3, 4, 5`,
    agreement: 'equal',
  },
  {
    table: 'allowance_student_names',
    keptBy: 'statement-level triggers on allowances (migration 0005)',
    source: 'allowances',
    stored: sql`select student_id, student_name from allowance_student_names`,
    actual: sql`select distinct student_id, student_name from allowances`,
    agreement: 'covers',
  },
  {
    // Columns of a table the app writes, not a table of their own: the app never sets them, and a
    // guard trigger refuses any value but the items' sum and count (docs/product.md D20).
    table: 'payment_batches.total',
    keptBy: 'statement-level triggers on payment_batch_items, guarded on payment_batches (migration 0022)',
    source: 'payment_batch_items',
    stored: sql`select id, allowance_count as n, total::text as total from payment_batches`,
    actual: sql`select b.id, count(i.id)::int as n, coalesce(sum(i.amount), 0)::numeric(14,2)::text as total
                  from payment_batches b left join payment_batch_items i on i.batch_id = b.id
                 group by b.id`,
    agreement: 'equal',
  },
];

export interface TriggerKeptDifference {
  table: string;
  /** Rows the source says should be there and are not (or differ). */
  missing: Array<Record<string, unknown>>;
  /** Rows stored that the source does not give (only for tables that must equal it). */
  unexpected: Array<Record<string, unknown>>;
}

/** A database or transaction handle (db/client.ts imports this schema, so not its type). */
interface RunsSql {
  execute(query: SQL): PromiseLike<{ rows: Array<Record<string, unknown>> }>;
}

/**
 * Recomputes each trigger-kept table (or `only` the one named) from its source; the tables that
 * disagree, with how.
 */
export async function checkTriggerKeptTables(
  db: RunsSql,
  only?: TriggerKeptTable['table'],
): Promise<TriggerKeptDifference[]> {
  const differences: TriggerKeptDifference[] = [];
  for (const kept of TRIGGER_KEPT_TABLES.filter((k) => only === undefined || k.table === only)) {
    const [stored, actual] = await Promise.all([db.execute(kept.stored), db.execute(kept.actual)]);
    const storedKeys = new Set(stored.rows.map(rowKey));
    const actualKeys = new Set(actual.rows.map(rowKey));
    const missing = actual.rows.filter((row) => !storedKeys.has(rowKey(row)));
    const unexpected =
      kept.agreement === 'equal' ? stored.rows.filter((row) => !actualKeys.has(rowKey(row))) : [];
    if (missing.length > 0 || unexpected.length > 0)
      differences.push({ table: kept.table, missing, unexpected });
  }
  return differences;
}

const rowKey = (row: Record<string, unknown>) =>
  JSON.stringify(Object.keys(row).map((column) => [column, row[column]]));
