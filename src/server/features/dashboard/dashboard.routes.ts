import { createRoute } from '@hono/zod-openapi';
import {
  DashboardMetricsResponseSchema,
  DashboardResponseSchema,
  MetricRecordsParamsSchema,
  MetricRecordsQuerySchema,
  MetricRecordsResponseSchema,
  MyDashboardResponseSchema,
} from '../../../contracts/dashboard';
import type { AppDeps } from '../../app-env';
import { requireStaff, requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';
import { dashboard } from './dashboard.service';
import { getMyDashboard } from './my-dashboard.service';
import { getMetricRecords, getPerformanceMetrics } from './performance-metrics';

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
      return c.json(await dashboard(deps, user), 200);
    },
  );
  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/metrics',
      tags: ['Dashboard'],
      summary:
        'The performance metrics, this period and the one before, over the records the caller reads (staff only)',
      responses: {
        200: jsonResponse(DashboardMetricsResponseSchema, 'Performance metrics'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await getPerformanceMetrics(deps, requireStaff(c.get('user'))), 200),
  );
  router.openapi(
    createRoute({
      method: 'get',
      path: '/dashboard/metrics/{key}',
      tags: ['Dashboard'],
      summary: 'The records a performance metric counts in a period, those that missed first (staff only)',
      // Staff are program officers and above: a caller below gets 401 or 403 whatever they send.
      middleware: roleDoor('program_officer'),
      request: { params: MetricRecordsParamsSchema, query: MetricRecordsQuerySchema },
      responses: {
        200: jsonResponse(MetricRecordsResponseSchema, 'The records counted'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const { key } = c.req.valid('param');
      return c.json(await getMetricRecords(deps, user, key, c.req.valid('query').period), 200);
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
