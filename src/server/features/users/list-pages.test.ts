import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DirectoryUserSchema,
  type RoleRequestListResponse,
  RoleRequestSchema,
  type UserListResponse,
} from '../../../contracts/users';
import { ROLE_REQUEST_STATUSES } from '../../../domain/users';
import { roleRequests, users } from '../../db/schema';
import { json } from '../../testing/factories';
import { expectPageOf } from '../../testing/list-items';
import { fileTestContext } from '../../testing/test-file';
import { findRoleRequest } from './role-requests.service';

/*
 * The directory and the role requests (directory-page.ts, role-requests-page.ts): each item must
 * equal the record's own answer (GET /api/users/{id}, findRoleRequest) field for field and in the
 * same order, and the totals and tiles a fresh count, on every path: first pages, other pages,
 * filters and searches.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const get = (as: string, path: string) => t.request('GET', path, { token: tokens[as] });
const DAY = 86_400_000;

/** Accounts with every field the directory shows, null or not, and requests of every status. */
async function fillAccounts() {
  const db = t.deps.db;
  const admin = await t.userId('ADM001');
  const invited = await t.request('POST', '/api/users', {
    token: tokens.ADM001,
    body: {
      staff_id: 'INV100',
      email: 'invited@example.org',
      name: 'Ïnvited Officer',
      role: 'program_officer',
    },
  });
  expect(invited.status).toBe(201);
  const [full, google, inactive] = await db
    .insert(users)
    .values([
      {
        staffId: 'FULL100',
        email: 'full@example.org',
        name: `Chanda "CJ" O'Brien-Mwale`,
        passwordHash: 'hash-that-must-never-show',
        role: 'deputy_manager',
        department: 'Student Support\\Kitwe',
        phoneNumber: '+260971234567',
        address: 'Plot 2,\nCairo Road',
        dateOfBirth: '1990-02-28',
        emergencyContactName: 'Ruth',
        emergencyContactPhone: '+260966000111',
        emergencyContactRelationship: 'Sister',
        createdById: admin,
        emailVerifiedAt: new Date('2026-01-02T03:04:05.678Z'),
        lastLogin: new Date('2026-03-15T10:11:12.345Z'),
        twoFactorSecret: 'secret-that-must-never-show',
      },
      {
        staffId: null,
        authId: 'google-subject-100',
        email: 'google@example.org',
        name: 'Google Person',
        role: 'student',
      },
      { staffId: 'OFF100', email: 'off@example.org', name: 'Aaron Inactive', role: 'user', isActive: false },
    ])
    .returning();
  await db.insert(roleRequests).values([
    { userId: google!.id, role: 'program_officer', status: 'pending', note: 'From Kitwe' },
    {
      userId: full!.id,
      role: 'admin',
      status: 'declined',
      note: null,
      decidedById: admin,
      decidedByName: 'Mutale Bwalya',
      decidedAt: new Date(Date.now() - DAY),
      createdAt: new Date(Date.now() - 2 * DAY),
    },
    { userId: full!.id, role: 'admin', status: 'pending', createdAt: new Date(Date.now() - 3 * DAY) },
    { userId: inactive!.id, role: 'student', status: 'replaced', decidedAt: new Date(Date.now() - DAY) },
    {
      userId: inactive!.id,
      role: 'program_officer',
      status: 'granted',
      note: 'Welcome',
      decidedById: admin,
      decidedByName: 'Mutale Bwalya',
      decidedAt: new Date(Date.now() - 5 * DAY),
      createdAt: new Date(Date.now() - 6 * DAY),
    },
  ]);
}

/** The directory's ids for a condition as PostgreSQL orders them, and every account's role and state. */
async function expectedDirectory(where = sql`true`) {
  const rows = await t.deps.db.execute<{ id: string }>(
    sql`select id from users where ${where} order by name asc, id asc`,
  );
  return rows.rows.map((r) => r.id);
}

async function freshTiles() {
  const all = await t.deps.db.select({ role: users.role, isActive: users.isActive }).from(users);
  const n = (f: (u: (typeof all)[number]) => boolean) => all.filter(f).length;
  return {
    admins: n((u) => u.role === 'admin'),
    officers: n((u) => u.role === 'program_officer'),
    managers: n((u) => u.role === 'deputy_manager'),
    students: n((u) => u.role === 'student'),
    active: n((u) => u.isActive),
    inactive: n((u) => !u.isActive),
  };
}

