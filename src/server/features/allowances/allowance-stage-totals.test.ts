/**
 * The list's tiles come from allowance_stage_totals, which triggers keep. Whatever writes to
 * allowances (a submission, a bulk file, decisions, payment, a race, a direct DELETE or TRUNCATE),
 * the stored figures must equal a fresh count and sum over the table.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOWANCE_TEMPLATE_COLUMNS, type AllowanceListResponse } from '../../../contracts/allowances';
import { allowances } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { json, makeStudent, type TestStudent, upload } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'DPM001', 'PO001'] });
let mwila: TestStudent;
let joseph: TestStudent;

beforeAll(async () => {
  mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001', chlNumber: 'CHL-T-1' });
  joseph = await makeStudent(t, { name: 'Joseph Mumba', officer: 'PO001', chlNumber: 'CHL-T-2' });
});

type StageFigures = { stage: string; n: number; total: string };

/** The stored figures of all six stages, in stage order, once they equal a fresh count and sum. */
async function expectStoredTotalsTrue(): Promise<StageFigures[]> {
  expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  const stored = await t.database.db.execute<StageFigures>(sql`
    select approval_stage as stage, allowance_count::int as n, total_sum::numeric(14,2)::text as total
      from allowance_stage_totals order by 1`);
  return stored.rows;
}

const submit = async (student: TestStudent, month: string, stipend: string) => {
  const res = await t.request('POST', '/api/allowances', {
    token: tokens.PO001,
    body: { student_id: student.id, month, year: 2026, program_level: 'university', stipend },
  });
  expect(res.status).toBe(201);
  return (await json<{ id: string }>(res)).id;
};

const decide = (id: string, as: string, decision: 'approve' | 'deny', expectedStage: string) =>
  t.request('POST', `/api/allowances/${id}/decision`, {
    token: tokens[as],
    body: { decision, comment: 'Checked against the bank statement', expected_stage: expectedStage },
  });

describe('allowance_stage_totals', () => {
  it('follows submissions, decisions, denials and payment', async () => {
    const a = await submit(mwila, 'January', '1000.10');
    const b = await submit(mwila, 'February', '2000.20');
    const c = await submit(joseph, 'January', '333.33');
    let stored = await expectStoredTotalsTrue();
    expect(stored.find((s) => s.stage === 'pending_dpm')).toEqual({
      stage: 'pending_dpm',
      n: 3,
      total: '3333.63',
    });

    expect((await decide(a, 'DPM001', 'approve', 'pending_dpm')).status).toBe(200);
    expect((await decide(a, 'PO001', 'approve', 'pending_flmi')).status).toBe(200);
    expect((await decide(a, 'ADM001', 'approve', 'pending_pm')).status).toBe(200);
    expect((await decide(b, 'DPM001', 'deny', 'pending_dpm')).status).toBe(200);
    await expectStoredTotalsTrue();
    const paid = await t.request('POST', `/api/allowances/${a}/pay`, {
      token: tokens.ADM001,
      body: { expected_stage: 'approved' },
    });
    expect(paid.status).toBe(200);
    stored = await expectStoredTotalsTrue();
    expect(stored.find((s) => s.stage === 'paid')).toEqual({ stage: 'paid', n: 1, total: '1000.10' });
    expect(stored.find((s) => s.stage === 'rejected')?.n).toBe(1);

    // The list's tiles read the stored figures.
    const list = await json<AllowanceListResponse>(
      await t.request('GET', '/api/allowances', { token: tokens.PO001 }),
    );
    expect(list.total).toBe(3);
    expect(list.summary).toEqual({
      pending_dpm: '333.33',
      pending_flmi: '0.00',
      pending_pm: '0.00',
      approved: '0.00',
      paid: '1000.10',
    });
    expect(c).toBeTruthy();
  });

  it('follows a bulk file, a stage-filtered total and a direct UPDATE of many rows', async () => {
    const rows = ['March', 'April', 'May', 'June'].flatMap((month) => [
      `,Mwila Chanda,CHL-T-1,${month},2026,university,100.01,,,,,`,
      `,Joseph Mumba,CHL-T-2,${month},2026,university,200.02,,,,,`,
    ]);
    const csv = [ALLOWANCE_TEMPLATE_COLUMNS.join(','), ...rows].join('\n');
    const res = await upload(t, '/api/allowances/bulk', tokens.PO001, 'allowances.csv', csv);
    expect(await json(res)).toEqual({ success: 8, failed: 0, errors: [] });
    await expectStoredTotalsTrue();

    // The total moves with a part, and the deputy manager's approval comes along: the database
    // refuses a total that is not the sum of its parts, and pending_flmi without that approval.
    await t.database.db
      .update(allowances)
      .set({
        approvalStage: 'pending_flmi',
        medical: sql`${allowances.medical} + 1`,
        total: sql`${allowances.total} + 1`,
        dpmStatus: 'approved',
        dpmApprovedBy: 'Test Deputy',
        dpmApprovedById: await t.userId('DPM001'),
        dpmApprovedDate: '2026-03-15',
      })
      .where(eq(allowances.month, 'March'));
    const stored = await expectStoredTotalsTrue();
    const list = await json<AllowanceListResponse>(
      await t.request('GET', '/api/allowances?stage=pending_flmi', { token: tokens.PO001 }),
    );
    expect(list.total).toBe(stored.find((s) => s.stage === 'pending_flmi')!.n);
    expect(list.summary.pending_flmi).toBe('302.03');
  });

  it('stays true when racing decisions and submissions run at once', async () => {
    const ids = await Promise.all(
      ['July', 'August', 'September', 'October'].map((month, i) =>
        submit(i % 2 ? joseph : mwila, month, `${100 + i}.5${i}`),
      ),
    );
    await Promise.all([
      ...ids.flatMap((id) => [
        decide(id, 'DPM001', 'approve', 'pending_dpm'),
        decide(id, 'DPM001', 'deny', 'pending_dpm'),
      ]),
      submit(mwila, 'November', '5.05'),
      submit(joseph, 'November', '6.06'),
    ]);
    await expectStoredTotalsTrue();
  });

  it('leaves the stage rows alone when a write moves no figure (so it takes no lock on them)', async () => {
    const versions = async () =>
      (
        await t.database.db.execute<{ stage: string; version: string }>(
          sql`select approval_stage as stage, xmin::text as version from allowance_stage_totals order by 1`,
        )
      ).rows;
    const before = await versions();
    await t.database.db
      .update(allowances)
      .set({ submissionNotes: 'Receipts attached.' })
      .where(eq(allowances.month, 'May'));
    expect(await versions()).toEqual(before);
    await expectStoredTotalsTrue();
  });

  it('follows a DELETE and a TRUNCATE made outside the app', async () => {
    await t.database.db.delete(allowances).where(eq(allowances.month, 'April'));
    await expectStoredTotalsTrue();
    await t.database.db.execute(
      sql`truncate payouts, payment_batch_held, payment_batch_items, allowance_comments, allowances`,
    );
    const stored = await expectStoredTotalsTrue();
    expect(stored.every((s) => s.n === 0 && s.total === '0.00')).toBe(true);
  });
});
