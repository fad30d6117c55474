import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BulkUploadResponse } from '../../../contracts/allowances';
import { MONTHS } from '../../../domain/dates';
import { activities, allowanceComments, allowances } from '../../db/schema';
import { NOT_UTF8_TEXT } from '../../http/uploads';
import { json, makeAllowance, makeStudent, type TestStudent, upload } from '../../testing/factories';
import { untilSomeoneWaitsForALock } from '../../testing/lock-waits';
import { fileTestContext } from '../../testing/test-file';
import { BULK_RACE_LOST } from './allowance-bulk';

// A copy of ../shared/fixtures/allowances-sample.csv: CI clones the repo on its own, without shared/.
const FIXTURE = fileURLToPath(new URL('./testdata/allowances-sample.csv', import.meta.url));
const HEADER =
  'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001'] });
const byChl: Record<string, TestStudent> = {};

beforeAll(async () => {
  // The students of shared/fixtures/students-sample.csv (rows 5 and 6 of that file are dropped there).
  const people: Array<[string, string, string, 'university' | 'diploma' | 'launch_year', string]> = [
    ['CHL-S-0001', 'Mwila', 'Chanda', 'university', 'PO001'],
    ['CHL-S-0002', 'Joseph', 'Mumba', 'diploma', 'PO001'],
    ['CHL-S-0003', 'Grace', 'Lungu', 'launch_year', 'PO001'],
    ['CHL-S-0004', 'Peter', 'Sakala', 'university', 'PO001'],
    ['CHL-S-0007', 'Esther', 'Mwansa', 'diploma', 'PO002'],
  ];
  for (const [chl, firstName, lastName, programLevel, officer] of people)
    byChl[chl] = await makeStudent(t, { firstName, lastName, programLevel, officer, chlNumber: chl });
});

/** An upload that chose to import the valid rows and skip the others (the screen's Import N valid rows). */
const send = (
  as: string | undefined,
  content: string | Uint8Array<ArrayBuffer>,
  name = 'allowances.csv',
  fields: Record<string, string> = { skip_invalid_rows: 'true' },
) => upload(t, '/api/allowances/bulk', as ? tokens[as] : undefined, name, content, fields);

describe('POST /api/allowances/bulk with the shared fixture', () => {
  it('writes the 3 valid rows and lists one error for each of the 8 others', async () => {
    const res = await send('ADM001', readFileSync(FIXTURE, 'utf8'));
    expect(res.status).toBe(200);
    expect(await json<BulkUploadResponse>(res)).toEqual({
      success: 3,
      failed: 8,
      errors: [
        'Row 5: month must be a valid month name',
        'Row 6: student_name is required',
        'Row 7: Either student_id or chl_number is required',
        'Row 8: valid year is required',
        'Row 9: program_level must be one of: launch_year, university, college',
        'Row 10: valid stipend amount is required',
        'Row 11: medical must be a valid number',
        'Row 12: An allowance for Mwila Chanda for January 2026 already exists.',
      ],
    });
    const rows = await t.database.db.select().from(allowances);
    const summary = rows
      .map((r) => [r.studentName, r.month, r.year, r.programLevel, r.total, r.approvalStage])
      .sort();
    expect(summary).toEqual([
      ['Grace Lungu', 'January', 2026, 'launch_year', '900.00', 'pending_dpm'],
      ['Joseph Mumba', 'January', 2026, 'college', '2200.00', 'pending_dpm'],
      ['Mwila Chanda', 'January', 2026, 'university', '2750.00', 'pending_dpm'],
    ]);
    expect(rows.every((r) => r.submittedBy === 'Mutale Bwalya')).toBe(true);
    const comments = await t.database.db.select().from(allowanceComments);
    expect(comments).toHaveLength(3);
    expect(comments.every((c) => c.action === 'submission')).toBe(true);
    const news = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'allowances.uploaded'));
    expect(news.map((n) => [n.officerId, n.summary])).toEqual([
      [await t.userId('PO001'), 'Mutale Bwalya uploaded 3 allowances in bulk'],
    ]);
    // And each allowance's own entry, which starts its History tab.
    const own = await t.database.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'allowance.uploaded'));
    expect(own.map((e) => e.entityId).sort()).toEqual(rows.map((r) => r.id).sort());
    const mwila = rows.find((r) => r.studentName === 'Mwila Chanda')!;
    const history = await t.request('GET', `/api/allowances/${mwila.id}/history`, { token: tokens.ADM001 });
    const [entry] = (
      await json<{ items: Array<{ summary: string; changes: Record<string, unknown> }> }>(history)
    ).items;
    expect(entry!.summary).toBe(
      'Mutale Bwalya submitted an allowance of ZMW 2,750.00 for Mwila Chanda for January 2026 by bulk upload',
    );
    expect(entry!.changes).toMatchObject({
      total: { before: null, after: '2750.00' },
      approval_stage: { before: null, after: 'pending_dpm' },
    });
    // The dashboard's recent activity tells the upload once, not once per allowance.
    const dashboard = await json<{ recent_activity: Array<{ summary: string }> }>(
      await t.request('GET', '/api/dashboard', { token: tokens.ADM001 }),
    );
    const said = dashboard.recent_activity.map((a) => a.summary);
    expect(said).toContain('Mutale Bwalya uploaded 3 allowances in bulk');
    expect(said.filter((s) => s.endsWith('by bulk upload'))).toEqual([]);
  });

  it('refuses the same file again: every valid row is now a duplicate of an open allowance', async () => {
    const res = await send('ADM001', readFileSync(FIXTURE, 'utf8'));
    const body = await json<BulkUploadResponse>(res);
    expect(body.success).toBe(0);
    expect(body.failed).toBe(11);
    expect(body.errors.slice(0, 3)).toEqual([
      'Row 2: An allowance for Mwila Chanda for January 2026 already exists.',
      'Row 3: An allowance for Joseph Mumba for January 2026 already exists.',
      'Row 4: An allowance for Grace Lungu for January 2026 already exists.',
    ]);
  });
});

