import { getTableColumns, type Table } from 'drizzle-orm';

/*
 * What a record reads of its table: every column but `search_text`, the lower-cased copy of its
 * searched fields that only a search's condition reads (migration 0053, db/like-pattern.ts). A
 * whole-table selection (`select().from(t)`, `{ event: events }`) carried it on every row of a list
 * from PostgreSQL through pg's parser and Drizzle's row mapping, for nothing.
 */

type ColumnsOf<T extends Table> = T['_']['columns'];

/** The table's columns for a `select`, without `searchText`; a table without it gives them all. */
export function recordColumns<T extends Table>(table: T): Omit<ColumnsOf<T>, 'searchText'> {
  const { searchText: _searchedOnly, ...read } = getTableColumns(table) as ColumnsOf<T> & {
    searchText?: unknown;
  };
  return read;
}

/** A row as recordColumns reads it. */
export type RecordOf<T extends Table> = Omit<T['$inferSelect'], 'searchText'>;
