/**
 * The dashboard's student groups are kept per scope and version of the students
 * (dashboard-figures.ts, schema/dashboard-student-groups.ts): asked again, the kept row answers;
 * after any write to students they are counted afresh and kept again; a newer version is never
 * replaced by an older one; an account that reaches no students never shares everyone's row.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DashboardResponseSchema } from '../../../contracts/dashboard';
import type { ProgramLevel, ProgramStatus } from '../../../domain/students';
import type { SessionUser } from '../../app-env';
import { runWithValues } from '../../db/prepared';
import { dashboardStudentGroups, students, studentsVersion, users } from '../../db/schema';
import { NO_SCOPE } from '../../db/schema/row-tallies';
import type { Logger } from '../../http/logger';
import { fileTestContext } from '../../testing/test-file';
import {
  type StudentCountGroup,
  studentCountGroupsFromJson,
  studentCountGroupsJson,
} from '../students/students.service';
import { dashboardFigures } from './dashboard-figures';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001'] });

/** The signed-in user as the dashboard's service sees it, for a demo account. */
async function sessionUser(staffId: string): Promise<SessionUser> {
  const [u] = await t.database.db.select().from(users).where(eq(users.staffId, staffId));
  return {
    id: u!.id,
    name: u!.name,
    email: u!.email,
    role: u!.role,
    department: u!.department,
    staffId: u!.staffId,
    photoUrl: u!.photoUrl,
    lastLogin: u!.lastLogin,
    sessionId: 'test',
    mustChangePassword: false,
    mustSetUpTwoFactor: false,
  };
}

const byKey = (groups: StudentCountGroup[]) =>
  [...groups].sort((a, b) =>
    `${a.level}${a.status}${a.year}`.localeCompare(`${b.level}${b.status}${b.year}`),
  );

const groupsOf = async (staffId: string, deps = t.deps) =>
  byKey((await dashboardFigures(deps, await sessionUser(staffId))).groups);

/** The groups counted straight from student_counts, as the dashboard's statement counts them. */
async function counted(officer?: string): Promise<StudentCountGroup[]> {
  const query = t.database.db
    .select({
      groups: studentCountGroupsJson(officer === undefined ? undefined : sql.placeholder('officer')).as(
        'groups',
      ),
    })
    .from(sql`(select 1) as direct`);
  const [row] = await runWithValues(query, { officer });
  return byKey(studentCountGroupsFromJson(String(row!.groups)));
}

const version = async () => (await t.database.db.select().from(studentsVersion))[0]!.version;
const keptRow = async (scope: string) =>
  (
    await t.database.db.select().from(dashboardStudentGroups).where(eq(dashboardStudentGroups.scope, scope))
  )[0];

let serial = 0;
async function addStudent(
  officer: string | null,
  level: ProgramLevel = 'university',
  status: ProgramStatus = 'enrolled',
  startDate: string | null = '2024-02-01',
) {
  serial++;
  const [row] = await t.database.db
    .insert(students)
    .values({
      firstName: `Group${serial}`,
      lastName: 'Kept',
      fullName: `Group${serial} Kept`,
      programLevel: level,
      programStatus: status,
      startDate,
      assignedOfficerId: officer,
      chlNumber: `CHL-DSG-${serial}`,
    })
    .returning({ id: students.id });
  return row!.id;
}

/** Everyone's and PO001's groups equal a fresh count, and each is kept at the current version. */
async function expectCountedAndKept(po1: string) {
  const now = await version();
  for (const [staffId, scope, officer] of [
    ['ADM001', NO_SCOPE, undefined],
    ['PO001', po1, po1],
  ] as const) {
    const expected = await counted(officer);
    expect(await groupsOf(staffId), staffId).toEqual(expected);
    const row = await keptRow(scope);
    expect(row?.studentsVersion, staffId).toBe(now);
    expect(byKey(studentCountGroupsFromJson(row!.groups)), staffId).toEqual(expected);
    // Asked again: the kept row answers the same.
    expect(await groupsOf(staffId), staffId).toEqual(expected);
  }
}

