import type { MiddlewareHandler } from 'hono';
import { hasRoleRank, isStaffRole, type Role } from '../../domain/roles';
import type { AppDeps, AppEnv, SessionUser } from '../app-env';
import { forbidden, unauthorized } from '../http/errors';
import { inProgrammeZone } from '../programme-time';
import { sessionTokenFrom } from './cookies';
import { resolveSessionAndZone } from './sessions';

/**
 * Puts the signed-in user (or null) on the context for every API request, and runs the request in
 * the programme's time zone and date format read with the session (programme-time.ts).
 */
export function loadSessionUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = sessionTokenFrom(c);
    if (!token) {
      c.set('user', null);
      return next();
    }
    const { user, zone, dayFormat } = await resolveSessionAndZone(deps, token);
    c.set('user', user);
    return inProgrammeZone(zone, next, dayFormat);
  };
}

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw unauthorized();
  return user;
}

/** Staff roles only (docs/product.md D9): student data is out of reach for `user` and `student` accounts. */
export function requireStaff(user: SessionUser | null): SessionUser {
  const u = requireUser(user);
  if (!isStaffRole(u.role))
    throw forbidden("You don't have permission to access this resource. Required role: program_officer");
  return u;
}

export function requireRole(user: SessionUser | null, role: Role): SessionUser {
  const u = requireUser(user);
  if (!hasRoleRank(u.role, role))
    throw forbidden(`You don't have permission to access this resource. Required role: ${role}`);
  return u;
}
