const escapeLike = (q: string) => q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** q as a LIKE pattern matching anywhere, lower-cased, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${escapeLike(q)}%`;
}

/** q as a LIKE pattern matching the start of a value, lower-cased, its own % _ and \ taken literally. */
export function prefixPattern(q: string): string {
  return `${escapeLike(q)}%`;
}
