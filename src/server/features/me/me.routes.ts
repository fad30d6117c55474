import { createRoute } from '@hono/zod-openapi';
import { SessionStateResponseSchema, VerifySessionResponseSchema } from '../../../contracts/auth';
import { requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { toUserDto } from '../staff-auth/staff-auth.service';

const tags = ['Staff authentication'];

export function meRoutes() {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags,
      summary: 'The signed-in user',
      responses: {
        200: jsonResponse(VerifySessionResponseSchema, 'The signed-in user'),
        ...errorResponses(401),
      },
    }),
    (c) => c.json({ user: toUserDto(requireUser(c.get('user'))) }, 200),
  );
  // The web app asks this when it loads. Being signed out is an answer here, not an error: a 401
  // would be logged in the browser's console on every visit to the sign-in page.
  router.openapi(
    createRoute({
      method: 'get',
      path: '/session',
      tags,
      summary: 'Who is signed in, or null when nobody is (never 401)',
      responses: { 200: jsonResponse(SessionStateResponseSchema, 'The signed-in user, or null') },
    }),
    (c) => {
      const user = c.get('user');
      return c.json({ user: user ? toUserDto(user) : null }, 200);
    },
  );
  return router;
}
