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

/**
 * A lone UTF-16 surrogate ("\ud800" in JSON) is no character: PostgreSQL refuses it in jsonb (the
 * activity log) and UTF-8 cannot carry it. A URL is decoded from UTF-8, which turns broken bytes
 * into U+FFFD, so a JSON escape makes one, refused here, or a multipart part sent as UTF-16,
 * refused by readFileUpload.
 */
export const BROKEN_CHARACTER = 'Text may not contain a broken character (an unpaired UTF-16 surrogate).';
const LONE_SURROGATE = /\p{Surrogate}/u;
/** Whether text holds a lone surrogate (a pair, as an emoji, is one character and fine). */
export const hasBrokenCharacter = (text: string) => LONE_SURROGATE.test(text);

type Finding = typeof NUL_IN_TEXT | typeof NESTED_TOO_DEEPLY | typeof BROKEN_CHARACTER | undefined;

/** What is wrong with a body, and where: the field's path as validation errors name it. */
interface Problem {
  finding: NonNullable<Finding>;
  field: string;
}

const textProblem = (text: string): Finding =>
  text.includes('\0') ? NUL_IN_TEXT : hasBrokenCharacter(text) ? BROKEN_CHARACTER : undefined;

const fieldName = (path: string) => path || '_';

/**
 * Walks a parsed JSON value without recursion (an explicit stack), so no input can overflow the
 * call stack, and stops at the first NUL character or lone surrogate (in a key or a string) or at
 * MAX_JSON_DEPTH.
 */
function findProblem(value: unknown): Problem | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value, depth: 0, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const finding = textProblem(current);
      if (finding) return { finding, field: fieldName(item.path) };
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (item.depth >= MAX_JSON_DEPTH) return { finding: NESTED_TOO_DEEPLY, field: fieldName(item.path) };
    const depth = item.depth + 1;
    const prefix = item.path ? `${item.path}.` : '';
    if (Array.isArray(current)) {
      for (const [index, child] of current.entries())
        stack.push({ value: child, depth, path: `${prefix}${index}` });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      // A broken key is named by the object that holds it: the key itself is no name to show.
      const finding = textProblem(key);
      if (finding) return { finding, field: fieldName(item.path) };
      stack.push({ value: child, depth, path: `${prefix}${key}` });
    }
  }
  return undefined;
}

/** The first problem of a parsed JSON value (see findProblem), without where it is. */
export function inspectJson(value: unknown): Finding {
  return findProblem(value)?.finding;
}

async function bodyProblem(c: Context): Promise<Problem | undefined> {
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
  return findProblem(parsed);
}

/**
 * PostgreSQL text cannot hold the NUL character or a lone surrogate, and handlers and their
 * validators walk bodies recursively: all are refused here with a clear 400, in the query string
 * or the body, before authentication or any handler runs. (Uploaded CSV files are checked by
 * readCsvUpload, other uploads' fields by readFileUpload.)
 */
export function jsonGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = c.req.url.indexOf('?');
    if (query >= 0 && /%00/i.test(c.req.url.slice(query))) return c.json({ error: NUL_IN_TEXT }, 400);
    const problem = await bodyProblem(c);
    // A broken character names its field, as a failed check does; the other two are about the
    // whole body (a NUL anywhere, or a nesting no route takes).
    if (problem?.finding === BROKEN_CHARACTER) {
      return c.json({ error: problem.finding, fields: { [problem.field]: problem.finding } }, 400);
    }
    if (problem) return c.json({ error: problem.finding }, 400);
    await next();
  };
}
