import { createRoute } from '@hono/zod-openapi';
import { VerifySessionResponseSchema } from '../../../contracts/auth';
import { requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { toUserDto } from '../staff-auth/staff-auth.service';

export function meRoutes() {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['Staff authentication'],
      summary: 'The signed-in user',
      responses: {
        200: jsonResponse(VerifySessionResponseSchema, 'The signed-in user'),
        ...errorResponses(401),
      },
    }),
    (c) => c.json({ user: toUserDto(requireUser(c.get('user'))) }, 200),
  );
  return router;
}
