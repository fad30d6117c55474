import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AllowanceListResponse, AllowanceSummary } from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { allowances } from '../../db/schema';
import { makeAllowance, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { toAllowanceDto } from './allowance-dto';

/*
 * Without a search the list's items are written by PostgreSQL (allowance-list-page.ts); a search's
 * by toAllowanceDto in Node. Every answer must be the one toAllowanceDto and the stage totals give
 * on the same rows: the same keys in the same order, the same values, the same figures.
 */

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001'] });

/** The answer's text, as sent, for the admin; the program officer, who sees every allowance, gets the same. */
async function listed(query: string): Promise<string> {
  const [admin, officer] = await Promise.all(
    [tokens.ADM001!, tokens.PO001!].map(async (token) => {
      const res = await t.request('GET', `/api/allowances?${query}`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      return res.text();
    }),
  );
  expect(officer).toBe(admin);
  return admin!;
}

const NO_SUMS: AllowanceSummary = {
  pending_dpm: '0.00',
  pending_flmi: '0.00',
  pending_pm: '0.00',
  approved: '0.00',
  paid: '0.00',
};

/** The page as toAllowanceDto answers its rows, newest submission first, with these figures. */
async function expected(
  query: { stage?: ApprovalStage; ids?: string[]; page: number; pageSize: number },
  total: number,
  summary: AllowanceSummary,
): Promise<AllowanceListResponse> {
  const rows = await t.database.db
    .select()
    .from(allowances)
    .where(query.stage ? eq(allowances.approvalStage, query.stage) : undefined)
    .orderBy(desc(allowances.submittedDate), desc(allowances.id));
  const items = rows
    .filter((r) => !query.ids || query.ids.includes(r.id))
    .slice((query.page - 1) * query.pageSize, query.page * query.pageSize)
    .map(toAllowanceDto);
  return { items, total, total_capped: false, page: query.page, pageSize: query.pageSize, summary };
}

/** The same JSON, key order included: JSON.stringify writes keys in the order they arrived. */
function expectSameAnswer(text: string, answer: AllowanceListResponse) {
  const parsed = JSON.parse(text) as AllowanceListResponse;
  expect(parsed).toEqual(answer);
  expect(JSON.stringify(parsed)).toBe(JSON.stringify(answer));
}

const at = (iso: string) => new Date(iso);

describe('the allowance list', () => {
  it('answers an empty page with zero figures', async () => {
    expectSameAnswer(await listed('page=1&pageSize=25'), {
      items: [],
      total: 0,
      total_capped: false,
      page: 1,
      pageSize: 25,
      summary: NO_SUMS,
    });
  });

  const ids: Record<string, string> = {};
  // Every stage, odd amounts, notes, a delegate's step, a name JSON must escape; two submitted at once.
  it('answers each allowance as toAllowanceDto does, with the stored totals', async () => {
    const chanda = await makeStudent(t, { name: 'Chanda "CJ" Mwápe\\\tII' });
    const ruth = await makeStudent(t, { name: 'Ruth Banda' });
    ids.tenNgwee = await makeAllowance(t, chanda, {
      stipend: '0.10',
      submittedDate: at('2026-01-05T08:00:00.000Z'),
      submissionNotes: 'Bring "receipts"\nby Friday',
    });
    ids.large = await makeAllowance(t, ruth, {
      stipend: '1234567.89',
      medical: '0.01',
      submittedDate: at('2026-01-06T08:00:00.000Z'),
    });
    ids.flmi = await makeAllowance(t, chanda, {
      stage: 'pending_flmi',
      month: 'February',
      monthNumber: 2,
      stipend: '500.50',
      transportation: '99.99',
      submittedDate: at('2026-01-06T08:00:00.000Z'),
      dpmOnBehalfOf: 'Delegating Deputy',
      dpmOnBehalfOfId: '00000000-0000-4000-8000-00000000d002',
    });
    ids.pm = await makeAllowance(t, ruth, {
      stage: 'pending_pm',
      month: 'March',
      monthNumber: 3,
      stipend: '1000',
      accommodation: '250.25',
      submittedDate: at('2026-03-01T10:30:00.000Z'),
    });
    ids.approved = await makeAllowance(t, chanda, {
      stage: 'approved',
      month: 'March',
      monthNumber: 3,
      stipend: '0',
      schoolSupplies: '12.34',
      submittedDate: at('2026-03-02T10:30:00.000Z'),
    });
    ids.paid = await makeAllowance(t, ruth, {
      stage: 'paid',
      month: 'April',
      monthNumber: 4,
      stipend: '2000',
      submittedDate: at('2026-04-01T00:00:00.000Z'),
      flmzComments: 'Paid by transfer',
    });
    ids.rejectedAtFlmi = await makeAllowance(t, chanda, {
      stage: 'rejected',
      rejectedAt: 'flmi_review',
      month: 'May',
      monthNumber: 5,
      stipend: '777.77',
      submittedDate: at('2026-05-01T00:00:00.000Z'),
    });
    ids.rejected = await makeAllowance(t, ruth, {
      stage: 'rejected',
      month: 'May',
      monthNumber: 5,
      stipend: '1',
      submittedDate: at('2026-05-02T00:00:00.000Z'),
    });
    // Instants held to the microsecond are answered to the millisecond, cut as toISOString cuts them.
    await t.database.db
      .update(allowances)
      .set({ submittedDate: sql`'2026-05-02 23:59:59.999999+00'::timestamptz` })
      .where(eq(allowances.id, ids.rejected!));

    // Worked out by hand: rejected allowances count in the total, in no tile.
    const summary: AllowanceSummary = {
      pending_dpm: '1234568.00',
      pending_flmi: '600.49',
      pending_pm: '1250.25',
      approved: '12.34',
      paid: '2000.00',
    };
    const text = await listed('page=1&pageSize=25');
    expectSameAnswer(text, await expected({ page: 1, pageSize: 25 }, 8, summary));
    const answer = JSON.parse(text) as AllowanceListResponse;
    expect(answer.items.map((a) => a.id)).toEqual([
      ids.rejected,
      ids.rejectedAtFlmi,
      ids.paid,
      ids.approved,
      ids.pm,
      ...[ids.large!, ids.flmi!].sort().reverse(),
      ids.tenNgwee,
    ]);
    expect(answer.items[0]!.submitted_date).toBe('2026-05-02T23:59:59.999Z');
    const tenNgwee = answer.items.find((a) => a.id === ids.tenNgwee)!;
    expect(tenNgwee).toMatchObject({ stipend: '0.10', total: '0.10', paid_date: null });
    expect(tenNgwee.flmi_comments).toBe('Bring "receipts"\nby Friday');
    expect(tenNgwee.student_name).toBe('Chanda "CJ" Mwápe\\\tII');
  });

  it('answers a stage, and later pages, from the same figures', async () => {
    const summary = JSON.parse(await listed('page=1&pageSize=25')).summary as AllowanceSummary;
    for (const [stage, total] of [
      ['pending_dpm', 2],
      ['rejected', 2],
      ['paid', 1],
      ['pending_pm', 1],
    ] as const) {
      expectSameAnswer(
        await listed(`stage=${stage}&page=1&pageSize=25`),
        await expected({ stage, page: 1, pageSize: 25 }, total, summary),
      );
      expectSameAnswer(
        await listed(`stage=${stage}&page=2&pageSize=1`),
        await expected({ stage, page: 2, pageSize: 1 }, total, summary),
      );
    }
    for (const page of [1, 2, 3, 4]) {
      expectSameAnswer(
        await listed(`page=${page}&pageSize=3`),
        await expected({ page, pageSize: 3 }, 8, summary),
      );
    }
    // A blank search or 'all' stages are the list without them.
    const all = await listed('page=1&pageSize=25');
    expect(await listed('q=%20%20&stage=all&page=1&pageSize=25')).toBe(all);
  });

  it('answers a search in the same shape, its figures over the matches', async () => {
    const byName = await listed('q=chanda&page=1&pageSize=25');
    const chandas = [ids.tenNgwee!, ids.flmi!, ids.approved!, ids.rejectedAtFlmi!];
    expectSameAnswer(
      byName,
      await expected({ ids: chandas, page: 1, pageSize: 25 }, 4, {
        ...NO_SUMS,
        pending_dpm: '0.10',
        pending_flmi: '600.49',
        approved: '12.34',
      }),
    );
    // The items a search answers are those the list answers without one.
    const unsearched = (JSON.parse(await listed('page=1&pageSize=25')) as AllowanceListResponse).items;
    for (const item of (JSON.parse(byName) as AllowanceListResponse).items) {
      expect(JSON.stringify(item)).toBe(JSON.stringify(unsearched.find((u) => u.id === item.id)));
    }
    const marchSums = { ...NO_SUMS, pending_pm: '1250.25', approved: '12.34' };
    expectSameAnswer(
      await listed('q=march&stage=approved&page=1&pageSize=25'),
      await expected({ ids: [ids.approved!], page: 1, pageSize: 25 }, 1, marchSums),
    );
  });
});
