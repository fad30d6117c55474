/**
 * Hostile money: amounts at and past the cap of decision record 004, numbers written oddly, and
 * many allowances at the largest amounts, listed, summed and exported. Rows above the cap made
 * before it existed must keep working.
 */
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowanceListResponse, BulkUploadResponse } from '../../../contracts/allowances';
import { type DashboardResponse, DashboardResponseSchema } from '../../../contracts/dashboard';
import { toMoneyString } from '../../../domain/money';
import { allowances } from '../../db/schema';
import { json, makeStudent, type TestStudent, upload } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const HEADER =
  'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments';
const CAP_MESSAGE = (field: string) => `${field} must be at most ZMW 1,000,000.00`;
/** The largest amount the columns hold, accepted before the cap: such rows may exist. */
const OLD_MAX = '9999999999.99';
const LEGACY_ROWS = 240;

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'] });
let capped: TestStudent;
let legacy: TestStudent;

beforeAll(async () => {
  capped = await makeStudent(t, { name: 'Capped Phiri', officer: 'PO001', chlNumber: 'CHL-H-1' });
  legacy = await makeStudent(t, { name: 'Legacy Banda', officer: 'PO002' });
});

const allowanceCount = async () => (await t.database.db.select({ n: count() }).from(allowances))[0]!.n;
const create = (body: Record<string, unknown>) =>
  t.request('POST', '/api/allowances', { token: tokens.PO001, body });
const amounts = (value: unknown) => ({
  stipend: value,
  medical: value,
  transportation: value,
  school_supplies: value,
  accommodation: value,
});

describe('amounts at and past the cap', () => {
  it('takes every amount at ZMW 1,000,000.00: a total of 5,000,000.00', async () => {
    const res = await create({
      student_id: capped.id,
      month: 'January',
      year: 2040,
      ...amounts('1,000,000.00'),
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toMatchObject({ stipend: '1000000.00', total: '5000000.00' });
  });

  it('refuses cap + 0.01, 10+ digit amounts and odd numbers with a clear 400, writing nothing', async () => {
    const before = await allowanceCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ stipend: '1000000.01' }, CAP_MESSAGE('stipend')],
      [{ stipend: 1000000.01 }, CAP_MESSAGE('stipend')],
      [{ medical: '1,000,000.01' }, CAP_MESSAGE('medical')],
      [{ transportation: OLD_MAX }, CAP_MESSAGE('transportation')],
      [{ school_supplies: '12345678901' }, CAP_MESSAGE('school_supplies')],
      [{ accommodation: '9'.repeat(5000) }, CAP_MESSAGE('accommodation')],
      [{ stipend: 1e9 }, CAP_MESSAGE('stipend')],
      [{ stipend: '1e9' }, 'valid stipend amount is required'],
      [{ stipend: 1e21 }, 'valid stipend amount is required'],
      [{ stipend: '-0' }, 'valid stipend amount is required'],
      [{ stipend: '0x10' }, 'valid stipend amount is required'],
      [{ medical: 'Infinity' }, 'medical must be a valid number'],
      [{ medical: '-1000000.01' }, 'medical must be a valid number'],
    ];
    for (const [change, message] of cases) {
      const res = await create({
        student_id: capped.id,
        month: 'February',
        year: 2040,
        stipend: '100',
        ...change,
      });
      expect(res.status, message).toBe(400);
      const body = await json<{ error: string; fields: Record<string, string> }>(res);
      expect(body.error).toBe(message);
      expect(Object.values(body.fields)).toEqual([message]);
    }
    expect(await allowanceCount()).toBe(before);
  });

  it('names the cap row by row in a bulk upload and writes the rows at the cap', async () => {
    const row = (month: string, amount: string) =>
      `,Capped Phiri,CHL-H-1,${month},2041,,${amount},${amount},${amount},${amount},${amount},`;
    const res = await upload(
      t,
      '/api/allowances/bulk',
      tokens.PO001,
      'caps.csv',
      [
        HEADER,
        row('January', '1000000.00'),
        row('February', '1000000.01'),
        row('March', '"1,000,000.00"'),
        row('April', '99999999999'),
        row('May', '1e9'),
        `,Capped Phiri,CHL-H-1,June,2041,,100,,,,${OLD_MAX},`,
      ].join('\n'),
      { skip_invalid_rows: 'true' },
    );
    expect(res.status).toBe(200);
    expect(await json<BulkUploadResponse>(res)).toEqual({
      success: 2,
      failed: 4,
      errors: [
        `Row 3: ${CAP_MESSAGE('stipend')}`,
        `Row 5: ${CAP_MESSAGE('stipend')}`,
        'Row 6: valid stipend amount is required',
        `Row 7: ${CAP_MESSAGE('accommodation')}`,
      ],
    });
    const written = await t.database.db
      .select({ month: allowances.month, total: allowances.total })
      .from(allowances)
      .where(eq(allowances.year, 2041))
      .orderBy(allowances.monthNumber);
    expect(written).toEqual([
      { month: 'January', total: '5000000.00' },
      { month: 'March', total: '5000000.00' },
    ]);
  });
});

