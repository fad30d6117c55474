import { existsSync } from 'node:fs';
import path from 'node:path';
import { createRoute } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../app-env';
import { createRouter, jsonResponse } from '../../http/openapi';

const WebAppState = z.enum(['built', 'not_built']);

export function healthRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Health'],
      summary: 'Answers ok once the database answers (and, in production, the web app is built)',
      description:
        "For a load balancer's health check. `web_app` says whether the web app's build is there; production without it is unavailable, since every page would fail.",
      responses: {
        200: jsonResponse(z.object({ status: z.literal('ok'), web_app: WebAppState }), 'Healthy'),
        503: jsonResponse(
          z.object({ status: z.literal('unavailable'), web_app: WebAppState }),
          'Database not answering, or no web app build in production',
        ),
      },
    }),
    async (c) => {
      const webApp: z.infer<typeof WebAppState> = existsSync(path.join(deps.config.webDir, 'index.html'))
        ? 'built'
        : 'not_built';
      const unavailable = { status: 'unavailable' as const, web_app: webApp };
      if (webApp === 'not_built' && deps.config.nodeEnv === 'production') return c.json(unavailable, 503);
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: 'ok' as const, web_app: webApp }, 200);
      } catch {
        return c.json(unavailable, 503);
      }
    },
  );
  return router;
}