describe('POST /api/allowances/bulk rules', () => {
  it('finds students by id or CHL number (any case), and stores the name on record', async () => {
    const peter = byChl['CHL-S-0004']!;
    const csv = [
      HEADER,
      `${peter.id},P. Sakala,,February,2026,University,1000,,,,,by id`,
      `,Peter Sakala,chl-s-0004,march,2026,,1000,1,2,3,4,by chl`,
      `${peter.id.toUpperCase()},Peter Sakala,,April,2026,,1000,,,,,`,
    ].join('\r\n');
    const body = await json<BulkUploadResponse>(await send('PO001', csv));
    expect(body).toEqual({ success: 3, failed: 0, errors: [] });
    const rows = await t.database.db.select().from(allowances).where(eq(allowances.studentId, peter.id));
    expect(rows.map((r) => [r.studentName, r.month, r.total, r.submissionNotes]).sort()).toEqual([
      ['Peter Sakala', 'April', '1000.00', null],
      ['Peter Sakala', 'February', '1000.00', 'by id'],
      ['Peter Sakala', 'March', '1010.00', 'by chl'],
    ]);
  });

  it("answers 'Student not found' for unknown students and for another officer's students", async () => {
    const esther = byChl['CHL-S-0007']!;
    const csv = [
      HEADER,
      ',Nobody,CHL-X-9999,May,2026,,1000,,,,,',
      '00000000-0000-4000-8000-000000000000,Nobody,,May,2026,,1000,,,,,',
      'not-a-uuid,Nobody,,May,2026,,1000,,,,,',
      `,Esther Mwansa,CHL-S-0007,May,2026,college,1000,,,,,`,
      `${esther.id},Esther Mwansa,,June,2026,college,1000,,,,,`,
    ].join('\n');
    const body = await json<BulkUploadResponse>(await send('PO001', csv));
    expect(body).toEqual({
      success: 0,
      failed: 5,
      errors: [2, 3, 4, 5, 6].map((n) => `Row ${n}: Student not found`),
    });
    // Esther's own officer may.
    const own = await json<BulkUploadResponse>(await send('PO002', csv));
    expect(own.success).toBe(2);
  });

  it('catches duplicates within the file however the student is named, and against open allowances', async () => {
    const mwila = byChl['CHL-S-0001']!;
    await makeAllowance(t, mwila, { month: 'July', monthNumber: 7, approvalStage: 'approved' });
    await makeAllowance(t, mwila, { month: 'August', monthNumber: 8, approvalStage: 'rejected' });
    const csv = [
      HEADER,
      `,Mwila Chanda,CHL-S-0001,September,2026,,1000,,,,,`,
      `${mwila.id},Mwila Chanda,,SEPTEMBER,2026,,1000,,,,,same period by id`,
      `,Mwila Chanda,CHL-S-0001,July,2026,,1000,,,,,approved already`,
      `,Mwila Chanda,CHL-S-0001,August,2026,,1000,,,,,earlier one was rejected`,
      `,Mwila Chanda,CHL-S-0001,September,2027,,1000,,,,,next year is fine`,
    ].join('\n');
    const body = await json<BulkUploadResponse>(await send('ADM001', csv));
    expect(body).toEqual({
      success: 3,
      failed: 2,
      errors: [
        'Row 3: An allowance for Mwila Chanda for September 2026 already exists.',
        'Row 4: An allowance for Mwila Chanda for July 2026 already exists.',
      ],
    });
  });

  it('counts spreadsheet rows across blank lines and reads a BOM and odd header case', async () => {
    const csv = `\ufeff${HEADER.toUpperCase().replace('STIPEND', ' Stipend ')}\n\n\n,Grace Lungu,CHL-S-0003,Nope,2026,,1,,,,,\n`;
    const body = await json<BulkUploadResponse>(await send('DPM001', csv));
    // Header on line 1, blank lines 2 and 3, the row on line 4.
    expect(body.errors).toEqual(['Row 4: month must be a valid month name']);
  });

  it('writes more rows than one batch', async () => {
    const grace = byChl['CHL-S-0003']!;
    const lines = [HEADER];
    for (let i = 0; i < 2500; i++)
      lines.push(`${grace.id},Grace Lungu,,March,${2030 + (i % 70)},launch_year,${i},5,5,5,5,`);
    // 2,500 rows over 70 years of March: 70 new, the rest duplicates within the file.
    const body = await json<BulkUploadResponse>(await send('ADM001', lines.join('\n')));
    expect(body.success).toBe(70);
    expect(body.failed).toBe(2430);
    // 6,000 distinct periods for five new students: two insert batches of up to 5,000 rows. Then a
    // repeat of row 2 and a row for nobody, reported with their own row numbers.
    const many = [HEADER];
    for (const name of ['Batch One', 'Batch Two', 'Batch Three', 'Batch Four', 'Batch Five']) {
      const [first, last] = name.split(' ') as [string, string];
      const s = await makeStudent(t, { firstName: first, lastName: last, officer: 'PO001' });
      for (let year = 2000; year < 2100; year++)
        for (const month of MONTHS) many.push(`${s.id},${name},,${month},${year},college,${year}.25,1,,,,`);
    }
    many.push(many[1]!, '00000000-0000-4000-8000-000000000000,Nobody Here,,May,2026,college,10,,,,,');
    const result = await json<BulkUploadResponse>(await send('ADM001', many.join('\n')));
    expect(result).toEqual({
      success: 6000,
      failed: 2,
      errors: [
        'Row 6002: An allowance for Batch One for January 2000 already exists.',
        'Row 6003: Student not found',
      ],
    });
    const batch = await t.database.db
      .select({ id: allowances.id, comment: allowanceComments.id })
      .from(allowances)
      .leftJoin(allowanceComments, eq(allowanceComments.allowanceId, allowances.id))
      .where(eq(allowances.programLevel, 'college'));
    expect(batch.filter((r) => r.comment).length).toBe(batch.length);
    expect(batch.length).toBeGreaterThanOrEqual(6000);
  });
});

