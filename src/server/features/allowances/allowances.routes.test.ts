import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllowanceDetail,
  AllowanceListResponse,
  AwaitingMeResponse,
} from '../../../contracts/allowances';
import { activities, allowanceComments, allowances } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import {
  csvDownloadLines,
  json,
  makeAllowance,
  makeStudent,
  type TestStudent,
  UNKNOWN_ID,
} from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'] });
let mwila: TestStudent; // PO001's, university
let grace: TestStudent; // PO001's, launch_year
let joseph: TestStudent; // PO002's, diploma
let esther: TestStudent; // nobody's

beforeAll(async () => {
  mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  grace = await makeStudent(t, { name: 'Grace Lungu', officer: 'PO001', programLevel: 'launch_year' });
  joseph = await makeStudent(t, { name: 'Joseph Mumba', officer: 'PO002', programLevel: 'diploma' });
  esther = await makeStudent(t, { name: 'Esther Mwansa' });
});

const create = (as: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/allowances', { token: tokens[as], body });

const full = (student: TestStudent, extra: Record<string, unknown> = {}) => ({
  student_id: student.id,
  month: 'February',
  year: 2026,
  program_level: 'university',
  stipend: '1500',
  medical: '200.50',
  transportation: 150,
  school_supplies: '100',
  accommodation: '800',
  ...extra,
});

describe('who reaches the allowance API', () => {
  // Bodies that say nothing valid: a caller who may not pass learns 401 or 403 before the
  // request is looked at (docs/product.md D9); staff pass and are told what is wrong with it.
  it('answers 401 signed out and 403 to user and student accounts, before looking at the request', async () => {
    await expectAccess(
      t,
      accessMatrix(
        [
          { route: 'GET /api/allowances', statuses: staffOnly(200) },
          { route: 'GET /api/allowances/export.csv', statuses: staffOnly(200) },
          { route: 'GET /api/allowances/awaiting-me', statuses: staffOnly(200) },
          { route: `GET /api/allowances/${UNKNOWN_ID}`, statuses: staffOnly(404) },
          { route: 'POST /api/allowances', body: {}, statuses: staffOnly(400) },
          { route: 'POST /api/allowances/bulk', body: {}, statuses: staffOnly(400) },
          { route: `POST /api/allowances/${UNKNOWN_ID}/decision`, body: {}, statuses: staffOnly(400) },
          { route: `POST /api/allowances/${UNKNOWN_ID}/pay`, body: {}, statuses: staffOnly(400) },
        ],
        { forbidden: "You don't have permission to access this resource. Required role: program_officer" },
      ),
    );
  });
});

describe('POST /api/allowances', () => {
  it('submits at pending_dpm with a server-computed total, whatever the request says', async () => {
    const res = await create(
      'PO001',
      full(mwila, {
        total: '99999.99',
        approval_stage: 'approved',
        submitted_by: 'Somebody else',
        dpm_approved_by: 'Nobody',
        student_name: 'Wrong Name',
        flmi_comments: '  Term 1 fees  ',
      }),
    );
    expect(res.status).toBe(201);
    const body = await json<AllowanceDetail>(res);
    expect(body).toMatchObject({
      student_id: mwila.id,
      student_name: 'Mwila Chanda',
      month: 'February',
      month_number: 2,
      year: 2026,
      program_level: 'university',
      stipend: '1500.00',
      medical: '200.50',
      transportation: '150.00',
      school_supplies: '100.00',
      accommodation: '800.00',
      total: '2750.50',
      approval_stage: 'pending_dpm',
      submitted_by: 'Bupe Tembo',
      submitted_by_id: await t.userId('PO001'),
      submitted_date: '2026-03-15T09:00:00.000Z',
      dpm_approved_by: null,
      flmi_comments: 'Term 1 fees',
    });
    expect(body.comments).toEqual([
      expect.objectContaining({
        action: 'submission',
        comment_text: 'Term 1 fees',
        user_name: 'Bupe Tembo',
        user_role: 'program_officer',
        stage: null,
      }),
    ]);
    const [activity] = await t.database.db.select().from(activities).where(eq(activities.entityId, body.id));
    expect(activity).toMatchObject({
      action: 'allowance.submitted',
      officerId: await t.userId('PO001'),
      actorName: 'Bupe Tembo',
    });
  });

  it('gives launch_year the stipend only', async () => {
    const res = await create('ADM001', full(grace, { program_level: 'launch_year', month: 'march' }));
    expect(res.status).toBe(201);
    const body = await json<AllowanceDetail>(res);
    expect(body).toMatchObject({
      month: 'March',
      stipend: '1500.00',
      medical: '0.00',
      transportation: '0.00',
      school_supplies: '0.00',
      accommodation: '0.00',
      total: '1500.00',
    });
  });

  it("defaults program_level from the student's record (diploma is paid as college)", async () => {
    const res = await create('DPM001', {
      student_id: joseph.id,
      month: 'April',
      year: '2026',
      stipend: '1200',
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ program_level: 'college', total: '1200.00' });
  });

  it('refuses a second open allowance for the same student and period', async () => {
    const res = await create('ADM001', full(mwila, { month: 'FEBRUARY' }));
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('An allowance for Mwila Chanda for February 2026 already exists.');
  });

  it('allows a new allowance for a period whose earlier one was rejected', async () => {
    await makeAllowance(t, esther, { month: 'May', monthNumber: 5, approvalStage: 'rejected' });
    const res = await create('ADM001', full(esther, { month: 'May' }));
    expect(res.status).toBe(201);
  });

  it('lets exactly one of two racing submissions through', async () => {
    const results = await Promise.all([
      create('ADM001', full(esther, { month: 'June' })),
      create('DPM001', full(esther, { month: 'June' })),
      create('ADM001', full(esther, { month: 'June' })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("hides other officers' students from a program officer", async () => {
    for (const student of [joseph, esther]) {
      const res = await create('PO001', full(student, { month: 'July' }));
      expect(res.status).toBe(404);
      expect((await json(res)).error).toBe('Student not found');
    }
    expect((await create('PO002', full(joseph, { month: 'July' }))).status).toBe(201);
  });

  it('answers 404 for an unknown or malformed student id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await create('ADM001', full(mwila, { student_id: id }));
      expect(res.status).toBe(404);
      expect((await json(res)).error).toBe('Student not found');
    }
  });

  it('answers 400 with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ month: undefined }, 'month is required'],
      [{ month: '  ' }, 'month is required'],
      [{ month: 'Janury' }, 'month must be a valid month name'],
      [{ year: 'twenty' }, 'valid year is required'],
      [{ year: undefined }, 'valid year is required'],
      [{ year: 1999 }, 'valid year is required'],
      [{ program_level: 'masters' }, 'program_level must be one of: launch_year, university, college'],
      [{ stipend: undefined }, 'valid stipend amount is required'],
      [{ stipend: '-1' }, 'valid stipend amount is required'],
      [{ stipend: '12.345' }, 'valid stipend amount is required'],
      [{ medical: 'abc' }, 'medical must be a valid number'],
      [{ accommodation: -5 }, 'accommodation must be a valid number'],
      [{ student_id: undefined }, 'student_id is required'],
      [{ stipend: '9999999999.99', medical: '1' }, 'stipend must be at most ZMW 1,000,000.00'],
      [{ medical: '1000000.01' }, 'medical must be at most ZMW 1,000,000.00'],
    ];
    for (const [change, message] of cases) {
      const res = await create('ADM001', full(mwila, { month: 'August', ...change }));
      expect(res.status, message).toBe(400);
      expect((await json(res)).error).toBe(message);
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.request('POST', '/api/allowances', {
      token: tokens.ADM001,
      rawBody: '{"student_id":',
    });
    expect(res.status).toBe(400);
  });
});

describe('GET /api/allowances/:id', () => {
  it('answers the allowance with its comments, oldest first', async () => {
    const created = await json<AllowanceDetail>(await create('ADM001', full(mwila, { month: 'September' })));
    const approve = await t.request('POST', `/api/allowances/${created.id}/decision`, {
      token: tokens.DPM001,
      body: { decision: 'approve', comment: 'Fine', expected_stage: 'pending_dpm' },
    });
    expect(approve.status).toBe(200);
    for (const who of ['PO002', 'DPM001', 'ADM001']) {
      const res = await t.request('GET', `/api/allowances/${created.id}`, { token: tokens[who] });
      expect(res.status).toBe(200);
      const body = await json<AllowanceDetail>(res);
      expect(body.comments.map((c) => c.action)).toEqual(['submission', 'approved']);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope', '1']) {
      const res = await t.request('GET', `/api/allowances/${id}`, { token: tokens.ADM001 });
      expect(res.status).toBe(404);
      expect((await json(res)).error).toBe('Allowance not found');
    }
  });
});

describe('GET /api/allowances (list)', () => {
  let list: TestContext;
  let token: string;
  beforeAll(async () => {
    // Its own database, so the sums are exactly these rows.
    list = await createTestContext();
    token = await list.signIn('PO002');
    const a = await makeStudent(list, { name: 'Mwila Chanda', officer: 'PO001' });
    const b = await makeStudent(list, { name: 'Chanda_Percent% Phiri' });
    const at = (day: number) => new Date(Date.UTC(2026, 0, day, 8));
    const rows: Array<[TestStudent, string, number, string, string, number]> = [
      [a, 'January', 1, 'pending_dpm', '100.10', 1],
      [a, 'February', 2, 'pending_flmi', '200.20', 2],
      [a, 'March', 3, 'pending_pm', '300.30', 3],
      [a, 'April', 4, 'approved', '400.40', 4],
      [a, 'May', 5, 'paid', '500.50', 5],
      [a, 'June', 6, 'rejected', '600.60', 6],
      [b, 'January', 1, 'paid', '0.05', 7],
      [b, 'June', 6, 'pending_dpm', '1000.00', 8],
    ];
    for (const [student, month, monthNumber, stage, total, day] of rows) {
      await makeAllowance(list, student, {
        month,
        monthNumber,
        approvalStage: stage as 'paid',
        stipend: total,
        total,
        submittedDate: at(day),
      });
    }
  });
  afterAll(() => list.close());

  const get = async (query: string) => {
    const res = await list.request('GET', `/api/allowances${query}`, { token });
    expect(res.status).toBe(200);
    return json<AllowanceListResponse>(res);
  };

  it('shows every allowance to a program officer, newest first, with stage sums', async () => {
    const body = await get('');
    expect(body.total).toBe(8);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(25);
    expect(body.items.map((i) => i.total)).toEqual([
      '1000.00',
      '0.05',
      '600.60',
      '500.50',
      '400.40',
      '300.30',
      '200.20',
      '100.10',
    ]);
    expect(body.summary).toEqual({
      pending_dpm: '1100.10',
      pending_flmi: '200.20',
      pending_pm: '300.30',
      approved: '400.40',
      paid: '500.55',
    });
  });

  it('filters by stage without changing the tiles', async () => {
    const body = await get('?stage=paid');
    expect(body.total).toBe(2);
    expect(body.items.every((i) => i.approval_stage === 'paid')).toBe(true);
    expect(body.summary.pending_dpm).toBe('1100.10');
    expect((await get('?stage=all')).total).toBe(8);
  });

  it('searches student name or month, case-insensitively; the tiles follow the search', async () => {
    const june = await get('?q=JUNE');
    expect(june.total).toBe(2);
    expect(june.summary).toEqual({
      pending_dpm: '1000.00',
      pending_flmi: '0.00',
      pending_pm: '0.00',
      approved: '0.00',
      paid: '0.00',
    });
    expect((await get('?q=mwila%20ch')).total).toBe(6);
    expect((await get('?q=chanda')).total).toBe(8);
    // LIKE wildcards in the search are literal characters ('a%p' would match 'Chanda_P' as a pattern).
    expect((await get('?q=nt%25')).total).toBe(2);
    expect((await get('?q=a_p')).total).toBe(2);
    expect((await get('?q=a%25p')).total).toBe(0);
    // One or two characters match the start of a word of the name, or of the month (D17).
    expect((await get('?q=%25')).total).toBe(0);
    expect((await get('?q=ph')).total).toBe(2);
    expect((await get('?q=hi')).total).toBe(0);
    expect((await get('?q=ju')).total).toBe(2);
    expect((await get('?q=nobody')).items).toEqual([]);
  });

  it('pages', async () => {
    const body = await get('?page=2&pageSize=3');
    expect(body.items.map((i) => i.total)).toEqual(['500.50', '400.40', '300.30']);
    expect(body.total).toBe(8);
  });

  it('refuses a bad stage or page, saying what a page may be', async () => {
    for (const query of ['?stage=done', '?page=0', '?pageSize=1000', '?page=100001', '?page=x']) {
      const res = await list.request('GET', `/api/allowances${query}`, { token });
      expect(res.status, query).toBe(400);
    }
    const far = await list.request('GET', '/api/allowances?page=100001', { token });
    expect((await json(far)).error).toBe('Page must be at most 100000');
    const size = await list.request('GET', '/api/allowances?pageSize=0', { token });
    expect((await json(size)).error).toBe('Page size must be a whole number from 1 to 200');
  });

  it('exports the filtered list as formula-safe CSV', async () => {
    const student = await makeStudent(list, { name: '=HYPERLINK("x") Banda' });
    await makeAllowance(list, student, {
      approvalStage: 'approved',
      submittedDate: new Date('2026-01-20'),
    });
    const res = await list.request('GET', '/api/allowances/export.csv?stage=approved', { token });
    const lines = await csvDownloadLines(res, 'allowances.csv');
    expect(lines[0]).toMatch(/^id,student_id,chl_number,student_name,month,year,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"") Banda"`);
    expect(lines[2]).toContain('April,2026,university');
  });

  it('exports in batches beyond one page', async () => {
    const student = await makeStudent(list, { name: 'Bulk Export' });
    const base = Date.UTC(2025, 0, 1);
    await list.database.db.insert(allowances).values(
      Array.from({ length: 5003 }, (_, i) => ({
        studentId: student.id,
        studentName: student.fullName,
        month: 'January',
        monthNumber: 1,
        year: 2030 + i,
        programLevel: 'college' as const,
        stipend: '1.00',
        total: '1.00',
        submittedBy: 'Test',
        // Pairs share an instant, so the batches must page on (submitted_date, id).
        submittedDate: new Date(base + Math.floor(i / 2) * 1000),
      })),
    );
    const res = await list.request('GET', '/api/allowances/export.csv?q=bulk', { token });
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(5004);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(5004);
  });
});

describe('GET /api/allowances/awaiting-me', () => {
  it('counts what each role may decide or pay now', async () => {
    const bell = new Map<string, AwaitingMeResponse>();
    for (const who of ['ADM001', 'DPM001', 'PO001']) {
      const res = await t.request('GET', '/api/allowances/awaiting-me', { token: tokens[who] });
      expect(res.status).toBe(200);
      bell.set(who, await json<AwaitingMeResponse>(res));
    }
    const rows = await t.request('GET', '/api/allowances?pageSize=200', { token: tokens.ADM001 });
    const all = (await json<AllowanceListResponse>(rows)).items;
    const at = (stages: string[]) => all.filter((a) => stages.includes(a.approval_stage)).length;
    expect(bell.get('DPM001')!.count).toBe(at(['pending_dpm']));
    expect(bell.get('PO001')!.count).toBe(at(['pending_flmi', 'pending_pm']));
    expect(bell.get('ADM001')!.count).toBe(at(['pending_flmi', 'pending_pm', 'approved']));
    expect(bell.get('DPM001')!.count).toBeGreaterThan(0);
    expect(bell.get('DPM001')!.items[0]).toEqual({
      id: expect.any(String),
      student_name: expect.any(String),
      month: expect.any(String),
      year: expect.any(Number),
      total: expect.stringMatching(/^\d+\.\d{2}$/),
      approval_stage: 'pending_dpm',
    });
  });
});

describe('OpenAPI document', () => {
  it('describes every allowance route', async () => {
    const res = await t.request('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    for (const path of [
      '/api/allowances',
      '/api/allowances/export.csv',
      '/api/allowances/awaiting-me',
      '/api/allowances/bulk',
      '/api/allowances/{id}',
      '/api/allowances/{id}/decision',
      '/api/allowances/{id}/pay',
    ])
      expect(doc.paths[path], path).toBeDefined();
  });
});

describe('student deletion guard', () => {
  it('refuses to delete a student who has allowance records (409)', async () => {
    const res = await t.request('DELETE', `/api/students/${mwila.id}`, { token: tokens.ADM001 });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe(
      "This student has allowance records and cannot be deleted. Change the student's status instead.",
    );
    const comments = await t.database.db.select().from(allowanceComments);
    expect(comments.length).toBeGreaterThan(0);
  });
});
