import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../../contracts/search';
import { accessMatrix, expectAccess, signedInOnly } from '../../testing/access-matrix';
import { json, makeAllowance, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const search = async (as: string, q: string) => {
  const res = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: tokens[as] });
  expect(res.status, `${as} searching ${q}`).toBe(200);
  return json<SearchResponse>(res);
};
/** The titles each area found, by area. */
const found = async (as: string, q: string) =>
  Object.fromEntries((await search(as, q)).groups.map((g) => [g.area, g.items.map((i) => i.title)]));

let mwila: TestStudent;
let allowanceId: string;

beforeAll(async () => {
  mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001', chlNumber: 'CHL-2024-017' });
  await makeStudent(t, { name: 'Bupe Mbaya', officer: 'PO002', chlNumber: 'CHL-2023-002' });
  await makeStudent(t, { name: 'Natasha Banda', officer: 'PO002' });
  allowanceId = await makeAllowance(t, mwila, { month: 'March', monthNumber: 3 });
});

describe('GET /api/search', () => {
  it('answers every signed-in account, and nobody else', async () => {
    await expectAccess(t, accessMatrix([{ route: 'GET /api/search?q=mw', statuses: signedInOnly(200) }]));
  });

  it("never shows a program officer another officer's student, by name or by number", async () => {
    for (const q of ['Mwila', 'Mwila Chanda', 'chanda', 'CHL-2024-017', '2024-017', 'Mw']) {
      expect(await found('PO002', q), q).toEqual({});
    }
    // A letter that starts their own student's number finds that student only.
    expect(await found('PO002', 'C')).toEqual({ students: ['Bupe Mbaya'] });
    // Their own officer, and managers, find the student and the student's allowances.
    for (const who of ['PO001', 'DPM001', 'ADM001']) {
      expect(await found(who, 'Mwila Chanda'), who).toEqual({
        students: ['Mwila Chanda'],
        allowances: ['Mwila Chanda · March 2026'],
      });
      expect(await found(who, 'CHL-2024-017'), who).toMatchObject({ students: ['Mwila Chanda'] });
    }
  });

  it('gives accounts without a staff role no student or allowance', async () => {
    for (const who of ['USR001', 'STU001'])
      expect(await search(who, 'Mwila')).toEqual({ q: 'Mwila', groups: [] });
  });

  it('opens each record at its own screen', async () => {
    const { groups } = await search('PO001', 'mwila');
    expect(groups.map((g) => [g.area, g.label])).toEqual([
      ['students', 'Students'],
      ['allowances', 'Allowances'],
    ]);
    expect(groups[0]!.items[0]).toEqual({
      id: mwila.id,
      title: 'Mwila Chanda',
      detail: 'CHL-2024-017 · University',
      href: `/students?open=${mwila.id}`,
    });
    expect(groups[1]!.items[0]).toEqual({
      id: allowanceId,
      title: 'Mwila Chanda · March 2026',
      detail: 'ZMW 1,000.00 · Pending Deputy Manager',
      href: `/allowances?open=${allowanceId}`,
    });
  });

  it('matches the start of a name or number with one or two characters, anywhere with three or more (D17)', async () => {
    const students = async (q: string) => (await found('DPM001', q)).students ?? [];
    expect(await students('b')).toEqual(['Bupe Mbaya', 'Natasha Banda']);
    expect(await students('ba')).toEqual(['Natasha Banda']);
    expect(await students('mb')).toEqual(['Bupe Mbaya']);
    expect(await students('ay')).toEqual([]);
    expect(await students('aya')).toEqual(['Bupe Mbaya']);
    expect(await students('CH')).toEqual(['Bupe Mbaya', 'Mwila Chanda']);
    expect(await students('023')).toEqual(['Bupe Mbaya']);
    expect(await students('ANDA')).toEqual(['Mwila Chanda', 'Natasha Banda']);
  });

  it('takes % and _ as themselves, not as patterns', async () => {
    expect(await found('ADM001', '%')).toEqual({});
    expect(await found('ADM001', '___')).toEqual({});
    expect(await found('ADM001', "' or 1=1 --")).toEqual({});
  });

  it('refuses an empty or overlong search with a message', async () => {
    for (const [q, message] of [
      ['', 'Type something to search for'],
      ['   ', 'Type something to search for'],
      ['x'.repeat(101), 'Search for at most 100 characters'],
    ] as const) {
      const res = await t.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: tokens.PO001 });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    const missing = await t.request('GET', '/api/search', { token: tokens.PO001 });
    expect(missing.status).toBe(400);
  });

  it('finds landlords and institutions for staff, opening Corporate Collaborations at them', async () => {
    const made = await t.request('POST', '/api/landlords', {
      token: tokens.PO001,
      body: { name: 'Ruth Kapembwa', boarding_house_name: 'Kapembwa Lodge', address: 'Plot 9, Kabulonga' },
    });
    expect(made.status).toBe(201);
    const { groups } = await search('PO002', 'kapembwa');
    expect(groups.map((g) => g.area)).toEqual(['landlords']);
    expect(groups[0]!.items[0]).toMatchObject({
      title: 'Ruth Kapembwa',
      detail: 'Kapembwa Lodge · Plot 9, Kabulonga',
      href: '/corporate?q=Ruth+Kapembwa&kind=landlords',
    });
    expect(await search('USR001', 'kapembwa')).toEqual({ q: 'kapembwa', groups: [] });
  });

  it("finds by a student's name the cases an officer reaches and the forms and files of their own students", async () => {
    // Program officers' look-ups differ from managers' (students.search.ts, ofStudentsNamed): each
    // case's student is tested by key, and only the officer's own students are looked up for forms
    // and files. A case assigned to an officer about another officer's student is still theirs.
    const theirs = await makeStudent(t, { name: 'Quentin Farrow', officer: 'PO002' });
    const mine = await makeStudent(t, { name: 'Orlanda Quimby', officer: 'PO001' });
    const insert = async (query: ReturnType<typeof sql>) => {
      await t.database.db.execute(query);
    };
    const po001 = sql`(select id from users where staff_id = 'PO001')`;
    await insert(
      sql`insert into tasks (title, description, student_id, assigned_to_id) values ('Visit the hostel', 'Check', ${theirs.id}, ${po001})`,
    );
    await insert(
      sql`insert into tasks (title, description, student_id, due_date) values ('Call home', 'Ask', ${theirs.id}, '2026-03-20')`,
    );
    await insert(
      sql`insert into issues (title, description, student_id, assigned_to_id) values ('Rent owed', 'Two months', ${theirs.id}, ${po001})`,
    );
    for (const student of [theirs, mine])
      await insert(
        sql`insert into student_files (student_id, name, mime_type, size, category, storage_key) values (${student.id}, ${`${student.fullName} fees.pdf`}, 'application/pdf', 1, 'financial', gen_random_uuid())`,
      );
    for (const q of ['farrow', 'fa'])
      expect(await found('PO001', q), q).toEqual({ tasks: ['Visit the hostel'], issues: ['Rent owed'] });
    for (const q of ['farrow', 'fa'])
      expect(await found('PO002', q), q).toMatchObject({
        students: ['Quentin Farrow'],
        tasks: ['Call home', 'Visit the hostel'],
        issues: ['Rent owed'],
        files: ['Quentin Farrow fees.pdf'],
      });
    for (const q of ['quimby', 'qu'])
      expect(await found('PO001', q), q).toMatchObject({
        students: ['Orlanda Quimby'],
        files: ['Orlanda Quimby fees.pdf'],
      });
    expect(await found('PO002', 'quimby')).toEqual({});
    expect(await found('DPM001', 'farrow')).toMatchObject({
      tasks: ['Call home', 'Visit the hostel'],
      files: ['Quentin Farrow fees.pdf'],
    });
  });

  it('lists at most six records of an area', async () => {
    for (let i = 0; i < 8; i++) await makeStudent(t, { name: `Zebedee Phiri${i}`, officer: 'PO001' });
    expect((await found('PO001', 'zebedee')).students).toHaveLength(6);
  });
});
