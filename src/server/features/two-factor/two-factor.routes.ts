import type { AppDeps } from '../../app-env';
import { createSignedInRouter } from '../../http/staff-router';
import { twoFactorRoutes as r } from './two-factor.route-contracts';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  disableTwoFactor,
  twoFactorStatus,
} from './two-factor.service';

/** /api/me/two-factor: every signed-in account, for itself (Google-only accounts are refused with 409). */
export function twoFactorRoutesOf(deps: AppDeps) {
  const router = createSignedInRouter();
  router.openapi(r.status, async (c) => c.json(await twoFactorStatus(deps, c.var.staff), 200));
  router.openapi(r.setup, async (c) => c.json(await beginTwoFactorSetup(deps, c.var.staff), 200));
  router.openapi(r.confirm, async (c) =>
    c.json(await confirmTwoFactorSetup(deps, c.var.staff, c.req.valid('json').code), 200),
  );
  router.openapi(r.disable, async (c) =>
    c.json(await disableTwoFactor(deps, c.var.staff, c.req.valid('json').password), 200),
  );
  return router;
}
