/**
 * The list's tiles (without a search) and the dashboard read student_counts, which triggers keep.
 * Whatever writes to students (the API's create, edit, import and delete, a reassignment, an
 * officer's account deleted, racing writes, a direct UPDATE, DELETE or TRUNCATE), the stored
 * counts must equal a fresh count over the table.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_IMPORT_TEMPLATE_HEADER, type StudentListResponse } from '../../../contracts/students';
import { students, users } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { makeUser } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const staffId of ['ADM001', 'PO001', 'PO002']) token[staffId] = await t.signIn(staffId);
});
afterAll(() => t.close());

type CountRow = { officer: string | null; level: string; status: string; year: number; n: number };

/** The stored counts (without the groups that fell to zero), once they equal a fresh count. */
async function expectStoredCountsTrue(): Promise<CountRow[]> {
  expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  const stored = await t.database.db.execute<CountRow>(sql`
    select officer_id as officer, program_level as level, program_status as status,
           start_year as year, student_count::int as n
      from student_counts where student_count <> 0 order by 1 nulls first, 2, 3, 4`);
  return stored.rows;
}

let serial = 0;
async function create(as: string, fields: Record<string, unknown> = {}): Promise<string> {
  serial++;
  const res = await t.request('POST', '/api/students', {
    token: token[as],
    body: { first_name: 'Count', last_name: `Student${serial}`, ...fields },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const list = async (as: string, query = '') =>
  (await (
    await t.request('GET', `/api/students${query}`, { token: token[as] })
  ).json()) as StudentListResponse;

describe('student_counts', () => {
  it('follows creation, edits that move a student between counts, and deletion', async () => {
    const po2 = await t.userId('PO002');
    const a = await create('PO001', { program_level: 'diploma', start_date: '2024-02-01' });
    const b = await create('PO001', { program_level: 'launch_year', program_status: 'graduated' });
    await create('ADM001', { assigned_officer_id: po2 });
    let stored = await expectStoredCountsTrue();
    expect(stored.reduce((sum, r) => sum + r.n, 0)).toBe(3);

    // Category, status, start year and officer each move the student to another count.
    for (const change of [
      { program_level: 'university' },
      { program_status: 'suspended' },
      { start_date: '2019-09-01' },
      { assigned_officer_id: po2 },
      { community: 'Matero' }, // moves nothing
    ]) {
      const res = await t.request('PUT', `/api/students/${a}`, { token: token.ADM001, body: change });
      expect(res.status).toBe(200);
      stored = await expectStoredCountsTrue();
    }
    expect(stored).toContainEqual({
      officer: po2,
      level: 'university',
      status: 'suspended',
      year: 2019,
      n: 1,
    });

    expect((await t.request('DELETE', `/api/students/${b}`, { token: token.PO001 })).status).toBe(204);
    await expectStoredCountsTrue();
  });

  it('follows an import and shows in the tiles and the dashboard, scoped to the officer', async () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `Imported,Count${i},,,Matero,${i % 3 ? 'university' : 'diploma'},,,,female,2004-05-06`,
    );
    const form = new FormData();
    form.append('file', new File([[STUDENT_IMPORT_TEMPLATE_HEADER, ...rows].join('\n')], 's.csv'));
    const res = await t.app.request('/api/students/import', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token.PO002}` },
    });
    expect(res.status).toBe(201);
    await expectStoredCountsTrue();

    const fresh = async (officer?: string, status?: string) => {
      const conditions = [
        officer ? sql`assigned_officer_id = ${officer}` : sql`true`,
        status ? sql`program_status = ${status}` : sql`true`,
      ];
      const r = await t.database.db.execute<{ level: string; n: number }>(
        sql`select program_level as level, count(*)::int as n from students
             where ${sql.join(conditions, sql` and `)} group by 1`,
      );
      const counts = { all: 0, university: 0, diploma: 0, launch_year: 0 } as Record<string, number>;
      for (const { level, n } of r.rows) {
        counts[level] = n;
        counts.all! += n;
      }
      return counts;
    };
    const po2 = await t.userId('PO002');
    expect((await list('ADM001')).counts).toEqual(await fresh());
    expect((await list('PO002')).counts).toEqual(await fresh(po2));
    expect((await list('PO002', '?status=enrolled')).counts).toEqual(await fresh(po2, 'enrolled'));
    expect((await list('PO002', '?category=diploma')).total).toBe((await fresh(po2)).diploma);

    const dashboard = (await (await t.request('GET', '/api/dashboard', { token: token.PO002 })).json()) as {
      student_counts: { total: number; university: number; diploma: number; launch_year: number };
    };
    const { all, ...byLevel } = await fresh(po2);
    expect(dashboard.student_counts).toEqual({ total: all, ...byLevel });
  });

  it('stays true when racing creations and edits run at once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => create('PO001')));
    await Promise.all([
      ...ids.map((id, i) =>
        t.request('PUT', `/api/students/${id}`, {
          token: token.PO001,
          body: { program_status: i % 2 ? 'graduated' : 'suspended' },
        }),
      ),
      ...Array.from({ length: 6 }, () => create('PO001', { program_level: 'diploma' })),
    ]);
    await expectStoredCountsTrue();
  });

  it("follows an officer's account being deleted, and writes made outside the app", async () => {
    const gone = await makeUser(t, 'program_officer', { name: 'Leaving Officer' });
    await create('ADM001', { assigned_officer_id: gone.id });
    await create('ADM001', { assigned_officer_id: gone.id, program_level: 'diploma' });
    await expectStoredCountsTrue();
    // The foreign key sets the students' officer to null: their counts move to the null officer.
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    const stored = await expectStoredCountsTrue();
    expect(stored.filter((r) => r.officer === null).reduce((sum, r) => sum + r.n, 0)).toBe(2);

    await t.database.db
      .update(students)
      .set({ programStatus: 'discharged' })
      .where(eq(students.programLevel, 'university'));
    await expectStoredCountsTrue();
    await t.database.db.delete(students).where(eq(students.programLevel, 'diploma'));
    await expectStoredCountsTrue();
    await t.database.db.execute(
      // cascade: every record that names a student (yearbook entries, stories) goes with them.
      sql`truncate allowance_comments, allowance_student_names, allowances, students cascade`,
    );
    expect(await expectStoredCountsTrue()).toEqual([]);
    expect((await list('ADM001')).counts).toEqual({ all: 0, university: 0, diploma: 0, launch_year: 0 });
  });
});
