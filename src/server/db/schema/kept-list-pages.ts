import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/*
 * The first pages of the busiest lists, kept as the answer's JSON text while nothing they show has
 * changed (db/kept-list-pages.ts, docs/decisions/002).
 *
 * A list's first page is asked for again and again (every officer opening Forms, every approver
 * opening Allowance Management) and changes far less often than it is read. Writing its 25 items
 * again cost PostgreSQL three to four times what reading them back as text costs.
 */

/** A kept answer under its key (`<list>:<shape>:<scope and filter values>`) and the version it was counted at. */
export const keptListPages = pgTable('kept_list_pages', {
  key: text('key').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  answer: text('answer').notNull(),
});
