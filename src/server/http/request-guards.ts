import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { SESSION_COOKIE } from '../auth/cookies';
import type { Logger } from './logger';

const MB = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 10 * MB;
// Multipart framing around a 10 MB file; the services check the file itself.
const UPLOAD_BODY_LIMIT = UPLOAD_LIMIT_BYTES + 256 * 1024;
const JSON_BODY_LIMIT = 1 * MB;

/** Refuses bodies over the limit, declared or streamed: 10 MB for uploads, 1 MB for everything else. */
export function bodyLimit(): MiddlewareHandler<AppEnv> {
  const tooLarge = (limit: number) => (c: Context) =>
    c.json({ error: `The request is too large (limit ${Math.round(limit / MB)} MB).` }, 413);
  const uploads = honoBodyLimit({ maxSize: UPLOAD_BODY_LIMIT, onError: tooLarge(UPLOAD_BODY_LIMIT) });
  const others = honoBodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge(JSON_BODY_LIMIT) });
  return (c, next) => (/\/(import|bulk)$/.test(c.req.path) ? uploads(c, next) : others(c, next));
}

export const NUL_IN_TEXT = 'Text may not contain the NUL character.';

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
  return false;
}

/**
 * PostgreSQL text cannot hold the NUL character: refused here, in the query string or a JSON body,
 * with a clear 400 before any handler runs, instead of failing at the database. (Uploaded CSV files
 * are checked by readCsvUpload.)
 */
export function noNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const query = c.req.url.indexOf('?');
    if (query >= 0 && /%00/i.test(c.req.url.slice(query))) return c.json({ error: NUL_IN_TEXT }, 400);
    if (c.req.header('content-type')?.includes('application/json')) {
      // Parsed once: Hono keeps the body for the route's validator (malformed JSON is its to report).
      const body = await c.req.json().catch(() => undefined);
      if (holdsNul(body)) return c.json({ error: NUL_IN_TEXT }, 400);
    }
    await next();
  };
}

/**
 * A cookie-authenticated change must come from our own pages. SameSite=Lax already keeps the
 * cookie off cross-site posts; this is the second lock on the door.
 */
export function sameOriginWrites(appUrl: string): MiddlewareHandler<AppEnv> {
  const appOrigin = new URL(appUrl).origin;
  return async (c, next) => {
    const method = c.req.method;
    const origin = c.req.header('origin');
    if (origin && !['GET', 'HEAD', 'OPTIONS'].includes(method) && getCookie(c, SESSION_COOKIE)) {
      const host = c.req.header('host');
      const ownOrigins = [appOrigin, host ? `http://${host}` : '', host ? `https://${host}` : ''];
      if (!ownOrigins.includes(origin)) return c.json({ error: 'Cross-site request refused' }, 403);
    }
    await next();
  };
}

/** One line per request: never the query string, body or headers, where tokens and passwords live. */
export function requestLog(logger: Logger, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  const clientAddress = (c: Context) => {
    // Behind a reverse proxy the socket's address is the proxy's; the client is in X-Forwarded-For.
    if (trustProxy) return c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    try {
      return getConnInfo(c).remote.address;
    } catch {
      return undefined;
    }
  };
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      user: c.get('user')?.id,
      ip: clientAddress(c),
    });
  };
}
