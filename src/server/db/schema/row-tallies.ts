import { type SQL, sql } from 'drizzle-orm';
import { bigint, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** The scope of a tally that has one, and of an officer-scoped row whose student has no officer. */
export const NO_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * How many rows a list holds, per scope and bucket, for the lists that show an exact count or tiles
 * without a search (D17) at 10,000 records and more: counting them on every request cost 1 to 10 ms
 * of PostgreSQL's time a page. One generic statement-level trigger function keeps every tally
 * (migration 0026), each tally named for its list; ROW_TALLIES says what each one counts.
 */
export const rowTallies = pgTable(
  'row_tallies',
  {
    tally: text('tally').notNull(),
    /** Whose rows: a yearbook, a program officer; the nil uuid where a tally has one scope. */
    scope: uuid('scope').notNull().default(NO_SCOPE),
    /** A status, type or role the list's tiles show; '' where a tally has none. */
    bucket: text('bucket').notNull().default(''),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'row_tallies_pkey', columns: [t.tally, t.scope, t.bucket] })],
);

/**
 * What each tally counts: its table, and the scope and bucket of a row as SQL over that table's
 * row (what migration 0026 gave row_tallies_keep; the tests recount each tally from its table
 * with these, so the two cannot drift apart unnoticed).
 */
export const ROW_TALLIES = {
  landlords: { table: 'landlords', scope: 'null', bucket: "''" },
  institutions: { table: 'institutions', scope: 'null', bucket: "''" },
  payment_batches: { table: 'payment_batches', scope: 'null', bucket: "''" },
  /** Sixteen buckets by the id's last digit: every audited write adds one. */
  activities: { table: 'activities', scope: 'null', bucket: 'right(id::text, 1)' },
  /** By type and status ('workshop,upcoming', migration 0054): the cards add up a type, a status filter its status. */
  events: { table: 'events', scope: 'null', bucket: "type || ',' || status" },
  library_resources: { table: 'library_resources', scope: 'null', bucket: 'type' },
  users: { table: 'users', scope: 'null', bucket: 'role' },
  role_requests: { table: 'role_requests', scope: 'null', bucket: 'status' },
  /** 'true,false' is approved and not featured. */
  impact_stories: {
    table: 'impact_stories',
    scope: 'null',
    bucket: "approved::text || ',' || featured::text",
  },
  /**
   * The announcements shown until someone hides them, by audience and type ('staff,urgent'): the
   * list's cards add those not yet expired, counted (they depend on the day). Others go to ''.
   */
  announcements: {
    table: 'announcements',
    scope: 'null',
    bucket: "case when is_active and expiry_date is null then target_audience || ',' || type else '' end",
  },
  memory_wall_posts: { table: 'memory_wall_posts', scope: 'yearbook_id', bucket: "''" },
  yearbook_entries: { table: 'yearbook_entries', scope: 'yearbook_id', bucket: 'status' },
  /**
   * The programs of a yearbook's entries, by status and program ('approved,BSc Nursing'; '' for
   * an entry without a program): the entry list's program filter (migration 0037).
   */
  yearbook_programs: {
    table: 'yearbook_entries',
    scope: 'yearbook_id',
    bucket: "case when program is null then '' else status || ',' || program end",
  },
  /** Per officer of the form's student (the nil uuid: a student without one). */
  forms: {
    table: 'forms',
    scope: '(select s.assigned_officer_id from students s where s.id = student_id)',
    bucket: 'status',
  },
  student_files: {
    table: 'student_files',
    scope: '(select s.assigned_officer_id from students s where s.id = student_id)',
    bucket: "''",
  },
} as const;

/** row_tallies as stored and as recounted from each tally's table (TRIGGER_KEPT_TABLES). */
export function rowTalliesCheck(): { stored: SQL; actual: SQL } {
  const recounts = Object.entries(ROW_TALLIES).map(([tally, { table, scope, bucket }]) =>
    sql.raw(`select '${tally}' as tally, coalesce((${scope})::uuid, '${NO_SCOPE}'::uuid) as scope,
                      coalesce((${bucket})::text, '') as bucket, count(*)::int as n
                 from ${table} group by 2, 3`),
  );
  return {
    stored: sql`select tally, scope, bucket, row_count::int as n from row_tallies where row_count <> 0`,
    actual: sql.join(recounts, sql` union all `),
  };
}
