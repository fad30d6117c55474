import type { Context } from 'hono';

/**
 * A 200 JSON answer whose text is already written (the tasks and issues lists, whose items
 * PostgreSQL writes): sent as it is. Typed `never` so it stands for the route's JSON answer.
 */
export function jsonText(c: Context, text: string): never {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(text, 200) as never;
}

/**
 * A list's answer as JSON text (pagedResponseSchema in contracts/common, with its figures beside
 * the page), around items PostgreSQL wrote as a JSON array (db/json-items.ts).
 */
export function pageJsonText(
  itemsJson: string,
  count: { total: number; capped: boolean },
  { page, pageSize }: { page: number; pageSize: number },
  figures: Record<string, unknown> = {},
): string {
  // Past a capped count a page would start after the cap, where a search no longer pages (D17).
  const items = count.capped && (page - 1) * pageSize >= count.total ? '[]' : itemsJson;
  const extra = Object.entries(figures)
    .map(([name, value]) => `,${JSON.stringify(name)}:${JSON.stringify(value)}`)
    .join('');
  return `{"items":${items},"total":${count.total},"total_capped":${count.capped},"page":${page},"pageSize":${pageSize}${extra}}`;
}
