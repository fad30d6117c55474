import type { AppDeps } from '../../app-env';
import { createStaffRouter } from '../../http/staff-router';
import { listAssignableOfficers } from '../staff-users/staff-users.service';
import { issueRoutes, staffRoute, taskRoutes } from './case-work.route-contracts';
import * as issues from './issues.service';
import * as tasks from './tasks.service';

/** /api/tasks: Task Management (staff, D11). */
export function tasksRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = taskRoutes;
  router.openapi(r.list, async (c) =>
    c.json(await tasks.listTasks(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.create, async (c) =>
    c.json(await tasks.createTask(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await tasks.getTask(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.history, async (c) =>
    c.json(await tasks.taskHistory(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(await tasks.updateTask(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  router.openapi(r.status, async (c) =>
    c.json(
      await tasks.setTaskStatus(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json').status),
      200,
    ),
  );
  router.openapi(r.delete, async (c) => {
    await tasks.deleteTask(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return router;
}

/** /api/issues: the Issue Tracker (staff, D11). */
export function issuesRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = issueRoutes;
  router.openapi(r.list, async (c) =>
    c.json(await issues.listIssues(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.create, async (c) =>
    c.json(await issues.createIssue(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await issues.getIssue(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.history, async (c) =>
    c.json(await issues.issueHistory(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(await issues.updateIssue(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  router.openapi(r.status, async (c) =>
    c.json(await issues.moveIssue(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  router.openapi(r.delete, async (c) => {
    await issues.deleteIssue(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  router.openapi(r.comments, async (c) =>
    c.json(await issues.listComments(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.comment, async (c) =>
    c.json(
      await issues.addComment(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json').text),
      201,
    ),
  );
  return router;
}

/** /api/staff: whom tasks and issues can be assigned to (staff). */
export function staffRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  router.openapi(staffRoute, async (c) => c.json(await listAssignableOfficers(deps.db), 200));
  return router;
}
