/**
 * A search's tiles are kept per version of the students (student-search-tallies.ts): asked again,
 * the kept tiles answer; after any write to students the search is counted afresh; and tiles
 * counted while a write committed are never used.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type StudentListResponse, StudentListResponseSchema } from '../../../contracts/students';
import type { ProgramLevel } from '../../../domain/students';
import { studentSearchTallies, students, studentsVersion, users } from '../../db/schema';
import { NO_SCOPE } from '../../db/schema/row-tallies';
import { fileTestContext } from '../../testing/test-file';
import { keepSearch, keptSearch } from './student-search-tallies';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001'] });

const list = async (as: string, query: string): Promise<StudentListResponse> => {
  const res = await t.request('GET', `/api/students?${query}`, { token: tokens[as] });
  expect(res.status).toBe(200);
  return StudentListResponseSchema.strict().parse(await res.json());
};

const version = async () => (await t.database.db.select().from(studentsVersion))[0]!.version;
const kept = () => t.database.db.select().from(studentSearchTallies);

let serial = 0;
async function addStudent(lastName: string, officer: string | null, level: ProgramLevel = 'university') {
  serial++;
  const [row] = await t.database.db
    .insert(students)
    .values({
      firstName: `Keeper${serial}`,
      lastName,
      fullName: `Keeper${serial} ${lastName}`,
      programLevel: level,
      assignedOfficerId: officer,
      chlNumber: `CHL-2026-9${String(serial).padStart(3, '0')}`,
    })
    .returning({ id: students.id });
  return row!.id;
}

describe('kept search tiles', () => {
  it('answers a search asked again from its kept tiles, and counts afresh after any write', async () => {
    const po1 = await t.userId('PO001');
    await addStudent('Zyambo', po1);
    await addStudent('Zyambo', null, 'university');
    const before = await version();

    const first = await list('ADM001', 'q=zyambo');
    expect(first.counts).toEqual({ all: 2, university: 2, diploma: 0, launch_year: 0 });
    const rows = await kept();
    expect(rows).toEqual([
      expect.objectContaining({
        scope: NO_SCOPE,
        search: 'anywhere:%zyambo%',
        status: '',
        studentsVersion: before,
      }),
    ]);

    // Kept: the same answer; an officer's search is kept apart from everyone's.
    expect((await list('ADM001', 'q=zyambo')).counts).toEqual(first.counts);
    expect((await list('PO001', 'q=zyambo')).counts).toEqual({
      all: 1,
      university: 1,
      diploma: 0,
      launch_year: 0,
    });
    expect((await list('ADM001', 'q=zyambo&status=enrolled')).counts.all).toBe(2);
    expect((await kept()).map((r) => [r.scope, r.status]).sort()).toEqual(
      [
        [NO_SCOPE, ''],
        [NO_SCOPE, 'enrolled'],
        [po1, ''],
      ].sort(),
    );

    // A write moves the version on: the next search counts the new student.
    const third = await addStudent('Zyambo', po1, 'diploma');
    expect(await version()).toBeGreaterThan(before);
    expect((await list('ADM001', 'q=zyambo')).counts).toEqual({
      all: 3,
      university: 2,
      diploma: 1,
      launch_year: 0,
    });
    expect((await list('PO001', 'q=zyambo')).counts.all).toBe(2);

    // So does a change of officer, of status, and a delete.
    await t.database.db.update(students).set({ assignedOfficerId: null }).where(eq(students.id, third));
    expect((await list('PO001', 'q=zyambo')).counts.all).toBe(1);
    await t.database.db.update(students).set({ programStatus: 'suspended' }).where(eq(students.id, third));
    expect((await list('ADM001', 'q=zyambo&status=enrolled')).counts.all).toBe(2);
    await t.database.db.delete(students).where(eq(students.id, third));
    expect((await list('ADM001', 'q=zyambo')).counts.all).toBe(2);

    // Tiles of older versions are cleared as newer ones are kept.
    const now = await version();
    expect((await kept()).filter((r) => r.scope === NO_SCOPE && r.status === '')).toEqual([
      expect.objectContaining({ studentsVersion: now }),
    ]);
  });

  it('never uses what was counted while a write committed', async () => {
    const key = { scope: NO_SCOPE, search: 'anywhere:%ngoma%', status: '' };
    const before = await keptSearch(t.database.db, key);
    expect(before).toMatchObject({ tiles: null, firstPage: null });
    // Counted from the version read first; a student added meanwhile moves it on.
    await addStudent('Ngoma', null);
    const none = { all: 0, university: 0, diploma: 0, launch_year: 0 };
    const exact = { all: false, university: false, diploma: false, launch_year: false };
    await keepSearch(t.database.db, key, before.version!, { counts: none, capped: exact }, '[]');
    const answer = await list('ADM001', 'q=ngoma');
    expect(answer.counts.all).toBe(1);
    expect(answer.items.map((s) => s.last_name)).toEqual(['Ngoma']);
  });

  it('keeps the first page as the screen asks it, and shows an officer renamed since', async () => {
    const po1 = await t.userId('PO001');
    const id = await addStudent('Mwansakombe', po1);
    const first = await list('ADM001', 'q=mwansakombe');
    expect(first.items.map((s) => [s.id, s.assigned_officer_name])).toEqual([[id, 'Bupe Tembo']]);
    const [row] = (await kept()).filter((r) => r.search === 'anywhere:%mwansakombe%');
    expect(JSON.parse(row!.firstPage!)).toEqual(first.items);
    // Only the first page of 25, newest first, every category is kept; the others are read.
    expect((await list('ADM001', 'q=mwansakombe&category=diploma')).items).toEqual([]);
    expect((await list('ADM001', 'q=mwansakombe&page=2')).items).toEqual([]);
    expect((await list('ADM001', 'q=mwansakombe&sort=name_asc')).items).toHaveLength(1);

    await t.database.db.update(users).set({ name: 'Bupe Tembo-Banda' }).where(eq(users.id, po1));
    const renamed = await list('ADM001', 'q=mwansakombe');
    expect(renamed.items.map((s) => s.assigned_officer_name)).toEqual(['Bupe Tembo-Banda']);
    await t.database.db.update(users).set({ name: 'Bupe Tembo' }).where(eq(users.id, po1));
  });

  it('keeps the list without a search as well, until the students change', async () => {
    const po1 = await t.userId('PO001');
    const before = await list('PO001', '');
    const rows = (await kept()).filter((r) => r.search === '' && r.scope === po1);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.firstPage!)).toEqual(before.items);
    expect(await list('PO001', '')).toEqual(before);
    const id = await addStudent('Latest', po1);
    const after = await list('PO001', '');
    expect(after.items[0]!.id).toBe(id);
    expect(after.counts.all).toBe(before.counts.all + 1);
  });

  it('moves the version on even for a statement that changes no student', async () => {
    const before = await version();
    await t.database.db.execute(sql`update ${students} set full_name = full_name where false`);
    expect(await version()).toBe(before + 1);
  });
});
