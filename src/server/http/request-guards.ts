import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { SESSION_COOKIE } from '../auth/cookies';
import type { Logger } from './logger';

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

/** The SMS callbacks' addresses end with a secret (features/sms/sms.routes.ts): never logged. */
const withoutSecrets = (path: string) =>
  path.replace(/^(\/api\/sms\/(?:delivery|inbound)\/)[^/]+/, '$1[secret]');

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
      path: withoutSecrets(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      user: c.get('user')?.id,
      ip: clientAddress(c),
    });
  };
}
