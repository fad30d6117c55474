import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STAGES } from '../../../domain/allowance-stages';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../../../domain/students';
import { rowTalliesCheck } from './row-tallies';
import { students } from './students';

/*
 * Tables that triggers keep from another table, in the writing transaction, so that no code path
 * can forget them (docs/decisions/002-figures-kept-by-triggers-and-prepared-lookups.md). Nothing in
 * the app writes them. Each is listed in TRIGGER_KEPT_TABLES with a fresh computation from its
 * source, and checkTriggerKeptTables proves them in the tests.
 */

/**
 * How many allowances sit at each stage and their summed totals: the list's five tiles without
 * summing a million rows per request. Kept by statement-level triggers on allowances (migration
 * 0001) inside the writing transaction, so it can never disagree with the table, whatever writes.
 */
export const allowanceStageTotals = pgTable('allowance_stage_totals', {
  approvalStage: text('approval_stage', { enum: APPROVAL_STAGES }).primaryKey(),
  allowanceCount: bigint('allowance_count', { mode: 'number' }).notNull().default(0),
  // Unbounded: a sum of many numeric(12,2) totals can outgrow any one allowance's precision.
  totalSum: numeric('total_sum').notNull().default('0'),
});

/**
 * How many students each officer has, by category, status and start year: what the list's tiles
 * and the dashboard show, without counting 50,000 students on every request. Kept by triggers on
 * `students` (migration 0002) in the same transaction as every write, so no code path can forget
 * it. The start year is the start date's, else the year the record was created (in Lusaka).
 * A null officer holds the students whose officer account was deleted.
 */
export const studentCounts = pgTable(
  'student_counts',
  {
    officerId: uuid('officer_id'),
    programLevel: text('program_level', { enum: PROGRAM_LEVELS }).notNull(),
    programStatus: text('program_status', { enum: PROGRAM_STATUSES }).notNull(),
    startYear: integer('start_year').notNull(),
    studentCount: bigint('student_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    unique('student_counts_key')
      .on(t.officerId, t.programLevel, t.programStatus, t.startYear)
      .nullsNotDistinct(),
  ],
);

/**
 * Each name a student's allowances were filed under. The list's name search finds candidate
 * students here, through a trigram index over thousands of names rather than over a million
 * allowances (which cost a bulk upload up to a fifth of its write), then matches the allowances'
 * own names. Kept by triggers on allowances (migration 0005); a student's deletion takes theirs.
 */
export const allowanceStudentNames = pgTable(
  'allowance_student_names',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    studentName: text('student_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.studentName] }),
    index('allowance_student_names_trgm_idx').using('gin', sql`lower(${t.studentName}) gin_trgm_ops`),
  ],
);

/**
 * Who sees each task and issue (docs/product.md D11), one row per record and viewer: the nil uuid
 * (EVERYONE_VIEWER) for deputy managers and admins, and each officer the record concerns (the
 * student's officer, the assignee, the creator or reporter). A list is then one index scan in the
 * order it is shown, whatever the scope, instead of an OR over three columns and a join to
 * students on every page. Kept by triggers on tasks, issues and students (migration 0011), which
 * recompute a record's rows whenever it or its student's officer changes.
 */
export const caseViewers = pgTable(
  'case_viewers',
  {
    kind: text('kind', { enum: ['task', 'issue'] }).notNull(),
    recordId: uuid('record_id').notNull(),
    viewerId: uuid('viewer_id').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    category: text('category').notNull(),
    /** Tasks only; null for issues and for tasks without one. */
    dueDate: date('due_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => {
    /**
     * An index on a viewer's rows of a kind, then `filters`, then the lists' order (viewerOrder),
     * then `carried`: columns read off the index alone.
     */
    const inListOrder = (
      name: string,
      filters: Array<typeof t.status>,
      carried: Array<typeof t.status> = [],
    ) =>
      index(name).on(
        t.kind,
        t.viewerId,
        ...filters,
        sql`${t.dueDate} asc nulls last`,
        t.createdAt.desc(),
        t.recordId.desc(),
        ...carried,
      );
    return [
      primaryKey({ columns: [t.kind, t.viewerId, t.recordId] }),
      index('case_viewers_record_idx').on(t.recordId),
      // The lists' order (tasks: soonest due first; issues have no due date, so newest first), and the
      // same after each filter a list offers and the pairs people pick most: status, priority,
      // category (issues), status and priority, status and category. Without the category pair an
      // issue list of one status and category read every record of that status, joined each to its
      // list item and sorted them (1.4 ms, against 0.1 ms in order from an index).
      // The lists' order also carries what the tiles count of the tasks due today or later (their
      // overdue ones are the rest, case-lists.ts), so that count reads the index alone (migration 0029).
      inListOrder('case_viewers_order_idx', [], [t.status, t.priority, t.category]),
      inListOrder('case_viewers_status_idx', [t.status]),
      inListOrder('case_viewers_priority_idx', [t.priority]),
      inListOrder('case_viewers_status_priority_idx', [t.status, t.priority]),
      inListOrder('case_viewers_category_idx', [t.category]),
      inListOrder('case_viewers_status_category_idx', [t.status, t.category]),
    ];
  },
);

/** The viewer id of deputy managers and admins, who see every task and issue. */
export const EVERYONE_VIEWER = '00000000-0000-0000-0000-000000000000';

/**
 * How many tasks and issues each viewer of case_viewers sees, by status, priority and category, and
 * how many of those have a due date: the tiles, and the total of a list filtered only by those,
 * from a few dozen rows a request. The overdue figures depend on the day, so the lists take them
 * as the rows with a due date less those due today or later (case-lists.ts). Kept by
 * case_viewers_refresh, which the triggers on tasks, issues and students call (migration 0029).
 */
export const caseCounts = pgTable(
  'case_counts',
  {
    kind: text('kind', { enum: ['task', 'issue'] }).notNull(),
    viewerId: uuid('viewer_id').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    category: text('category').notNull(),
    recordCount: bigint('record_count', { mode: 'number' }).notNull().default(0),
    /** Of record_count, those with a due date (tasks only). */
    datedCount: bigint('dated_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.viewerId, t.status, t.priority, t.category] })],
);

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
    table: 'tasks.list_item',
    keptBy: 'triggers on tasks, users and students (migration 0011)',
    source: 'tasks, with the names of their people and student',
    stored: sql`select id, list_item from tasks`,
    actual: sql`select t.id, task_list_item(t) as list_item from tasks t`,
    agreement: 'equal',
  },
  {
    table: 'issues.list_item',
    keptBy: 'triggers on issues, issue_comments, users and students (migration 0011)',
    source: 'issues, with their thread and the names of their people and student',
    stored: sql`select id, list_item from issues`,
    actual: sql`select i.id, issue_list_item(i) as list_item from issues i`,
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

/** Recomputes each trigger-kept table from its source; the tables that disagree, with how. */
export async function checkTriggerKeptTables(db: RunsSql): Promise<TriggerKeptDifference[]> {
  const differences: TriggerKeptDifference[] = [];
  for (const kept of TRIGGER_KEPT_TABLES) {
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