describe('POST /api/allowances/bulk racing other submissions', () => {
  // Needs a second connection holding a transaction open: PGlite serves one session for all.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reports a period another submission took while the file was being saved, and writes the rest',
    async () => {
      const mwila = byChl['CHL-S-0001']!;
      const racer = await t.database.pool.connect();
      let committed = false;
      try {
        await racer.query('begin');
        await racer.query(
          `insert into allowances (student_id, student_name, month, month_number, year, program_level, stipend, total, submitted_by)
           values ($1, 'Mwila Chanda', 'February', 2, 2031, 'university', 10, 10, 'Racer')`,
          [mwila.id],
        );
        // The file is checked while the racer's row is not yet committed, so February looks free.
        const uploading = send(
          'ADM001',
          [
            HEADER,
            ',Mwila Chanda,CHL-S-0001,February,2031,,1000,,,,,',
            ',Mwila Chanda,CHL-S-0001,March,2031,,1000,,,,,',
          ].join('\n'),
        );
        await untilSomeoneWaitsForALock(
          racer,
          'The upload never waited for the racing submission',
          '%insert into allowances%',
        );
        await racer.query('commit');
        committed = true;
        expect(await json<BulkUploadResponse>(await uploading)).toEqual({
          success: 1,
          failed: 1,
          errors: ['Row 2: An allowance for Mwila Chanda for February 2031 already exists.'],
        });
      } finally {
        if (!committed) await racer.query('rollback');
        racer.release();
      }
      const saved = await t.database.db
        .select({
          month: allowances.month,
          by: allowances.submittedBy,
          comment: allowanceComments.commentText,
        })
        .from(allowances)
        .leftJoin(allowanceComments, eq(allowanceComments.allowanceId, allowances.id))
        .where(and(eq(allowances.studentId, mwila.id), eq(allowances.year, 2031)))
        .orderBy(allowances.monthNumber);
      expect(saved).toEqual([
        { month: 'February', by: 'Racer', comment: null },
        { month: 'March', by: 'Mutale Bwalya', comment: 'Allowance submitted' },
      ]);
    },
  );

  it('gives up after three tries with a clear message, and writes nothing', async () => {
    const db = t.database.db;
    // A period that is taken again on every try: the index's own error, raised by a trigger.
    await db.execute(sql`create sequence bulk_test_tries`);
    await db.execute(sql`
      create function bulk_test_period_taken() returns trigger language plpgsql as $$
      begin
        if new.year = 2099 then
          perform nextval('bulk_test_tries');
          raise exception 'duplicate key value' using errcode = 'unique_violation',
            constraint = 'allowances_one_open_per_period';
        end if;
        return new;
      end $$`);
    await db.execute(
      sql`create trigger bulk_test_period_taken before insert on allowances for each row execute function bulk_test_period_taken()`,
    );
    try {
      const res = await send(
        'ADM001',
        [
          HEADER,
          ',Joseph Mumba,CHL-S-0002,April,2098,,1000,,,,,',
          ',Joseph Mumba,CHL-S-0002,April,2099,,1000,,,,,',
        ].join('\n'),
      );
      expect(res.status).toBe(409);
      expect((await json(res)).error).toBe(BULK_RACE_LOST);
      const tries = await db.execute<{ n: string }>(sql`select last_value as n from bulk_test_tries`);
      expect(Number(tries.rows[0]!.n)).toBe(3);
      const written = await db
        .select()
        .from(allowances)
        .where(and(eq(allowances.studentId, byChl['CHL-S-0002']!.id), eq(allowances.year, 2098)));
      expect(written).toEqual([]);
    } finally {
      await db.execute(sql`drop trigger bulk_test_period_taken on allowances`);
      await db.execute(sql`drop function bulk_test_period_taken()`);
      await db.execute(sql`drop sequence bulk_test_tries`);
    }
  });
});

