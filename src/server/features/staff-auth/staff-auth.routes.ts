import { createRoute } from '@hono/zod-openapi';
import {
  AUTH_MESSAGES,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResetPasswordRequestSchema,
  SessionTokenRequestSchema,
  SignedInResponseSchema,
  VerifyEmailRequestSchema,
  VerifySessionResponseSchema,
} from '../../../contracts/auth';
import { MessageResponseSchema } from '../../../contracts/common';
import { TwoFactorSignInRequestSchema } from '../../../contracts/two-factor';
import { AcceptInvitationSchema } from '../../../contracts/users';
import { USER_MESSAGES } from '../../../domain/users';
import type { AppDeps } from '../../app-env';
import { clearSessionCookie, sessionTokenFrom, setSessionCookie } from '../../auth/cookies';
import { deleteSession, resolveSession } from '../../auth/sessions';
import { unauthorized } from '../../http/errors';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { sendAuthMailSoon } from './auth-mail';
import * as staffAuth from './staff-auth.service';

const tags = ['Staff authentication'];
const post = (path: string, summary: string) => ({ method: 'post' as const, path, tags, summary });

/** The staff auth service of docs/product.md §7, with the payload and response names the spec gives. */
export function staffAuthRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      ...post('/login', 'Sign in with staff ID and password'),
      request: jsonBody(LoginRequestSchema),
      responses: {
        200: jsonResponse(LoginResponseSchema, 'Signed in'),
        ...errorResponses(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { response, session } = await staffAuth.login(deps, c.req.valid('json'));
      // An account with an authenticator gets its cookie only after the code (POST /two-factor).
      if (session) setSessionCookie(c, deps.config, session);
      return c.json(response, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post(
        '/two-factor',
        "Finish a sign-in with the login's challenge and an authenticator or recovery code",
      ),
      request: jsonBody(TwoFactorSignInRequestSchema),
      responses: {
        200: jsonResponse(SignedInResponseSchema, 'Signed in'),
        ...errorResponses(400, 401, 429),
      },
    }),
    async (c) => {
      const { response, session } = await staffAuth.completeTwoFactorSignIn(deps, c.req.valid('json'));
      setSessionCookie(c, deps.config, session);
      return c.json(response, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post('/register', 'Register a staff account (granted role user; the role asked for is a request)'),
      request: jsonBody(RegisterRequestSchema),
      responses: {
        201: jsonResponse(
          RegisterResponseSchema,
          'Registered, or the email already had an account (its owner is emailed)',
        ),
        ...errorResponses(400, 409),
      },
    }),
    async (c) => {
      const answer = await staffAuth.register(deps, c.req.valid('json'));
      sendAuthMailSoon(deps);
      return c.json(answer, 201);
    },
  );

  router.openapi(
    createRoute({
      ...post('/verify-session', 'The user behind a session token (body) or the session cookie'),
      request: {
        body: { content: { 'application/json': { schema: SessionTokenRequestSchema } }, required: false },
      },
      responses: {
        200: jsonResponse(VerifySessionResponseSchema, 'Session is valid'),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const body = await c.req.json().catch(() => ({}));
      const parsed = SessionTokenRequestSchema.safeParse(body);
      const token = (parsed.success ? parsed.data.session_token : undefined) ?? sessionTokenFrom(c);
      const user = token ? await resolveSession(deps, token) : null;
      if (!user) throw unauthorized('Session expired or invalid');
      return c.json({ user: staffAuth.toUserDto(user) }, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post('/logout', 'End the session'),
      request: {
        body: { content: { 'application/json': { schema: SessionTokenRequestSchema } }, required: false },
      },
      responses: { 200: jsonResponse(MessageResponseSchema, 'Signed out') },
    }),
    async (c) => {
      const body = await c.req.json().catch(() => ({}));
      const parsed = SessionTokenRequestSchema.safeParse(body);
      const token = (parsed.success ? parsed.data.session_token : undefined) ?? sessionTokenFrom(c);
      if (token) await deleteSession(deps, token);
      clearSessionCookie(c, deps.config);
      return c.json({ message: AUTH_MESSAGES.loggedOut }, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post(
        '/forgot-password',
        'Send a password reset link (same answer whether or not the account exists)',
      ),
      request: jsonBody(ForgotPasswordRequestSchema),
      responses: { 200: jsonResponse(ForgotPasswordResponseSchema, 'Accepted'), ...errorResponses(400) },
    }),
    async (c) => {
      const answer = await staffAuth.forgotPassword(deps, c.req.valid('json').email);
      sendAuthMailSoon(deps);
      return c.json(answer, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post('/reset-password', 'Set a new password with a reset token'),
      request: jsonBody(ResetPasswordRequestSchema),
      responses: { 200: jsonResponse(MessageResponseSchema, 'Password changed'), ...errorResponses(400) },
    }),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      await staffAuth.resetPassword(deps, token, newPassword);
      return c.json({ message: AUTH_MESSAGES.passwordReset }, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post('/accept-invitation', 'Set the first password of an invited account with the emailed token'),
      request: jsonBody(AcceptInvitationSchema),
      responses: { 200: jsonResponse(MessageResponseSchema, 'Password set'), ...errorResponses(400) },
    }),
    async (c) => {
      const { token, newPassword } = c.req.valid('json');
      await staffAuth.acceptInvitation(deps, token, newPassword);
      return c.json({ message: USER_MESSAGES.invitationAccepted }, 200);
    },
  );

  router.openapi(
    createRoute({
      ...post('/verify-email', 'Confirm an email address with a verification token'),
      request: jsonBody(VerifyEmailRequestSchema),
      responses: { 200: jsonResponse(MessageResponseSchema, 'Email verified'), ...errorResponses(400) },
    }),
    async (c) => {
      await staffAuth.verifyEmail(deps, c.req.valid('json').token);
      return c.json({ message: AUTH_MESSAGES.emailVerified }, 200);
    },
  );

  return router;
}
