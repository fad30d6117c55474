import { readFileSync } from 'node:fs';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDENT_IMPORT_TEMPLATE_HEADER } from '../../../contracts/students';
import { planStudentImport } from '../../../domain/student-import';
import { activities, students } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { planInTurns } from './students.import';

let t: TestContext;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const staffId of ['PO001', 'PO002', 'ADM001', 'USR001', 'STU001'])
    token[staffId] = await t.signIn(staffId);
});
afterAll(() => t.close());

function upload(
  content: string,
  options: { as?: string; name?: string; field?: string; skip?: string } = {},
) {
  const form = new FormData();
  if (options.skip !== undefined) form.append('skip_invalid_rows', options.skip);
  form.append(
    options.field ?? 'file',
    new File([content], options.name ?? 'students.csv', { type: 'text/csv' }),
  );
  const headers: Record<string, string> = {};
  if (options.as !== '') headers.authorization = `Bearer ${token[options.as ?? 'PO001']}`;
  return t.app.request('/api/students/import', { method: 'POST', body: form, headers });
}

/** A full template row with CHL number `${p}-${i}`. */
const studentLine = (p: string, i: number) =>
  `First${i},Last${i},s${i}@example.org,+26097${String(i).padStart(7, '0')},Matero,diploma,Evelyn Hone College,Diploma in Journalism,${p}-${i},female,2004-05-06`;

let counter = 0;
/** A CHL prefix no other test uses; its students are found by it. */
const prefix = () => `IMP${++counter}X`;
const countWith = async (p: string) =>
  (
    await t.deps.db
      .select({ id: students.id })
      .from(students)
      .where(like(students.chlNumber, `${p}%`))
  ).length;