describe('POST /api/allowances/bulk files', () => {
  it('refuses a file over 10 MB (413) and accepts exactly 10 MB', async () => {
    const tenMb = 10 * 1024 * 1024;
    const big = new Uint8Array(tenMb + 1).fill(0x20);
    big.set(new TextEncoder().encode(`${HEADER}\n`));
    const res = await send('ADM001', big);
    expect(res.status).toBe(413);
    expect((await json(res)).error).toBe(
      'The file is larger than 10 MB. Please split it into smaller files.',
    );
    const exact = await send('ADM001', big.subarray(0, tenMb));
    expect(exact.status).not.toBe(413);
  });

  it('refuses a file with NUL characters (saved as UTF-16 "Unicode text") and writes nothing', async () => {
    const utf16 = Buffer.from(`\ufeff${HEADER}\n,Grace Lungu,CHL-S-0003,May,1999,,100,,,,,\n`, 'utf16le');
    const res = await send('ADM001', new Uint8Array(utf16));
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe(NOT_UTF8_TEXT);
    expect(await t.database.db.select().from(allowances).where(eq(allowances.year, 1999))).toEqual([]);
  });

  it('accepts only .csv files', async () => {
    const res = await send('ADM001', `${HEADER}\n`, 'allowances.xlsx');
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe('Only .csv files are accepted.');
  });

  it('asks for a file, and for rows', async () => {
    const form = new FormData();
    const none = await t.app.request('/api/allowances/bulk', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${tokens.ADM001}` },
    });
    expect(none.status).toBe(400);
    expect((await json(none)).error).toBe('Please select a file to upload.');
    const empty = await send('ADM001', `${HEADER}\n\n`);
    expect(empty.status).toBe(400);
    expect((await json(empty)).error).toBe('No allowance rows found in the CSV file.');
  });

  it('is for staff only', async () => {
    expect((await send(undefined, `${HEADER}\n`)).status).toBe(401);
    expect((await send('USR001', `${HEADER}\n`)).status).toBe(403);
  });
});

describe('POST /api/allowances/bulk: the whole file, or the valid rows at the request’s choice', () => {
  const countAll = async () => (await t.database.db.select({ id: allowances.id }).from(allowances)).length;

  it('refuses the whole file while any row has a problem, unless skipping is chosen, listing every row', async () => {
    const before = await countAll();
    const csv = [
      HEADER,
      ',Esther Mwansa,CHL-S-0007,July,2031,college,100,,,,,',
      ',Joseph Mumba,CHL-S-0002,Julie,2031,college,100,,,,,',
      ',Nobody,CHL-S-9999,July,2031,college,100,,,,,',
    ].join('\n');
    for (const fields of [{}, { skip_invalid_rows: 'false' }] as Array<Record<string, string>>) {
      const res = await send('ADM001', csv, 'allowances.csv', fields);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Nothing was uploaded. Row 3: month must be a valid month name (and 1 more error)',
        code: 'invalid_rows',
        rows: [
          { row: 3, message: 'month must be a valid month name' },
          { row: 4, message: 'Student not found' },
        ],
      });
    }
    const bad = await send('ADM001', csv, 'allowances.csv', { skip_invalid_rows: 'maybe' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      skip_invalid_rows: 'skip_invalid_rows must be true or false',
    });
    expect(await countAll()).toBe(before);

    // A period already taken in the database refuses it too, found after the row checks.
    const taken = [HEADER, ',Esther Mwansa,CHL-S-0007,August,2031,college,100,,,,,'].join('\n');
    expect((await send('ADM001', taken)).status).toBe(200);
    const again = await send(
      'ADM001',
      `${taken}\n,Joseph Mumba,CHL-S-0002,August,2031,college,100,,,,,`,
      'a.csv',
      {},
    );
    expect(again.status).toBe(400);
    expect((await again.json()).rows).toEqual([
      { row: 2, message: 'An allowance for Esther Mwansa for August 2031 already exists.' },
    ]);
    expect(await countAll()).toBe(before + 1);

    const skipped = await send('ADM001', csv);
    expect(await json<BulkUploadResponse>(skipped)).toEqual({
      success: 1,
      failed: 2,
      errors: ['Row 3: month must be a valid month name', 'Row 4: Student not found'],
    });
    expect(await countAll()).toBe(before + 2);
  });

  it("skips the template's example row, a comment, wherever its student is", async () => {
    const comment =
      '# Example row never imported,Mwila Chanda,CHL-S-0001,January,2031,university,1500,200,150,100,800,x';
    const onlyExample = await send('PO002', `${HEADER}\n${comment}\n`, 'allowances.csv', {});
    expect(onlyExample.status).toBe(400);
    expect((await onlyExample.json()).error).toBe('No allowance rows found in the CSV file.');
    const res = await send(
      'PO002',
      `${HEADER}\n${comment}\n,Esther Mwansa,CHL-S-0007,September,2031,college,100,,,,,\n`,
      'allowances.csv',
      {},
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await json<BulkUploadResponse>(res)).toEqual({ success: 1, failed: 0, errors: [] });
  });
});
