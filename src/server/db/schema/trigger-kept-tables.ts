import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPROVAL_STAGES } from '../../../domain/allowance-stages';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../../../domain/students';
import { moment } from './columns';
import { students } from './students';

/*
 * Tables that triggers keep from another table, in the writing transaction, so that no code path
 * can forget them (docs/decisions/002-figures-kept-by-triggers-and-prepared-lookups.md). Nothing in
 * the app writes them. Each is listed in TRIGGER_KEPT_TABLES (db/trigger-kept-check.ts) with a
 * fresh computation from its source, and checkTriggerKeptTables proves them in the tests.
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
 * The dashboard's Monthly Allowances chart without reading every allowance (docs/decisions/002):
 * the count and ZMW sum of the allowances submitted in each month, approved by the programme
 * manager on each day and paid on each day, per officer of their student (null: no officer).
 * Which month a submission counts for depends on the programme's zone, which System Settings may
 * change; so submissions are kept once per month at each UTC offset a zone offered may have
 * (domain/dates.ts UTC_OFFSET_HOURS), `at` being the instant that month starts there, and the
 * chart reads the offset of the zone chosen. Approval and payment dates are calendar dates, kept
 * as midnight UTC at offset 0. Kept by triggers on allowances and on students (migrations 0032,
 * 0035).
 */
export const allowanceMonthTotals = pgTable(
  'allowance_month_totals',
  {
    officerId: uuid('officer_id'),
    kind: text('kind', { enum: ['submitted', 'approved', 'paid'] }).notNull(),
    /** Hours east of UTC of the month `at` starts (submissions); 0 for approvals and payments. */
    utcOffset: smallint('utc_offset').notNull().default(0),
    at: moment('at').notNull(),
    // Unbounded, as allowance_stage_totals: a sum a bucket outgrew would refuse the write.
    total: numeric('total').notNull().default('0'),
    allowanceCount: integer('allowance_count').notNull().default(0),
  },
  (t) => [
    unique('allowance_month_totals_key').on(t.officerId, t.kind, t.utcOffset, t.at).nullsNotDistinct(),
    // Everyone's chart reads twelve months of each kind, across officers, not the years before.
    index('allowance_month_totals_kind_at_idx').on(t.kind, t.utcOffset, t.at),
  ],
);

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
    createdAt: moment('created_at').notNull(),
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
