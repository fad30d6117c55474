import { createRoute } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { AuthConfigResponseSchema } from '../../../contracts/auth';
import type { AppDeps } from '../../app-env';
import { setSessionCookie } from '../../auth/cookies';
import { hasDemoPasswords } from '../../auth/demo-passwords';
import { createRouter, jsonResponse } from '../../http/openapi';
import { beginGoogleSignIn, completeGoogleSignIn, GoogleSignInError } from './google-auth.service';

const PENDING_COOKIE = 'chl_oidc';
const tags = ['Google sign-in'];

export function googleAuthRoutes(deps: AppDeps) {
  const router = createRouter();
  const secure = deps.config.appUrl.startsWith('https://');
  const loginWithError = (message: string) => `/login?error=${encodeURIComponent(message)}`;

  router.openapi(
    createRoute({
      method: 'get',
      path: '/config',
      tags,
      summary: 'Which sign-in options this server offers',
      responses: { 200: jsonResponse(AuthConfigResponseSchema, 'Sign-in options') },
    }),
    async (c) =>
      c.json({ googleEnabled: !!deps.config.google, demoData: await hasDemoPasswords(deps.db) }, 200),
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/google',
      tags,
      summary: 'Start Google sign-in (OpenID Connect, PKCE)',
      responses: { 302: { description: 'To the provider, or back to /login with an error' } },
    }),
    async (c) => {
      try {
        const { redirectTo, loginKey } = await beginGoogleSignIn(deps);
        // Lax lets the cookie come back on the provider's top-level redirect to us.
        setCookie(c, PENDING_COOKIE, loginKey, {
          httpOnly: true,
          sameSite: 'Lax',
          secure,
          path: '/api/auth/google',
          maxAge: 600,
        });
        return c.redirect(redirectTo, 302);
      } catch (error) {
        const message =
          error instanceof GoogleSignInError ? error.message : 'Failed to sign in. Please try again.';
        if (!(error instanceof GoogleSignInError))
          deps.logger.error('google sign-in start failed', { reason: (error as Error).message });
        return c.redirect(loginWithError(message), 302);
      }
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/google/callback',
      tags,
      summary: 'Where the provider returns; opens a session and goes to /dashboard',
      responses: { 302: { description: 'To /dashboard, or back to /login with an error' } },
    }),
    async (c) => {
      const loginKey = getCookie(c, PENDING_COOKIE);
      deleteCookie(c, PENDING_COOKIE, { path: '/api/auth/google', secure });
      try {
        const search = new URL(c.req.url).search;
        const session = await completeGoogleSignIn(deps, loginKey, search);
        setSessionCookie(c, deps.config, session);
        return c.redirect('/dashboard', 302);
      } catch (error) {
        const message =
          error instanceof GoogleSignInError ? error.message : 'Failed to sign in. Please try again.';
        if (!(error instanceof GoogleSignInError))
          deps.logger.error('google sign-in failed', { reason: (error as Error).message });
        return c.redirect(loginWithError(message), 302);
      }
    },
  );

  return router;
}