/** Each item equals GET /api/users/{id}, keys in the same order. */
async function expectItemsAreRecords(items: UserListResponse['items']) {
  for (const item of items) {
    const record = await json(await get('ADM001', `/api/users/${item.id}`));
    expect(item).toEqual(record);
    expect(Object.keys(item)).toEqual(Object.keys(record));
    expect(Object.keys(item)).toEqual(Object.keys(DirectoryUserSchema.shape));
  }
}

describe('the directory', () => {
  it('answers each account as its record, with tiles and totals of a fresh count, on every path', async () => {
    await fillAccounts();
    const tiles = await freshTiles();
    const everyone = await expectedDirectory();
    const contains = (term: string) =>
      sql.join(
        ['name', 'staff_id', 'email', 'department'].map(
          (c) => sql`${sql.identifier(c)} ilike ${`%${term}%`}`,
        ),
        sql` or `,
      );
    // One or two letters match the start of a word (D17).
    const starts = (term: string) =>
      sql.join(
        ['name', 'staff_id', 'email', 'department'].map(
          (c) =>
            sql`(${sql.identifier(c)} ilike ${`${term}%`} or ${sql.identifier(c)} ilike ${`% ${term}%`})`,
        ),
        sql` or `,
      );
    // [query, every account it matches in order]
    const cases: Array<[string, string[]]> = [
      ['page=1&pageSize=25', everyone],
      ['page=1&pageSize=24', everyone],
      ['page=2&pageSize=3', everyone],
      ['role=program_officer', await expectedDirectory(sql`role = 'program_officer'`)],
      ['role=student&page=1&pageSize=25', await expectedDirectory(sql`role = 'student'`)],
      ['role=user&page=1&pageSize=24', await expectedDirectory(sql`role = 'user'`)],
      ['status=inactive', await expectedDirectory(sql`not is_active`)],
      [
        'status=active&role=deputy_manager',
        await expectedDirectory(sql`is_active and role = 'deputy_manager'`),
      ],
      ['q=mwale', await expectedDirectory(contains('mwale'))],
      ['q=o&role=user', await expectedDirectory(sql`role = 'user' and (${starts('o')})`)],
      [
        'q=example.org&status=active&page=2&pageSize=2',
        await expectedDirectory(sql`is_active and (${contains('example.org')})`),
      ],
    ];
    for (const [query, ids] of cases) {
      const res = await get('ADM001', `/api/users?${query}`);
      expect(res.status, query).toBe(200);
      const body = await json<UserListResponse>(res);
      expectPageOf(body, ids, query);
      expect(body.total_capped, query).toBe(false);
      expect(body.counts, query).toEqual(tiles);
      await expectItemsAreRecords(body.items);
    }
    expect(cases.every(([, ids]) => ids.length > 0)).toBe(true);
  });

  it('reads the same for a deputy manager, and carries no password, token or secret', async () => {
    const admins = await get('ADM001', '/api/users?page=1&pageSize=25');
    const managers = await get('DPM001', '/api/users?page=1&pageSize=25');
    const text = await admins.text();
    expect(await managers.text()).toBe(text);
    expect(admins.headers.get('content-type')).toContain('application/json');
    expect(text).not.toMatch(/password|token|secret|must-never-show|auth_id/i);
    expect((await get('PO001', '/api/users')).status).toBe(403);
  });

  it('answers an empty page past the end with the totals', async () => {
    const body = await json<UserListResponse>(await get('ADM001', '/api/users?page=50&pageSize=25'));
    expect(body).toMatchObject({
      items: [],
      total: (await expectedDirectory()).length,
      page: 50,
      pageSize: 25,
    });
  });

  it('counts a broad search up to the cap, and pages no further (D17)', async () => {
    await t.deps.db.insert(users).values(
      Array.from({ length: 1_010 }, (_, i) => ({
        staffId: `BULK${i}`,
        email: `bulk${i}@example.org`,
        name: `Bulk Member ${i}`,
      })),
    );
    const ids = await expectedDirectory(sql`name ilike '%bulk member%'`);
    const first = await json<UserListResponse>(await get('ADM001', '/api/users?q=bulk%20member'));
    expect(first).toMatchObject({ total: 1_000, total_capped: true });
    expect(first.items.map((u) => u.id)).toEqual(ids.slice(0, first.pageSize));
    const beyond = await json<UserListResponse>(
      await get('ADM001', '/api/users?q=bulk%20member&page=41&pageSize=25'),
    );
    expect(beyond).toMatchObject({ items: [], total: 1_000, total_capped: true });
    const unsearched = await json<UserListResponse>(await get('ADM001', '/api/users?page=1&pageSize=25'));
    expect(unsearched.total).toBe((await expectedDirectory()).length);
    expect(unsearched.counts).toEqual(await freshTiles());
  });
});

