import { type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import {
  fixedStatement,
  NAMED_STATEMENTS,
  type NamedStatement,
  type StatementName,
  writtenCount,
} from './prepared';

/*
 * Statements of fixed shape kept per shape: a list builds one select per shape of its filters
 * (which filters a request has, never their values), so it keeps one fixedStatement per shape key,
 * made on the shape's first request. A key comes from a fixed set of shapes and sizes, never from
 * what a request says, so that a connection keeps a bounded number of them.
 */

type Statement = ReturnType<typeof fixedStatement>;

type Buildable = { prepare(name: string): unknown };

/** A page's LIMIT and OFFSET: placeholders, or counts written into the statement. */
export interface PageWindow {
  limit: Placeholder;
  offset: Placeholder;
}

/** The window of a page planned for its values: `limit` and `offset` sent with them. */
export const PLACEHOLDERS: PageWindow = {
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * A keeper of fixedStatements by shape key: called with a key and how to build that shape's
 * select, it answers the statement made on the key's first call (named `statementName`, or
 * unnamed: planned for each request's values). The key must say everything `build` depends on.
 */
export function statementsByShape() {
  const kept = new Map<string, Statement>();
  return (
    key: string,
    build: (db: DbOrTx) => Buildable,
    statementName: StatementName | '' = '',
  ): Statement => {
    let statement = kept.get(key);
    if (!statement) {
      statement = fixedStatement(build, statementName);
      kept.set(key, statement);
    }
    return statement;
  };
}

/**
 * A keeper of a list's named first pages (docs/decisions/002). The first page of a size the
 * screens ask for, of a shape the figures answer without a search, is a statement named
 * `<family>:<shape>.<limit>` (by default `area_list_page:`), built by Drizzle once per database
 * handle and planned by PostgreSQL once per connection. Its LIMIT and OFFSET are written into it
 * (writtenCount): with parameters there PostgreSQL would plan it again on every request, which
 * cost more than running it. Only the sizes the screens ask for are named, so that no request can
 * make a connection keep a statement per size: any other page runs the same select, unnamed, with
 * PLACEHOLDERS, planned for its values.
 * Called with the shape's key (`<area>.<shape>`), the page size and how to build the page for a
 * window, it answers the statement made on that shape and size's first call.
 */
export function namedPageStatements(family: NamedStatement = NAMED_STATEMENTS.areaListPage) {
  const byShape = statementsByShape();
  return (shape: string, limit: number, build: (db: DbOrTx, window: PageWindow) => Buildable): Statement => {
    const key = `${shape}.${limit}`;
    return byShape(
      key,
      (db) => build(db, { limit: writtenCount(limit), offset: writtenCount(0) }),
      `${family}:${key}`,
    );
  };
}
