import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * List items written by PostgreSQL as JSON text, which Node sends on without parsing or mapping
 * (docs/decisions/002: on a busy list, building and serialising the items in Node cost more than
 * the query). An area's list item written here must equal its DTO field for field: each area
 * that writes its items here has a test holding one against the other.
 */

/** A timestamp as JavaScript's toISOString writes it ('2026-11-27T08:00:00.000Z'), or null. */
export const isoTimestamp = (column: SQLWrapper): SQL<string | null> =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A JSON object of these fields, in this order (json_build_object). */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL<string> {
  const pairs = Object.entries(fields).map(([name, value]) => sql`${name}::text, ${value}`);
  return sql<string>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The page's items as one JSON array text, in `order` (an aggregate: put it in a select over the
 * page's rows; an empty page gives '[]'). `item` is each row's JSON object.
 */
export const itemsArray = (item: SQLWrapper, order: SQLWrapper): SQL<string> =>
  sql<string>`'[' || coalesce(string_agg((${item})::text, ',' order by ${order}), '') || ']'`;

/**
 * The alias a list statement gives its page of rows (`.as(PAGE_ALIAS)`), so that the items are
 * written from the page's own rows rather than looked up again by id.
 */
export const PAGE_ALIAS = 'page';

/** A column of the page's rows (see PAGE_ALIAS). */
export const onPage = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(PAGE_ALIAS)}.${sql.identifier(column.name)}`;
