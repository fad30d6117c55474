import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const BULK_WRITE_KINDS = ['allowance_upload', 'student_import'] as const;
export type BulkWriteKind = (typeof BULK_WRITE_KINDS)[number];
export const BULK_WRITE_STATES = ['writing', 'done', 'undone'] as const;

/**
 * An allowance upload or a student import, written in short transactions (docs/decisions/009):
 * 'writing' while its batches go in, 'done' once the last is in, 'undone' when it could not finish
 * and its rows are (being) taken out again (finished_at set once none is left). Every row it
 * writes carries its id (`allowances.written_by_upload`, `students.written_by_import`); those rows
 * may be read but not changed until it is 'done'. heartbeat_at moves with each batch, so a file
 * whose process died is found and undone by another (undoStaleBulkWrites).
 */
export const bulkWrites = pgTable(
  'bulk_writes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: BULK_WRITE_KINDS }).notNull(),
    state: text('state', { enum: BULK_WRITE_STATES }).notNull().default('writing'),
    // Who started it, recorded rather than referenced, as allowances.submitted_by_id is.
    startedBy: uuid('started_by'),
    startedByName: text('started_by_name').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    rowsWritten: integer('rows_written').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('bulk_writes_unfinished_idx').on(t.heartbeatAt).where(sql`${t.finishedAt} is null`),
    check('bulk_writes_kind_known', sql`${t.kind} in ('allowance_upload', 'student_import')`),
    check('bulk_writes_state_known', sql`${t.state} in ('writing', 'done', 'undone')`),
  ],
);
