import { expect } from 'vitest';
import { hasRoleRank, ROLES, type Role, STAFF_ROLES, type StaffRole } from '../../domain/roles';
import { signedIn } from './factories';
import type { TestContext } from './test-app';

/** Who calls: nobody signed in, or the demo account of a role. */
export type Identity = 'signed out' | Role;
export const IDENTITIES: readonly Identity[] = ['signed out', ...ROLES];

export interface AccessCase {
  /** Method and path, as 'GET /api/students'. */
  route: string;
  as: Identity;
  status: number;
  /** A JSON body to send. */
  body?: unknown;
  /** Request headers besides the session's (an If-Match). */
  headers?: Record<string, string>;
  /** The answer's `error` message, when it matters. */
  error?: string;
}

/**
 * The statuses of a staff-only route: 401 signed out, 403 for `user` and `student` accounts, and
 * `staff` for each staff role (one status for all, or one per role).
 */
export function staffOnly(staff: number | Record<StaffRole, number>): Record<Identity, number> {
  const ofStaff = (role: StaffRole) => (typeof staff === 'number' ? staff : staff[role]);
  return {
    'signed out': 401,
    user: 403,
    student: 403,
    ...(Object.fromEntries(STAFF_ROLES.map((role) => [role, ofStaff(role)])) as Record<StaffRole, number>),
  };
}

/**
 * Cases for each route x identity from a table of routes; a 403 answer must carry `forbidden`
 * as its message when given.
 */
export function accessMatrix(
  routes: Array<{
    route: string;
    body?: unknown;
    headers?: Record<string, string>;
    statuses: Record<Identity, number>;
  }>,
  options: { forbidden?: string } = {},
): AccessCase[] {
  return routes.flatMap(({ route, body, headers, statuses }) =>
    IDENTITIES.map((as) => ({
      route,
      as,
      status: statuses[as],
      ...(body === undefined ? {} : { body }),
      ...(headers === undefined ? {} : { headers }),
      ...(statuses[as] === 403 && options.forbidden ? { error: options.forbidden } : {}),
    })),
  );
}

/**
 * Sends each case's request, in order, and expects every status (and message, where a case names
 * one) at once, so a failure lists every route and identity that answered otherwise.
 */
export async function expectAccess(t: TestContext, cases: AccessCase[]): Promise<void> {
  const tokens = new Map<Role, string>();
  const tokenOf = async (as: Identity) => {
    if (as === 'signed out') return undefined;
    if (!tokens.has(as)) tokens.set(as, await signedIn(t, as));
    return tokens.get(as);
  };
  const expected = cases.map(({ route, as, status, error }) => ({ route, as, status, error }));
  const answered: typeof expected = [];
  for (const { route, as, body, headers, error } of cases) {
    const [method, path] = route.split(' ') as [string, string];
    const res = await t.request(method, path, { body, headers, token: await tokenOf(as) });
    const message = error === undefined ? undefined : ((await res.json()) as { error?: string }).error;
    answered.push({ route, as, status: res.status, error: message });
  }
  expect(answered).toEqual(expected);
}

/**
 * The statuses of a route only `role` and the roles above it reach (docs/product.md §6 ranks):
 * 401 signed out, 403 below the role, `status` from it up.
 */
export function fromRole(role: Role, status: number): Record<Identity, number> {
  return Object.fromEntries(
    IDENTITIES.map((as) => [as, as === 'signed out' ? 401 : hasRoleRank(as, role) ? status : 403]),
  ) as Record<Identity, number>;
}

/** The statuses of a route every signed-in account reaches alike. */
export function signedInOnly(status: number): Record<Identity, number> {
  return Object.fromEntries(IDENTITIES.map((as) => [as, as === 'signed out' ? 401 : status])) as Record<
    Identity,
    number
  >;
}
