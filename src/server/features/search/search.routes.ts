import { createRoute } from '@hono/zod-openapi';
import { SearchQuerySchema, SearchResponseSchema } from '../../../contracts/search';
import type { AppDeps } from '../../app-env';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { createSignedInRouter } from '../../http/staff-router';
import { searchEverything } from './search.service';

/** The top bar's search over every area the signed-in user may read. */
export function searchRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Search'],
      summary:
        'Records matching q in every area the user may read, grouped by area (1-2 characters match the start of a name or number, 3 or more anywhere)',
      request: { query: SearchQuerySchema },
      responses: {
        200: jsonResponse(SearchResponseSchema, 'What each area found, at most 6 each'),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => c.json(await searchEverything(deps, c.var.staff, c.req.valid('query').q), 200),
  );
  return router;
}
