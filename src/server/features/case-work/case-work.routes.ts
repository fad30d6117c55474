import type { AppDeps } from '../../app-env';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createStaffRouter } from '../../http/staff-router';
import { listAssignableOfficers } from '../staff-users/staff-users.service';
import { issueRoutes, staffRoute, taskRoutes } from './case-work.route-contracts';
import * as issues from './issues.service';
import * as tasks from './tasks.service';

/** /api/tasks: Task Management (staff, D11). */
export function tasksRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  recordRoutes(router, deps, taskRoutes, {
    list: tasks.listTasks,
    create: tasks.createTask,
    get: tasks.getTask,
    history: tasks.taskHistory,
    update: tasks.updateTask,
    delete: tasks.deleteTask,
  });
  router.openapi(taskRoutes.status, async (c) =>
    c.json(await tasks.setTaskStatus(deps, c.var.staff, recordId(c), c.req.valid('json').status), 200),
  );
  return router;
}

/** /api/issues: the Issue Tracker (staff, D11). */
export function issuesRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = issueRoutes;
  recordRoutes(router, deps, r, {
    list: issues.listIssues,
    create: issues.createIssue,
    get: issues.getIssue,
    history: issues.issueHistory,
    update: issues.updateIssue,
    delete: issues.deleteIssue,
  });
  router.openapi(r.status, async (c) =>
    c.json(await issues.moveIssue(deps, c.var.staff, recordId(c), c.req.valid('json')), 200),
  );
  router.openapi(r.comments, async (c) =>
    c.json(await issues.listComments(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.comment, async (c) =>
    c.json(await issues.addComment(deps, c.var.staff, recordId(c), c.req.valid('json').text), 201),
  );
  return router;
}

/** /api/staff: whom tasks and issues can be assigned to (staff). */
export function staffRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  router.openapi(staffRoute, async (c) => c.json(await listAssignableOfficers(deps.db), 200));
  return router;
}
