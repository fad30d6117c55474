import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { isUploadPath, mayCarryBody } from './body-limit';

export const NUL_IN_TEXT = 'Text may not contain the NUL character.';
export const NESTED_TOO_DEEPLY = 'The request body is nested too deeply.';
/** No request of this API nests deeper than a few levels; 64 leaves room and bounds every walk. */
export const MAX_JSON_DEPTH = 64;

// Hono's validator's own test (hono/validator: the media type, lower-cased, against this regex),
// copied exactly: json-guard.test.ts checks that both agree on every content type it tries.
const HONO_JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const mediaType = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** Whether Hono's JSON validator parses a body sent with this Content-Type. */
export const isJsonContentType = (contentType: string | undefined) =>
  HONO_JSON_MEDIA_TYPE.test(mediaType(contentType));

type Finding = typeof NUL_IN_TEXT | typeof NESTED_TOO_DEEPLY | undefined;

/**
 * Walks a parsed JSON value without recursion (an explicit stack), so no input can overflow the
 * call stack, and stops at the first NUL character (in a key or a string) or at MAX_JSON_DEPTH.
 */
export function inspectJson(value: unknown): Finding {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (current.includes('\0')) return NUL_IN_TEXT;
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) return NESTED_TOO_DEEPLY;
    const depth = item.depth + 1;
    if (Array.isArray(current)) {
      for (const child of current) stack.push({ value: child, depth });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\0')) return NUL_IN_TEXT;
      stack.push({ value: child, depth });
    }
  }
  return undefined;
}

async function bodyFinding(c: Context): Promise<Finding> {
  // Uploads are read as form data, and readCsvUpload checks the file: reading them as text here
  // would decode (and spoil) a binary file before the route sees it.
  if (!mayCarryBody(c) || !c.req.raw.body || isUploadPath(c.req.path)) return undefined;
  // Every other body is looked at, whatever its type, not only what Hono's validator takes for
  // JSON: a few routes read an optional body with c.req.json() or JSON.parse whatever its type.
  // Bodies here are at most 1 MB, and Hono keeps the text for the route.
  const contentType = c.req.header('content-type');
  const text = await c.req.text();
  if (!isJsonContentType(contentType) && !/^\s*[[{"]/.test(text)) return undefined;
  let parsed: unknown;
  try {
    // JSON.parse itself does not recurse on the call stack, so 20,000 levels parse fine here.
    parsed = JSON.parse(text);
  } catch {
    return undefined; // malformed JSON is the route's to report, with its own message
  }
  return inspectJson(parsed);
}

/**
 * PostgreSQL text cannot hold the NUL character, and handlers and their validators walk bodies
 * recursively: both are refused here with a clear 400, in the query string or the body, before
 * authentication or any handler runs. (Uploaded CSV files are checked by readCsvUpload.)
 */
export function jsonGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = c.req.url.indexOf('?');
    if (query >= 0 && /%00/i.test(c.req.url.slice(query))) return c.json({ error: NUL_IN_TEXT }, 400);
    const finding = await bodyFinding(c);
    if (finding) return c.json({ error: finding }, 400);
    await next();
  };
}
