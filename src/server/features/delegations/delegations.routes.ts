import type { AppDeps } from '../../app-env';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createStaffRouter } from '../../http/staff-router';
import * as contracts from './delegations.route-contracts';
import * as delegations from './delegations.service';

/** Delegation of approvals: each route of delegations.route-contracts.ts, handed to its service. */
export function delegationsRoutes(deps: AppDeps) {
  const router = createStaffRouter();

  router.openapi(contracts.eligibleDelegatesRoute, async (c) =>
    c.json(await delegations.eligibleDelegates(deps, c.var.staff), 200),
  );

  recordRoutes(
    router,
    deps,
    { list: contracts.listDelegationsRoute, create: contracts.createDelegationRoute },
    { list: delegations.listDelegations, create: delegations.createDelegation },
  );

  router.openapi(contracts.revokeDelegationRoute, async (c) =>
    c.json(await delegations.revokeDelegation(deps, c.var.staff, recordId(c)), 200),
  );

  return router;
}
