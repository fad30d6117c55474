import { Column, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * List items written by PostgreSQL as JSON text, which Node sends on without parsing or mapping
 * (docs/decisions/002: on a busy list, building and serialising the items in Node cost more than
 * the query). An area's list item written here must equal its DTO field for field: each area
 * that writes its items here has a test holding one against the other.
 */

/*
 * How an object is written (jsonObject): by concatenating each field's JSON text, each written as
 * its column's type allows, rather than by json_build_object. json_build_object looks up how to
 * write each argument's type again for every row: about 6.6 µs for a 20-field item, most of a list
 * statement's time (docs/decisions/002). A uuid is quoted as it is, a number or a boolean written as
 * it is, an ISO timestamp quoted; anything else (text above all, which must be escaped) goes
 * through to_json, as json_build_object would write it.
 */

/** Columns of the page's rows as onPage names them, so that jsonObject knows their types. */
const pageColumns = new WeakMap<SQLWrapper, AnyPgColumn>();
/** Texts that need no escaping (isoTimestamp): quoted as they are. */
const plainTexts = new WeakSet<SQLWrapper>();
/** An object jsonObject wrote (json) and its JSON text, placed into an object or array as it is. */
const jsonTexts = new WeakMap<SQLWrapper, SQL>();

/** A timestamp as JavaScript's toISOString writes it ('2026-11-27T08:00:00.000Z'), or null. */
export const isoTimestamp = (column: SQLWrapper): SQL<string | null> => {
  const text = sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  plainTexts.add(text);
  return text;
};

const WRITTEN_AS_IS = new Set([
  'PgInteger',
  'PgSmallInt',
  'PgBigInt53',
  'PgBigInt64',
  'PgSerial',
  'PgBoolean',
]);

/** A field's JSON text: never null ('null' for SQL's NULL). */
function fieldJson(value: SQLWrapper): SQL {
  const written = jsonTexts.get(value);
  if (written) return sql`coalesce(${written}, 'null')`;
  const column = is(value, Column) ? (value as AnyPgColumn) : pageColumns.get(value);
  let json: SQL;
  if (plainTexts.has(value) || column?.columnType === 'PgUUID') json = sql`'"' || ${value} || '"'`;
  // boolean's text cast writes 'true' and 'false' (its output function would write 't' and 'f').
  else if (column && WRITTEN_AS_IS.has(column.columnType)) json = sql`${value}::text`;
  else json = sql`to_json(${value})::text`;
  // Always: a column declared not null is null on the missing side of an outer join.
  return sql`coalesce(${json}, 'null')`;
}

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * A JSON object of these fields, in this order, as json: where it is placed into another
 * jsonObject or into itemsArray, its text goes in as it is, without being parsed again.
 */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL<string> {
  return writtenJson(sql`(${fieldsJson(fields, '{')} || '}')`);
}

/**
 * A JSON object whose opening is kept as text in a column (a trigger writes the fields its row
 * decides: '{"id":"…","name":"…"', without the closing brace), with these fields added after its
 * own and the brace closed, as json that jsonObject and itemsArray place as it is. The opening is
 * kept open rather than cut with left(…, -1): counting a UTF-8 text's characters to cut its last
 * cost about 3.5 µs an item, a quarter of the events statement.
 */
export function keptObjectWith(kept: SQLWrapper, fields: Record<string, SQLWrapper>): SQL<string> {
  return writtenJson(sql`(${kept} || ${fieldsJson(fields, ',')} || '}')`);
}

/** `"name":value` for each field, the first preceded by `first`, the rest by commas. */
function fieldsJson(fields: Record<string, SQLWrapper>, first: '{' | ','): SQL {
  const parts = Object.entries(fields).map(([name, value], i) => {
    // Our own DTO field names, written into the statement.
    if (!FIELD_NAME.test(name)) throw new Error(`jsonObject: "${name}" is not a field name`);
    return sql`${sql.raw(`'${i === 0 ? first : ','}"${name}":'`)} || ${fieldJson(value)}`;
  });
  return sql.join(parts, sql` || `);
}

/**
 * `text`, JSON text or NULL (a jsonObject's text from jsonText, in a sub-select or a case), as
 * json that jsonObject and itemsArray place as it is.
 */
export function writtenJson(text: SQL): SQL<string> {
  const json = sql<string>`(${text})::json`;
  jsonTexts.set(json, text);
  return json;
}

/** The JSON text of an object jsonObject wrote, to select in a sub-select (see writtenJson). */
export function jsonText(object: SQLWrapper): SQL {
  const text = jsonTexts.get(object);
  if (!text) throw new Error('jsonText: not an object jsonObject wrote');
  return text;
}

/**
 * The page's items as one JSON array text, in `order` (an aggregate: put it in a select over the
 * page's rows; an empty page gives '[]'). `item` is each row's JSON object.
 */
export const itemsArray = (item: SQLWrapper, order: SQLWrapper): SQL<string> =>
  sql<string>`'[' || coalesce(string_agg(${jsonTexts.get(item) ?? sql`(${item})::text`}, ',' order by ${order}), '') || ']'`;

/**
 * The alias a list statement gives its page of rows (`.as(PAGE_ALIAS)`), so that the items are
 * written from the page's own rows rather than looked up again by id.
 */
export const PAGE_ALIAS = 'page';

/** A column of the page's rows (see PAGE_ALIAS). */
export const onPage = (column: AnyPgColumn): SQL => {
  const onThePage = sql`${sql.identifier(PAGE_ALIAS)}.${sql.identifier(column.name)}`;
  pageColumns.set(onThePage, column);
  return onThePage;
};
