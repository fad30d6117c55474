import { type AnyColumn, ilike, or, type SQL } from 'drizzle-orm';
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
 * A search box over some text columns (D17): one or two characters match the start of a word,
 * three or more anywhere, ignoring case. Blank text matches everything (undefined).
 */
export function wordSearch(columns: Array<AnyColumn | SQL>, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  if (searchMode(text) === 'prefix') {
    const start = prefixPattern(text);
    return or(...columns.flatMap((c) => [ilike(c, start), ilike(c, `% ${start}`)]));
  }
  return or(...columns.map((c) => ilike(c, containsPattern(text))));
}
