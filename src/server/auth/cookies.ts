import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { NewSession } from './sessions';

export const SESSION_COOKIE = 'chl_session';

function secure(config: Config): boolean {
  return config.appUrl.startsWith('https://');
}

/** httpOnly, SameSite=Lax; without remember me it is a browser-session cookie (docs/product.md D4). */
export function setSessionCookie(c: Context, config: Config, session: NewSession): void {
  setCookie(c, SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secure(config),
    path: '/',
    ...(session.rememberMe ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(c: Context, config: Config): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: secure(config), httpOnly: true, sameSite: 'Lax' });
}

/** The session token from the cookie, or from `Authorization: Bearer` for scripts. */
export function sessionTokenFrom(c: Context): string | undefined {
  const header = c.req.header('authorization');
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim();
  return getCookie(c, SESSION_COOKIE);
}
