import type { AppDeps } from '../../app-env';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createSignedInRouter } from '../../http/staff-router';
import { categoryRoutes, storyRoutes } from './impact-stories.route-contracts';
import * as stories from './impact-stories.service';
import * as categories from './story-categories.service';

/** /api/impact-stories: Impact Stories and their management (D11), fixed paths before ids. */
export function impactStoriesRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  const r = storyRoutes;
  router.openapi(r.list, async (c) => c.json(await stories.listStories(deps, c.req.valid('query')), 200));
  router.openapi(r.manage, async (c) =>
    c.json(await stories.manageStories(deps, c.var.staff, c.req.valid('query')), 200),
  );
  recordRoutes(router, deps, r, {
    create: stories.createStory,
    get: stories.getStory,
    update: stories.updateStory,
    delete: stories.deleteStory,
  });
  router.openapi(r.view, async (c) => c.json(await stories.viewStory(deps, c.var.staff, recordId(c)), 200));
  router.openapi(r.approve, async (c) =>
    c.json(await stories.approveStory(deps, c.var.staff, recordId(c), c.req.valid('json').approved), 200),
  );
  router.openapi(r.feature, async (c) =>
    c.json(await stories.featureStory(deps, c.var.staff, recordId(c), c.req.valid('json').featured), 200),
  );
  return router;
}

/** /api/story-categories: everyone reads them; management changes them. */
export function storyCategoriesRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  const r = categoryRoutes;
  router.openapi(r.list, async (c) => c.json(await categories.listCategories(deps), 200));
  recordRoutes(router, deps, r, {
    create: categories.createCategory,
    update: categories.updateCategory,
    delete: categories.deleteCategory,
  });
  return router;
}
