import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../domain/roles';
import type { SessionUser } from '../app-env';
import { requireRole, requireStaff, requireUser } from '../auth/middleware';
import { createRouter } from './openapi';

/** The context of a staff-only router's handlers: `staff` is the signed-in staff user. */
export interface StaffEnv {
  Variables: { user: SessionUser | null; staff: SessionUser };
}

/**
 * A router for an area that only staff reach (docs/product.md, roles and permissions: students and
 * allowances are staff only). The door is checked once, before any request validation, so a
 * signed-out caller gets 401 and a non-staff one 403 whatever they send, and never learns more.
 */
export function createStaffRouter() {
  const router = createRouter<StaffEnv>();
  router.use('*', async (c, next) => {
    c.set('staff', requireStaff(c.get('user')));
    await next();
  });
  return router;
}

/**
 * A router for an area only one role and those above it reach (the Activity Log: admins), with
 * the door checked once like createStaffRouter's. Handlers get the user as `staff`.
 */
export function createRoleRouter(role: Role) {
  const router = createRouter<StaffEnv>();
  router.use('*', async (c, next) => {
    c.set('staff', requireRole(c.get('user'), role));
    await next();
  });
  return router;
}

/**
 * A router for what every signed-in account reaches (the bell, the top bar's search), the door
 * checked once like createStaffRouter's. Handlers get the user as `staff`, whatever their role.
 */
export function createSignedInRouter() {
  const router = createRouter<StaffEnv>();
  router.use('*', async (c, next) => {
    c.set('staff', requireUser(c.get('user')));
    await next();
  });
  return router;
}

/**
 * One route's door inside a wider router (a management route of an area everyone reads): the role
 * is checked before the request is validated, so a caller below it gets 403 whatever they send.
 * Give it as the route contract's `middleware`.
 */
export function roleDoor(role: Role): MiddlewareHandler<StaffEnv> {
  return async (c, next) => {
    requireRole(c.get('user'), role);
    await next();
  };
}
