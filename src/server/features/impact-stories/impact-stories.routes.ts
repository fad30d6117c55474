import type { AppDeps } from '../../app-env';
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
  router.openapi(r.create, async (c) =>
    c.json(await stories.createStory(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await stories.getStory(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.view, async (c) =>
    c.json(await stories.viewStory(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(await stories.updateStory(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  router.openapi(r.delete, async (c) => {
    await stories.deleteStory(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  router.openapi(r.approve, async (c) =>
    c.json(
      await stories.approveStory(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json').approved),
      200,
    ),
  );
  router.openapi(r.feature, async (c) =>
    c.json(
      await stories.featureStory(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json').featured),
      200,
    ),
  );
  return router;
}

/** /api/story-categories: everyone reads them; management changes them. */
export function storyCategoriesRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  const r = categoryRoutes;
  router.openapi(r.list, async (c) => c.json(await categories.listCategories(deps), 200));
  router.openapi(r.create, async (c) =>
    c.json(await categories.createCategory(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.update, async (c) =>
    c.json(
      await categories.updateCategory(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')),
      200,
    ),
  );
  router.openapi(r.delete, async (c) => {
    await categories.deleteCategory(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return router;
}