describe('the role requests', () => {
  it('answers each request as its record, newest first, with the count of its status', async () => {
    for (const status of ROLE_REQUEST_STATUSES) {
      const ids = (
        await t.deps.db.execute<{ id: string }>(
          sql`select id from role_requests where status = ${status} order by created_at desc, id desc`,
        )
      ).rows.map((r) => r.id);
      for (const query of [
        `status=${status}`,
        `status=${status}&page=1&pageSize=25`,
        `status=${status}&page=2&pageSize=1`,
      ]) {
        const res = await get('ADM001', `/api/role-requests?${query}`);
        expect(res.status, query).toBe(200);
        const body = await json<RoleRequestListResponse>(res);
        expectPageOf(body, ids, query);
        for (const item of body.items) {
          const record = await findRoleRequest(t.deps.db, item.id);
          expect(item).toEqual(record);
          expect(Object.keys(item)).toEqual(Object.keys(RoleRequestSchema.shape));
        }
      }
    }
    const pending = await json<RoleRequestListResponse>(
      await get('ADM001', '/api/role-requests?page=1&pageSize=50'),
    );
    expect(pending.items.length).toBeGreaterThan(1);
    expect(pending.items.every((r) => r.status === 'pending')).toBe(true);
  });
});

describe("an account's list item after every kind of change", () => {
  it('lists the account as its record after every kind of change, whoever writes it', async () => {
    const created = await t.request('POST', '/api/users', {
      token: tokens.ADM001,
      body: { staff_id: 'KEPT100', email: 'kept@example.org', name: 'Kept Account', role: 'user' },
    });
    expect(created.status).toBe(201);
    const { id } = await json<{ id: string }>(created);
    const as = (method: 'PUT' | 'POST', path: string, body?: unknown) => async () => {
      const res = await t.request(method, path, { token: tokens.ADM001, body });
      expect(res.status, `${method} ${path}`).toBe(200);
    };
    const written = (change: ReturnType<typeof sql>) => async () => {
      await t.deps.db.execute(sql`update users set ${change} where id = ${id}`);
    };
    const changes: Array<[string, () => Promise<void>]> = [
      ['created', async () => {}],
      [
        'edited, with text that JSON must escape',
        as('PUT', `/api/users/${id}`, {
          name: 'Kept "Quoted" \\ Account',
          email: 'kept.account@example.org',
          phone_number: '+260 97 123 4567',
          address: 'Plot 5\nKabulonga\tLusaka',
          date_of_birth: '1990-02-03',
          department: 'Field Office',
          emergency_contact_name: 'Mwila Banda',
          emergency_contact_phone: '+260 96 765 4321',
          emergency_contact_relationship: 'Brother',
        }),
      ],
      ['given a role', as('POST', `/api/users/${id}/role`, { role: 'program_officer' })],
      ['deactivated', as('POST', `/api/users/${id}/deactivate`)],
      ['activated', as('POST', `/api/users/${id}/activate`)],
      ['signed in', written(sql`last_login = '2026-03-16T07:59:58.5Z', email_verified_at = now()`)],
      ['given a password and a Google link', written(sql`password_hash = 'x', auth_id = 'google-kept'`)],
      ['left without a staff ID', written(sql`staff_id = null`)],
    ];
    for (const [change, make] of changes) {
      await make();
      const page = await json<UserListResponse>(await get('ADM001', '/api/users?page=1&pageSize=100&q=kept'));
      const item = page.items.find((u) => u.id === id);
      expect(item, change).toBeDefined();
      await expectItemsAreRecords([item!]);
    }
  });
});
