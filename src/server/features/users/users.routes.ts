import { USER_DIRECTORY_ROLE, USER_MANAGER_ROLE } from '../../../domain/users';
import type { AppDeps } from '../../app-env';
import { recordId } from '../../http/record-routes';
import { createRoleRouter, createSignedInRouter } from '../../http/staff-router';
import { accountHistory, findDirectoryUser, roleSummaries } from './directory.service';
import { directoryPage } from './directory-page';
import { getMyPreferences, saveMyPreferences } from './my-preferences.service';
import { changeMyPassword, getMyProfile, updateMyProfile } from './my-profile.service';
import { decideRoleRequest, requestRole } from './role-requests.service';
import { roleRequestPage } from './role-requests-page';
import * as admin from './user-admin.service';
import { myProfileRoutes, userRoutes as r, roleRequestRoutes } from './users.route-contracts';

/** /api/users: the directory (deputy managers and admins) and its changes (admins). */
export function usersRoutes(deps: AppDeps) {
  const router = createRoleRouter(USER_DIRECTORY_ROLE);
  // List pages' texts are written by PostgreSQL (directory-page.ts, role-requests-page.ts), sent as they are.
  router.openapi(r.list, async (c) => c.json(await directoryPage(deps.db, c.req.valid('query')), 200));
  router.openapi(r.roles, async (c) => c.json(await roleSummaries(deps), 200));
  router.openapi(r.invite, async (c) =>
    c.json(await admin.inviteUser(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) => c.json(await findDirectoryUser(deps.db, recordId(c)), 200));
  router.openapi(r.history, async (c) => c.json(await accountHistory(deps, recordId(c)), 200));
  router.openapi(r.update, async (c) =>
    c.json(await admin.updateUser(deps, c.var.staff, recordId(c), c.req.valid('json')), 200),
  );
  router.openapi(r.role, async (c) =>
    c.json(await admin.changeRole(deps, c.var.staff, recordId(c), c.req.valid('json').role), 200),
  );
  router.openapi(r.activate, async (c) =>
    c.json(await admin.setActive(deps, c.var.staff, recordId(c), true), 200),
  );
  router.openapi(r.deactivate, async (c) =>
    c.json(await admin.setActive(deps, c.var.staff, recordId(c), false), 200),
  );
  router.openapi(r.passwordReset, async (c) =>
    c.json(await admin.sendPasswordReset(deps, c.var.staff, recordId(c)), 200),
  );
  return router;
}

/** /api/role-requests: admins only. */
export function roleRequestsRoutes(deps: AppDeps) {
  const router = createRoleRouter(USER_MANAGER_ROLE);
  const rr = roleRequestRoutes;
  router.openapi(rr.list, async (c) => c.json(await roleRequestPage(deps.db, c.req.valid('query')), 200));
  router.openapi(rr.grant, async (c) =>
    c.json(
      await decideRoleRequest(deps, c.var.staff, recordId(c), 'granted', c.req.valid('json').note ?? null),
      200,
    ),
  );
  router.openapi(rr.decline, async (c) =>
    c.json(
      await decideRoleRequest(deps, c.var.staff, recordId(c), 'declined', c.req.valid('json').note ?? null),
      200,
    ),
  );
  return router;
}

/** /api/me/profile, /api/me/password, /api/me/preferences, /api/me/role-request: every signed-in user, for themselves. */
export function myProfileRoutesOf(deps: AppDeps) {
  const router = createSignedInRouter();
  const m = myProfileRoutes;
  router.openapi(m.get, async (c) => c.json(await getMyProfile(deps, c.var.staff), 200));
  router.openapi(m.update, async (c) =>
    c.json(await updateMyProfile(deps, c.var.staff, c.req.valid('json')), 200),
  );
  router.openapi(m.password, async (c) =>
    c.json(await changeMyPassword(deps, c.var.staff, c.req.valid('json')), 200),
  );
  router.openapi(m.preferences, async (c) => c.json(await getMyPreferences(deps, c.var.staff), 200));
  router.openapi(m.savePreferences, async (c) =>
    c.json(await saveMyPreferences(deps, c.var.staff, c.req.valid('json')), 200),
  );
  router.openapi(m.roleRequest, async (c) => {
    await requestRole(deps, c.var.staff, c.req.valid('json').role);
    return c.json(await getMyProfile(deps, c.var.staff), 201);
  });
  return router;
}