describe(`${LEGACY_ROWS} allowances at the old maximum of ZMW ${OLD_MAX}, made before the cap`, () => {
  const STAGES = ['pending_dpm', 'pending_flmi', 'pending_pm', 'approved', 'rejected', 'paid'] as const;

  beforeAll(async () => {
    // Written straight to the table, as the API no longer would: each in its own period, with the
    // approvals, payment or rejection its stage implies (the database holds those rules).
    const at = t.clock.now().toISOString();
    const decider = await t.userId('ADM001');
    await t.database.db.execute(sql`
      insert into allowances (student_id, student_name, month, month_number, year, program_level, stipend,
        total, approval_stage, submitted_by, submitted_date,
        dpm_status, dpm_approved_by, dpm_approved_by_id, dpm_approved_date,
        flmi_status, flmi_approved_by, flmi_approved_by_id, flmi_approved_date,
        pm_status, pm_approved_by, pm_approved_by_id, pm_approved_date,
        paid_by, paid_by_id, paid_date,
        rejection_reason, rejected_at_stage, rejected_by, rejected_date)
      select ${legacy.id}::uuid, 'Legacy Banda', 'Month', i % 12 + 1, 2000 + i / 12, 'university',
             ${OLD_MAX}, ${OLD_MAX}, stage, 'Before the cap', ${at}::timestamptz,
             case when past_dpm then 'approved' when stage = 'rejected' then 'denied' end,
             case when past_dpm or stage = 'rejected' then 'Before the cap' end,
             case when past_dpm or stage = 'rejected' then ${decider}::uuid end,
             case when past_dpm or stage = 'rejected' then '2026-03-08'::date end,
             case when past_flmi then 'approved' end,
             case when past_flmi then 'Before the cap' end,
             case when past_flmi then ${decider}::uuid end,
             case when past_flmi then '2026-03-09'::date end,
             case when past_pm then 'approved' end,
             case when past_pm then 'Before the cap' end,
             case when past_pm then ${decider}::uuid end,
             case when past_pm then '2026-03-10'::date end,
             case when stage = 'paid' then 'Before the cap' end,
             case when stage = 'paid' then ${decider}::uuid end,
             case when stage = 'paid' then '2026-03-12'::date end,
             case when stage = 'rejected' then 'Before the cap' end,
             case when stage = 'rejected' then 'dpm_review' end,
             case when stage = 'rejected' then 'Before the cap' end,
             case when stage = 'rejected' then '2026-03-08'::date end
        from (select i, stage,
                     stage in ('pending_flmi', 'pending_pm', 'approved', 'paid') as past_dpm,
                     stage in ('pending_pm', 'approved', 'paid') as past_flmi,
                     stage in ('approved', 'paid') as past_pm
                from (select i, (${sql.param([...STAGES])}::text[])[i % 6 + 1] as stage
                        from generate_series(0, ${LEGACY_ROWS - 1}) as i) as numbered) as legacy_rows`);
  });

  /** The expected sums, added in BigInt from each row's own total: no SQL sum involved. */
  async function expectedSums(where?: (row: { stage: string; name: string }) => boolean) {
    const rows = await t.database.db
      .select({ stage: allowances.approvalStage, name: allowances.studentName, total: allowances.total })
      .from(allowances);
    const sums: Record<string, bigint> = Object.fromEntries(STAGES.map((s) => [s, 0n]));
    for (const r of rows) if (!where || where(r)) sums[r.stage]! += BigInt(r.total.replace('.', ''));
    return Object.fromEntries(Object.entries(sums).map(([s, n]) => [s, toMoneyString(n)]));
  }

  it('lists with exact per-stage sums for every role, with and without a search', async () => {
    const all = await expectedSums();
    expect(all.paid).toBe('399999999999.60');
    const onlyLegacy = await expectedSums((r) => r.name === 'Legacy Banda');
    for (const who of ['ADM001', 'DPM001', 'PO001', 'PO002']) {
      for (const [query, sums] of [
        ['', all],
        ['?stage=paid', all],
        ['?q=legacy', onlyLegacy],
      ] as const) {
        const res = await t.request('GET', `/api/allowances${query}`, { token: tokens[who] });
        expect(res.status, `${who} ${query}`).toBe(200);
        const body = await json<AllowanceListResponse>(res);
        expect(body.summary).toEqual({
          pending_dpm: sums.pending_dpm,
          pending_flmi: sums.pending_flmi,
          pending_pm: sums.pending_pm,
          approved: sums.approved,
          paid: sums.paid,
        });
      }
    }
  });

  it('shows exact monthly sums on the dashboard', async () => {
    const res = await t.request('GET', '/api/dashboard', { token: tokens.ADM001 });
    expect(res.status).toBe(200);
    const body = DashboardResponseSchema.parse(await res.json()) as DashboardResponse;
    const march = body.monthly_allowances.at(-1)!;
    // Every allowance of this file was submitted this month; 80 legacy ones approved by the PM, 40 paid.
    const everything = Object.values(await expectedSums()).reduce(
      (a, b) => a + BigInt(b.replace('.', '')),
      0n,
    );
    expect(march).toEqual({
      month: '2026-03',
      label: 'Mar 2026',
      submitted: toMoneyString(everything),
      approved: '799999999999.20',
      paid: '399999999999.60',
    });
    expect(body.allowances.paid_this_month).toBe('399999999999.60');
  });

  it('exports every row with its amounts', async () => {
    const res = await t.request('GET', '/api/allowances/export.csv', { token: tokens.PO002 });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines.filter((l) => l.includes(`Legacy Banda,Month`))).toHaveLength(LEGACY_ROWS);
    expect(lines.filter((l) => l.includes(`,${OLD_MAX},0.00,0.00,0.00,0.00,${OLD_MAX},`))).toHaveLength(
      LEGACY_ROWS,
    );
  });

  it('can still be decided and paid', async () => {
    const [row] = await t.database.db
      .select({ id: allowances.id })
      .from(allowances)
      .where(eq(allowances.approvalStage, 'approved'))
      .limit(1);
    const res = await t.request('POST', `/api/allowances/${row!.id}/pay`, {
      token: tokens.ADM001,
      body: { expected_stage: 'approved' },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ approval_stage: 'paid', total: OLD_MAX });
    const bell = await t.request('GET', '/api/allowances/awaiting-me', { token: tokens.DPM001 });
    expect(bell.status).toBe(200);
  });
});
