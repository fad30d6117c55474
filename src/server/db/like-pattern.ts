import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { searchMode } from '../../domain/search';

const escapeLike = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** q as a LIKE pattern matching anywhere, lower-cased, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

/** q as a LIKE pattern matching the start of a value, lower-cased, its own % _ and \ taken literally. */
export function prefixPattern(q: string): string {
  return `${escapeLike(q)}%`;
}

/**
 * A search box over a record's lower-cased `search_text` (its searched fields joined with spaces,
 * trigram-indexed; migration 0053), the one condition an area's list and the top bar's search share
 * (D17): one or two characters match the start of a word, three or more anywhere, ignoring case.
 * pg_trgm's index serves both 'ba%' / '% ba%' and '%ban%'. Blank text matches everything (undefined).
 */
export function textSearch(searchText: AnyColumn | SQL, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (searchMode(text) === 'prefix') {
    const start = prefixPattern(text);
    return sql`(${searchText} like ${start} or ${searchText} like ${`% ${start}`})`;
  }
  return sql`${searchText} like ${containsPattern(text)}`;
}

/**
 * textSearch of one field of a record whose `search_text` holds more: the indexed column finds the
 * candidates, the field itself (lower-cased, as search_text holds it) keeps those it matches in.
 * Forms find their author by name this way, through the users' index.
 */
export function fieldSearch(searchText: AnyColumn, field: AnyColumn, q: string | undefined): SQL | undefined {
  const candidates = textSearch(searchText, q);
  return candidates && sql`(${candidates} and ${textSearch(sql`lower(${field})`, q)})`;
}
