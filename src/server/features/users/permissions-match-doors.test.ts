import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../domain/role-permissions';
import { ROLES } from '../../../domain/roles';
import { signedIn } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * The permission list User Management shows is generated from the domain's rules; this checks it
 * against what the server's doors really answer, role by role, so neither can drift alone.
 * A probe is let through (anything but 403: 200, or 400 for an empty body) or turned away (403).
 */

const { t } = fileTestContext();

const PROBES: Array<{ permission: string; route: string; body?: unknown }> = [
  {
    permission: 'Students, profiles and allowances of the students assigned to them',
    route: 'GET /api/students',
  },
  { permission: 'Corporate collaborations: landlords and institutions', route: 'GET /api/landlords' },
  { permission: 'Add and change library resources', route: 'POST /api/library', body: {} },
  { permission: 'Post announcements and organise events', route: 'POST /api/announcements', body: {} },
  { permission: 'Post announcements and organise events', route: 'POST /api/events', body: {} },
  { permission: 'Manage yearbooks and impact stories', route: 'POST /api/yearbooks', body: {} },
  {
    permission: 'Manage users: roles, role requests, activation, invitations',
    route: 'POST /api/users',
    body: {},
  },
  {
    permission: 'Manage users: roles, role requests, activation, invitations',
    route: 'GET /api/role-requests',
  },
  { permission: 'System settings and the activity log', route: 'GET /api/audit' },
];

/** Permissions that also come with a wider one (every student includes the officer's scope). */
const alsoGrantedBy: Record<string, string[]> = {
  'Students, profiles and allowances of the students assigned to them': [
    'Students, profiles and allowances of every student',
  ],
};

describe('the permission list matches the server', () => {
  it.each(ROLES)('%s: every permission listed opens its door, and no other door opens', async (role) => {
    const token = await signedIn(t, role);
    const listed = permissionsOf(role);
    const expected: string[] = [];
    const answered: string[] = [];
    for (const probe of PROBES) {
      const [method, path] = probe.route.split(' ') as [string, string];
      const res = await t.request(method, path, { token, body: probe.body });
      const granted = [probe.permission, ...(alsoGrantedBy[probe.permission] ?? [])].some((p) =>
        listed.includes(p),
      );
      expected.push(`${probe.route} ${granted ? 'open' : 'closed'}`);
      answered.push(`${probe.route} ${res.status === 403 ? 'closed' : 'open'}`);
    }
    expect(answered).toEqual(expected);
  });
});
