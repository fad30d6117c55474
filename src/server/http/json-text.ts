import type { Context } from 'hono';

/**
 * A 200 JSON answer whose text is already written (the tasks and issues lists, whose items
 * PostgreSQL writes): sent as it is. Typed `never` so it stands for the route's JSON answer.
 */
export function jsonText(c: Context, text: string): never {
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(text, 200) as never;
}
