/** q as a LIKE pattern matching anywhere, lower-cased, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
