import type { SessionUser } from '../app-env';
import { requireStaff } from '../auth/middleware';
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
