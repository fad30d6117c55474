import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-env';
import { createRouter, jsonResponse } from '../../http/openapi';

export function healthRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Health'],
      summary: 'Answers ok once the database answers',
      responses: {
        200: jsonResponse(z.object({ status: z.literal('ok') }), 'Healthy'),
        503: jsonResponse(z.object({ status: z.literal('unavailable') }), 'Database not answering'),
      },
    }),
    async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: 'ok' as const }, 200);
      } catch {
        return c.json({ status: 'unavailable' as const }, 503);
      }
    },
  );
  return router;
}
