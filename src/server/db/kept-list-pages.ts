import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { fixedStatement, NAMED_STATEMENTS } from './prepared';
import { keptListPages } from './schema';

/*
 * A list's first page kept as the answer's JSON text while nothing it shows has changed
 * (schema/kept-list-pages.ts, docs/decisions/002). Each list says what "nothing has changed"
 * means as one number, its version: a sum of counters that only ever count up, moved on inside
 * every transaction that writes what the list shows (list_versions, students_version, the
 * allowance stages' `changes`). Equal sums mean no counter moved.
 *
 * - The version is read in the statement that counts the page, so in its snapshot: the answer is
 *   kept under the version of exactly the rows it shows.
 * - It is kept only if that version is still the current one when it is written, so an answer
 *   counted before a write never replaces one counted after it, nor survives a restore.
 * - A kept answer is read back only under its key and the current version, in one statement.
 *
 * The key must say everything the answer depends on besides the data: the caller's scope and the
 * filters' values. Only first pages of a screen's size without a search are kept, so keys come
 * from a small fixed set (a shape, an officer, a status), never from what a request may write.
 */

export interface KeptListPage {
  /** The version as a column of the statement that counts the page: select it as `kept_version`. */
  version(): SQL.Aliased<number>;
  /**
   * The answer kept under `key` while it holds; otherwise `count`'s, kept for the next request.
   * `count` answers the page's JSON text and the `kept_version` its statement read.
   */
  answer(
    db: DbOrTx,
    key: string,
    count: () => Promise<{ answer: string; version: unknown }>,
  ): Promise<string>;
}

export function keptListPage(list: string, version: SQL): KeptListPage {
  const kept = keptListPages;
  const read = fixedStatement(
    (db) =>
      db
        .select({ answer: kept.answer })
        .from(kept)
        .where(and(eq(kept.key, sql.placeholder('key')), eq(kept.version, version))),
    `${NAMED_STATEMENTS.keptListPage}:${list}`,
  );
  return {
    version: () => sql<number>`${version}`.as('kept_version'),
    async answer(db, key, count) {
      const fullKey = `${list}:${key}`;
      const [hit] = await read(db, { key: fullKey });
      if (hit) return String(hit.answer);
      const counted = await count();
      const at = sql`${String(counted.version)}::bigint`;
      await db.execute(sql`insert into ${kept} (key, version, answer)
        select ${fullKey}, ${at}, ${counted.answer} where ${at} = ${version}
        on conflict (key) do update set version = excluded.version, answer = excluded.answer`);
      return counted.answer;
    },
  };
}
