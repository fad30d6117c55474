import { createRoute } from '@hono/zod-openapi';
import { DashboardResponseSchema, MyDashboardResponseSchema } from '../../../contracts/dashboard';
import type { AppDeps } from '../../app-env';
import { requireStaff, requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { getDashboard } from './dashboard.service';
import { getMyDashboard } from './my-dashboard.service';

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
  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/mine',
      tags: ['Dashboard'],
      summary:
        "Any account's own dashboard: its role, role request, and for a student their record and allowances",
      responses: {
        200: jsonResponse(MyDashboardResponseSchema, 'The signed-in account’s own figures'),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json(await getMyDashboard(deps, requireUser(c.get('user'))), 200),
  );
  return router;
}
