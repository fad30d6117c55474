import { type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fixedStatement, NAMED_STATEMENTS, writtenCount } from '../../db/prepared';

/*
 * The forms' and files' first pages of the screens' sizes are statements named per shape of
 * filters (docs/decisions/002), built by Drizzle once per database handle and planned by
 * PostgreSQL once per connection, their LIMIT and OFFSET written in (writtenCount): with
 * parameters there PostgreSQL would plan them again on every request. Other pages run the same
 * select, unnamed, planned for their values.
 */

/** A page's LIMIT and OFFSET: placeholders, or counts written into the statement. */
export interface PageWindow {
  limit: Placeholder;
  offset: Placeholder;
}

export const PLACEHOLDERS: PageWindow = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

export type ListStatement = ReturnType<typeof fixedStatement>;

/**
 * The named first page of `limit` rows for `key` (`<area>.<shape>.<limit>`, from a fixed set of
 * shapes and sizes, never from what a request says), built once and kept in `statements`.
 */
export function namedPageStatement(
  statements: Map<string, ListStatement>,
  key: string,
  build: (db: DbOrTx, window: PageWindow) => { prepare(name: string): unknown },
  limit: number,
): ListStatement {
  let statement = statements.get(key);
  if (!statement) {
    statement = fixedStatement(
      (db) => build(db, { limit: writtenCount(limit), offset: writtenCount(0) }),
      `${NAMED_STATEMENTS.areaListPage}:${key}`,
    );
    statements.set(key, statement);
  }
  return statement;
}