describe('POST /api/students/import', () => {
  it('imports the shared sample: 5 students, 2 rows dropped, assigned to the importer', async () => {
    const csv = readFileSync(new URL('./testdata/students-sample.csv', import.meta.url), 'utf8');
    const res = await upload(csv);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      imported: 5,
      dropped: [
        { row: 6, reason: 'Missing first_name' },
        { row: 7, reason: 'Missing last_name' },
      ],
      skipped_rows: 0,
      skipped: [],
      warnings: [],
      message: 'Successfully imported 5 students',
    });
    const rows = await t.deps.db.select().from(students).where(like(students.chlNumber, 'CHL-S-%'));
    expect(rows).toHaveLength(5);
    const po1 = await t.userId('PO001');
    expect(rows.every((r) => r.assignedOfficerId === po1)).toBe(true);
    const esther = rows.find((r) => r.chlNumber === 'CHL-S-0007')!;
    expect(esther).toMatchObject({
      fullName: 'Esther Mwansa',
      institutionName: 'Northern Technical College, Ndola',
      programLevel: 'diploma',
      programStatus: 'enrolled',
      academicStanding: 'good',
      gender: 'female',
      dateOfBirth: '2005-09-09',
      nrcNumber: null,
      accommodationType: 'institution_hostel',
    });
    const grace = rows.find((r) => r.chlNumber === 'CHL-S-0003')!;
    expect(grace).toMatchObject({ programLevel: 'launch_year', institutionName: null });
    const [note] = await t.deps.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'students.imported'));
    expect(note).toMatchObject({ officerId: po1, summary: 'Bupe Tembo imported 5 students' });

    // The same file again: every CHL number is taken, nothing more is written.
    const again = await upload(csv);
    expect(again.status).toBe(400);
    const body = await again.json();
    expect(body.rows).toContainEqual({
      row: 2,
      message: 'A student with CHL number CHL-S-0001 already exists.',
    });
    expect(body.rows).toHaveLength(5);
    expect(await countWith('CHL-S-')).toBe(5);
  });

  it('reads a BOM, quoted commas, blank lines, header case and spaces, and ignores extra columns', async () => {
    const p = prefix();
    const csv =
      '\ufeff First_Name ,LAST_NAME,notes,email,chl_number,program_level,gender,program_status\r\n' +
      `Mwila,Chanda,"likes maths, and art",MWILA@Example.org,${p}1,College/Diploma,F,graduated\r\n` +
      '\r\n' +
      ',,,,,,,\r\n' +
      `"Banda, Jr",Phiri,,,${p}2,,,\r\n`;
    const res = await upload(csv);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ imported: 2, dropped: [] });
    const rows = await t.deps.db
      .select()
      .from(students)
      .where(like(students.chlNumber, `${p}%`));
    const mwila = rows.find((r) => r.firstName === 'Mwila')!;
    expect(mwila).toMatchObject({
      email: 'mwila@example.org',
      programLevel: 'diploma',
      gender: 'female',
      programStatus: 'enrolled',
    });
    expect(rows.find((r) => r.lastName === 'Phiri')).toMatchObject({
      firstName: 'Banda, Jr',
      programLevel: 'university',
      gender: 'male',
    });
  });

  it('answers "No valid student data found in CSV" without name columns or without kept rows', async () => {
    for (const csv of [
      'first_name,email\nMwila,m@example.org\n',
      'name,surname\nMwila,Chanda\n',
      `${STUDENT_IMPORT_TEMPLATE_HEADER}\n`,
      `${STUDENT_IMPORT_TEMPLATE_HEADER}\n,Chanda,,,,,,,,,\nMwila,,,,,,,,,,\n`,
      '\ufeff',
    ]) {
      const res = await upload(csv);
      expect(res.status, csv).toBe(400);
      expect((await res.json()).error).toBe('No valid student data found in CSV');
    }
  });

  it('refuses the whole file when a kept row has a bad value, listing every row', async () => {
    const p = prefix();
    const csv = [
      STUDENT_IMPORT_TEMPLATE_HEADER,
      `Good,Row,good@example.org,,,university,,,${p}1,female,2004-01-01`,
      `Bad,Email,not-an-email,,,university,,,${p}2,,`,
      `Bad,Level,,,,masters,,,${p}3,,`,
      `Bad,Date,,,,,,,${p}4,,2004-02-30`,
      `Bad,Gender,,,,,,,${p}5,robot,`,
      `Dup,Chl,,,,,,,${p.toLowerCase()}1,,`,
      `Future,Born,,,,,,,${p}6,,2030-01-01`,
      `,Dropped,,,,,,,${p}7,,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('invalid_rows');
    expect(body.rows).toEqual([
      { row: 3, message: 'Email must be a valid email address' },
      { row: 4, message: 'Program level must be one of: university, diploma, launch_year' },
      { row: 5, message: 'Date of birth must be a real date written YYYY-MM-DD' },
      { row: 6, message: 'Gender must be one of: male, female, other' },
      { row: 7, message: `CHL number ${p.toLowerCase()}1 is also used in row 2` },
      { row: 8, message: 'Date of birth cannot be in the future' },
    ]);
    expect(body.error).toBe(
      'Nothing was imported. Row 3: Email must be a valid email address (and 5 more errors)',
    );
    expect(body.dropped).toEqual([{ row: 9, reason: 'Missing first_name' }]);
    expect(await countWith(p)).toBe(0);
  });

  it('imports the valid rows and reports the others when the request chooses to skip them', async () => {
    const p = prefix();
    expect((await upload(`first_name,last_name,chl_number\nA,B,${p}9\n`, { as: 'PO002' })).status).toBe(201);
    const csv = [
      STUDENT_IMPORT_TEMPLATE_HEADER,
      `# Example row never imported,Banda,,,,,,,${p}0,,`,
      `Good,One,good@example.org,,,university,,,${p}1,female,2004-01-01`,
      `Bad,Email,not-an-email,,,university,,,${p}2,,`,
      `Good,Two,,,,,,,${p}3,,`,
      `Dup,Chl,,,,,,,${p.toLowerCase()}1,,`,
      `Taken,Chl,,,,,,,${p}9,,`,
      `Bad,Date,,,,,,,${p}4,,2004-02-30`,
      `,Dropped,,,,,,,${p}7,,`,
    ].join('\n');
    // Without the choice, the file is refused whole, as before.
    expect((await upload(csv)).status).toBe(400);
    expect((await upload(csv, { skip: 'false' })).status).toBe(400);
    expect((await upload(csv, { skip: 'yes' })).status).toBe(400);
    expect(await countWith(p)).toBe(1);

    const res = await upload(csv, { skip: 'true' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      imported: 2,
      dropped: [{ row: 9, reason: 'Missing first_name' }],
      skipped_rows: 4,
      skipped: [
        { row: 4, message: 'Email must be a valid email address' },
        { row: 6, message: `CHL number ${p.toLowerCase()}1 is also used in row 3` },
        { row: 7, message: `A student with CHL number ${p}9 already exists.` },
        { row: 8, message: 'Date of birth must be a real date written YYYY-MM-DD' },
      ],
      warnings: [],
      message: 'Successfully imported 2 students',
    });
    const written = await t.deps.db
      .select()
      .from(students)
      .where(like(students.chlNumber, `${p}%`));
    expect(written.map((r) => r.fullName).sort()).toEqual(['A B', 'Good One', 'Good Two']);
    const entries = await t.deps.db
      .select()
      .from(activities)
      .where(
        sql`${activities.action} = 'students.imported' and ${activities.summary} like '% imported 2 students'`,
      );
    expect(entries.length).toBeGreaterThan(0);

    // Every row with a problem: nothing to import, even skipping.
    const none = await upload(`first_name,last_name,email\nBad,Email,nope\n`, { skip: 'true' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      error: 'No valid rows to import: every row of the file has a problem.',
      rows: [{ row: 2, message: 'Email must be a valid email address' }],
    });
  });

  it('refuses a CHL number another officer already has, without revealing more', async () => {
    const p = prefix();
    expect((await upload(`first_name,last_name,chl_number\nA,B,${p}1\n`, { as: 'PO002' })).status).toBe(201);
    const res = await upload(`first_name,last_name,chl_number\nC,D,${p}2\nE,F,${p}1\n`);
    expect(res.status).toBe(400);
    expect((await res.json()).rows).toEqual([
      { row: 3, message: `A student with CHL number ${p}1 already exists.` },
    ]);
    expect(await countWith(p)).toBe(1);
  });

  it('refuses files over 10 MB with 413, other types and missing files with 400', async () => {
    const header = 'first_name,last_name\n';
    const big = header + 'a'.repeat(10 * 1024 * 1024 + 1 - header.length);
    expect(big.length).toBe(10 * 1024 * 1024 + 1);
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toBe(
      'The file is larger than 10 MB. Please split it into smaller files.',
    );

    const xlsx = await upload('first_name,last_name\nA,B\n', { name: 'students.xlsx' });
    expect(xlsx.status).toBe(400);
    expect((await xlsx.json()).error).toBe('Only .csv files are accepted.');

    const wrongField = await upload('first_name,last_name\nA,B\n', { field: 'upload' });
    expect(wrongField.status).toBe(400);
    expect((await wrongField.json()).error).toBe('Please select a file to upload.');

    const json = await t.request('POST', '/api/students/import', { token: token.PO001, body: { file: 'x' } });
    expect(json.status).toBe(400);
  });

  it('is for staff only', async () => {
    expect((await upload('first_name,last_name\nA,B\n', { as: '' })).status).toBe(401);
    expect((await upload('first_name,last_name\nA,B\n', { as: 'USR001' })).status).toBe(403);
    expect((await upload('first_name,last_name\nA,B\n', { as: 'STU001' })).status).toBe(403);
  });

  it('takes a file of 20,000 students (blank lines not counted) and refuses 20,001, writing nothing', async () => {
    const p = prefix();
    const lines = [STUDENT_IMPORT_TEMPLATE_HEADER];
    for (let i = 0; i < 20_000; i++) {
      lines.push(studentLine(p, i));
      // Blank rows give the file more line breaks than the limit, so its rows are counted.
      if (i % 5 === 0) lines.push(',,,,,,,,,,');
    }
    const res = await upload(lines.join('\r\n'));
    expect(res.status).toBe(201);
    expect((await res.json()).imported).toBe(20_000);
    expect(await countWith(`${p}-`)).toBe(20_000);

    const q = prefix();
    const tooMany = [STUDENT_IMPORT_TEMPLATE_HEADER];
    for (let i = 0; i < 20_001; i++) tooMany.push(studentLine(q, i));
    const refused = await upload(tooMany.join('\n'));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe('A file may hold at most 20,000 students.');
    expect(await countWith(`${q}-`)).toBe(0);
  });

  it("refuses the probe's 10 MB file of a million rows with the same message", async () => {
    const lines = ['first_name,last_name'];
    for (let i = 0; i < 1_000_000; i++) lines.push(`A,B${i % 100_000}`);
    const csv = lines.join('\n');
    expect(csv.length).toBeLessThan(10 * 1024 * 1024);
    const before = await t.deps.db.select({ id: students.id }).from(students);
    const res = await upload(csv);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('A file may hold at most 20,000 students.');
    expect(await t.deps.db.select({ id: students.id }).from(students)).toHaveLength(before.length);
  });

  it('writes a file larger than one batch all or nothing: a failure in its last batch leaves none', async () => {
    const p = prefix();
    const lines = [STUDENT_IMPORT_TEMPLATE_HEADER];
    for (let i = 0; i <= 5_000; i++) lines.push(studentLine(p, i));
    const db = t.deps.db;
    // Row 5,001 (the second batch) is taken by someone else between the check and the write.
    await db.execute(
      sql.raw(`
      create function import_test_taken() returns trigger language plpgsql as $$
      begin
        if new.chl_number = '${p}-5000' then
          raise exception 'duplicate key value' using errcode = 'unique_violation';
        end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql`create trigger import_test_taken before insert on students for each row execute function import_test_taken()`,
    );
    try {
      const notes = await db.select().from(activities).where(eq(activities.action, 'students.imported'));
      const res = await upload(lines.join('\n'));
      expect(res.status).toBe(409);
      expect((await res.json()).error).toBe(
        'Some CHL numbers or payment channels in the file were taken while importing. Nothing was imported.',
      );
      expect(await countWith(`${p}-`)).toBe(0);
      expect(
        await db.select().from(activities).where(eq(activities.action, 'students.imported')),
      ).toHaveLength(notes.length);
    } finally {
      await db.execute(sql`drop trigger import_test_taken on students`);
      await db.execute(sql`drop function import_test_taken()`);
    }
  });
});

describe('planInTurns', () => {
  it('plans a file of many slices as planStudentImport plans it whole', async () => {
    const headers = ['first_name', 'last_name', 'program_level', 'gender'];
    const rows = Array.from({ length: 1_030 }, (_, i) => ({
      rowNumber: i + 2,
      values: {
        first_name: i % 97 === 0 ? '' : `Mwila${i}`,
        last_name: 'Banda',
        program_level: i % 2 ? 'College' : 'university',
        gender: i % 3 ? 'F' : 'm',
      },
    }));
    let turns = 0;
    const plan = await planInTurns({ headers, rows }, () => {
      turns++;
      return Promise.resolve();
    });
    expect(plan).toEqual(planStudentImport({ headers, rows }));
    expect(plan.dropped.length).toBeGreaterThan(0);
    expect(turns).toBeGreaterThan(1);
  });

  it('refuses a header without the required columns as a whole file would be', async () => {
    const table = { headers: ['first_name'], rows: [{ rowNumber: 2, values: { first_name: 'Mwila' } }] };
    expect(await planInTurns(table, () => undefined)).toEqual(planStudentImport(table));
    const empty = { headers: ['first_name', 'last_name'], rows: [] };
    expect(await planInTurns(empty, () => undefined)).toEqual(planStudentImport(empty));
  });
});
