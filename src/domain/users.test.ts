import { describe, expect, it } from 'vitest';
import { lastLoginLabel, USER_MESSAGES as M, roleChangeRefusal } from './users';

const admin = (id: string, isActive = true) => ({ id, role: 'admin' as const, isActive });

describe('roleChangeRefusal', () => {
  it('refuses changing your own role or deactivating yourself', () => {
    expect(roleChangeRefusal({ actorId: 'a', target: admin('a'), newRole: 'user', activeAdmins: 3 })).toBe(
      M.ownRole,
    );
    expect(roleChangeRefusal({ actorId: 'a', target: admin('a'), newRole: null, activeAdmins: 3 })).toBe(
      M.ownDeactivation,
    );
  });

  it('keeps the last active admin an active admin', () => {
    expect(roleChangeRefusal({ actorId: 'a', target: admin('b'), newRole: 'user', activeAdmins: 1 })).toBe(
      M.lastAdmin,
    );
    expect(roleChangeRefusal({ actorId: 'a', target: admin('b'), newRole: null, activeAdmins: 1 })).toBe(
      M.lastAdmin,
    );
    expect(
      roleChangeRefusal({ actorId: 'a', target: admin('b'), newRole: 'user', activeAdmins: 2 }),
    ).toBeNull();
    expect(
      roleChangeRefusal({ actorId: 'a', target: admin('b'), newRole: 'admin', activeAdmins: 1 }),
    ).toBeNull();
  });

  it('lets an inactive admin or any other account change', () => {
    expect(
      roleChangeRefusal({ actorId: 'a', target: admin('b', false), newRole: 'user', activeAdmins: 1 }),
    ).toBeNull();
    const officer = { id: 'c', role: 'program_officer' as const, isActive: true };
    expect(roleChangeRefusal({ actorId: 'a', target: officer, newRole: null, activeAdmins: 1 })).toBeNull();
  });
});

describe('lastLoginLabel', () => {
  const now = new Date('2026-03-16T08:00:00Z');
  const date = (iso: string) => `on ${iso.slice(0, 10)}`;
  it('counts Lusaka days: Today, Yesterday, N days ago up to 7, then the date', () => {
    expect(lastLoginLabel(null, now, date)).toBe('Never');
    expect(lastLoginLabel('2026-03-15T22:30:00Z', now, date)).toBe('Today'); // 00:30 on the 16th in Lusaka
    expect(lastLoginLabel('2026-03-15T21:30:00Z', now, date)).toBe('Yesterday');
    expect(lastLoginLabel('2026-03-09T12:00:00Z', now, date)).toBe('7 days ago');
    expect(lastLoginLabel('2026-03-08T12:00:00Z', now, date)).toBe('on 2026-03-08');
  });
});