describe("the dashboard's kept student groups", () => {
  it('equal a fresh count after every kind of write, for everyone and for an officer', async () => {
    const po1 = await t.userId('PO001');
    const po2 = await t.userId('PO002');
    await addStudent(po1, 'university', 'enrolled', '2023-02-01');
    const moved = await addStudent(po2, 'diploma', 'enrolled', '2022-02-01');
    await addStudent(null, 'launch_year', 'enrolled', null);
    await expectCountedAndKept(po1);

    // A new student of the officer's.
    const added = await addStudent(po1, 'diploma', 'enrolled', '2021-02-01');
    await expectCountedAndKept(po1);
    // A change of status.
    await t.database.db.update(students).set({ programStatus: 'graduated' }).where(eq(students.id, added));
    await expectCountedAndKept(po1);
    // A change of officer, to the officer and away again.
    await t.database.db.update(students).set({ assignedOfficerId: po1 }).where(eq(students.id, moved));
    await expectCountedAndKept(po1);
    await t.database.db.update(students).set({ assignedOfficerId: null }).where(eq(students.id, moved));
    await expectCountedAndKept(po1);
    // A delete.
    await t.database.db.delete(students).where(eq(students.id, added));
    await expectCountedAndKept(po1);
    // An import through the API, assigned to the importing officer.
    const form = new FormData();
    const csv = readFileSync(new URL('../students/testdata/students-sample.csv', import.meta.url), 'utf8');
    form.append('file', new File([csv], 'students.csv', { type: 'text/csv' }));
    const res = await t.app.request('/api/students/import', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.PO001}` },
    });
    expect(res.status).toBe(201);
    await expectCountedAndKept(po1);
    expect((await counted(po1)).reduce((n, g) => n + g.n, 0)).toBe(6);
  });

  it('answers from the kept row while the version holds, and counts afresh after a write', async () => {
    await groupsOf('ADM001');
    const before = await version();
    expect((await keptRow(NO_SCOPE))?.studentsVersion).toBe(before);

    // A row changed by hand is what the next dashboard shows: it is read, not counted.
    const planted = '[["university","enrolled",1999,42]]';
    await t.database.db
      .update(dashboardStudentGroups)
      .set({ groups: planted })
      .where(eq(dashboardStudentGroups.scope, NO_SCOPE));
    expect(await groupsOf('ADM001')).toEqual([
      { level: 'university', status: 'enrolled', year: 1999, n: 42 },
    ]);
    const res = await t.request('GET', '/api/dashboard', { token: tokens.ADM001 });
    const body = DashboardResponseSchema.parse(await res.json());
    expect(body.student_counts).toEqual({ total: 42, university: 42, diploma: 0, launch_year: 0 });

    // A write moves the version on: the planted row is not used, and is replaced.
    await addStudent(null);
    expect(await version()).toBeGreaterThan(before);
    expect(await groupsOf('ADM001')).toEqual(await counted());
    const row = await keptRow(NO_SCOPE);
    expect(row).toMatchObject({ studentsVersion: await version() });
    expect(row!.groups).not.toBe(planted);
  });

  it('never replaces a newer version by an older one', async () => {
    const po1 = await t.userId('PO001');
    const now = await version();
    // Kept by a request that read a version this one has not seen yet.
    const newer = { studentsVersion: now + 5, groups: '[["diploma","enrolled",2001,7]]' };
    await t.database.db
      .insert(dashboardStudentGroups)
      .values({ scope: po1, ...newer })
      .onConflictDoUpdate({ target: dashboardStudentGroups.scope, set: newer });
    // This request counts at the current version and answers that count, but keeps nothing over it.
    expect(await groupsOf('PO001')).toEqual(await counted(po1));
    expect(await keptRow(po1)).toEqual({ scope: po1, ...newer });
  });

  it("keeps nothing for an account that reaches no students, and never reads everyone's", async () => {
    const expected = await counted();
    expect(expected.length).toBeGreaterThan(0);
    // Everyone's groups kept under the nil uuid, the officer id that counts nobody.
    expect(await groupsOf('ADM001')).toEqual(expected);
    expect((await keptRow(NO_SCOPE))?.studentsVersion).toBe(await version());
    expect(await groupsOf('USR001')).toEqual([]);
    // Nor does it keep its empty count where everyone's dashboard would read it.
    await addStudent(null);
    expect(await groupsOf('USR001')).toEqual([]);
    expect((await keptRow(NO_SCOPE))?.studentsVersion).toBeLessThan(await version());
    expect(await groupsOf('ADM001')).toEqual(await counted());
    expect((await t.database.db.select().from(dashboardStudentGroups)).map((r) => r.scope)).not.toContain(
      await t.userId('USR001'),
    );
  });

  it('answers the dashboard, and logs, when the groups cannot be kept', async () => {
    const errors: string[] = [];
    const logger: Logger = { info() {}, warn() {}, error: (msg) => errors.push(msg) };
    await addStudent(null, 'diploma');
    await t.database.db.execute(
      sql`alter table ${dashboardStudentGroups} add constraint refuse_all check (false) not valid`,
    );
    try {
      expect(await groupsOf('ADM001', { ...t.deps, logger })).toEqual(await counted());
      expect(errors).toEqual(['dashboard student groups not kept']);
    } finally {
      await t.database.db.execute(sql`alter table ${dashboardStudentGroups} drop constraint refuse_all`);
    }
  });

  it("keeps the statement's generic plan, planned once per connection", async () => {
    // Sequential requests reuse one pool connection, which holds the named statements.
    for (let i = 0; i < 20; i++) {
      await groupsOf('ADM001');
      await groupsOf('PO001');
    }
    const { rows } = await t.database.pool.query<{ name: string; generic_plans: string }>(
      "select name, generic_plans from pg_prepared_statements where name like 'dashboard_figures:%'",
    );
    const generic = Object.fromEntries(rows.map((r) => [r.name, Number(r.generic_plans)]));
    expect(generic['dashboard_figures:all.waiting']).toBeGreaterThan(10);
    expect(generic['dashboard_figures:officer.waiting']).toBeGreaterThan(10);
  });
});
