import { createRoute } from '@hono/zod-openapi';
import { DashboardResponseSchema } from '../../../contracts/dashboard';
import type { AppDeps } from '../../app-env';
import { requireStaff } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { getDashboard } from './dashboard.service';

export function dashboardRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard',
      tags: ['Dashboard'],
      summary: "The dashboard's figures, scoped like the student list (staff only)",
      responses: {
        200: jsonResponse(DashboardResponseSchema, 'Dashboard figures'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await getDashboard(deps, user), 200);
    },
  );
  return router;
}
