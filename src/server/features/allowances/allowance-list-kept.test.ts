import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AllowanceListResponse } from '../../../contracts/allowances';
import { allowances, keptListPages } from '../../db/schema';
import { json, makeAllowance, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * Allowance Management's first page is answered from the kept page while no allowance has
 * changed, and written afresh after any write to allowances (allowance-list-page.ts,
 * db/kept-list-pages.ts). Each test marks the kept pages, so that an answer still read from one
 * shows the mark.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

type Listed = AllowanceListResponse & { marked?: boolean };

async function allowanceList(query = 'page=1&pageSize=25'): Promise<Listed> {
  const res = await t.request('GET', `/api/allowances?${query}`, { token: tokens.ADM001 });
  expect(res.status).toBe(200);
  return json<Listed>(res);
}

/** Lists (so that the page is kept), marks the kept pages, and proves the next view reads the mark. */
async function listAndMark(query?: string): Promise<Listed> {
  const first = await allowanceList(query);
  await t.deps.db
    .update(keptListPages)
    .set({ answer: sql`left(${keptListPages.answer}, -1) || ',"marked":true}'` });
  expect((await allowanceList(query)).marked).toBe(true);
  return first;
}

let student: TestStudent;

beforeAll(async () => {
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await makeAllowance(t, student, { stage: 'pending_dpm', stipend: '1500.00' });
});

describe('the kept first page of allowances', () => {
  it('answers what was written afresh, the same for every reader, kept apart per stage and page', async () => {
    const fresh = await allowanceList();
    expect(await allowanceList()).toEqual(fresh);
    await listAndMark();
    // Program officers see every allowance (D9): the same page, kept once.
    const officer = await t.request('GET', '/api/allowances?page=1&pageSize=25', { token: tokens.PO001 });
    expect((await json<Listed>(officer)).marked).toBe(true);
    expect((await allowanceList('page=1&pageSize=25&stage=pending_dpm')).marked).toBeUndefined();
    expect((await allowanceList('page=2&pageSize=25')).marked).toBeUndefined();
    expect((await allowanceList('page=1&pageSize=50')).marked).toBeUndefined();
    expect((await allowanceList('page=1&pageSize=25&q=mwila')).marked).toBeUndefined();
    const keys = await t.deps.db.select({ key: keptListPages.key }).from(keptListPages);
    expect(keys.map((r) => r.key).sort()).toEqual(['allowances:any:25', 'allowances:pending_dpm:25']);
  });

  it('writes the page afresh after an allowance is added, decided or deleted', async () => {
    const before = await listAndMark();
    const id = await makeAllowance(t, student, {
      stage: 'pending_dpm',
      stipend: '900.50',
      month: 'February',
      monthNumber: 2,
    });
    const added = await allowanceList();
    expect(added.marked).toBeUndefined();
    expect(added.total).toBe(before.total + 1);
    expect(added.summary.pending_dpm).toBe('2400.50');

    await listAndMark();
    const decision = await t.request('POST', `/api/allowances/${id}/decision`, {
      token: tokens.DPM001,
      body: { decision: 'approve', comment: 'Within budget', expected_stage: 'pending_dpm' },
    });
    expect(decision.status, await decision.clone().text()).toBe(200);
    const decided = await allowanceList();
    expect(decided.marked).toBeUndefined();
    expect(decided.items.find((a) => a.id === id)?.approval_stage).toBe('pending_flmi');
    expect(decided.summary.pending_flmi).toBe('900.50');

    await listAndMark();
    await t.deps.db.delete(allowances).where(eq(allowances.id, id));
    const deleted = await allowanceList();
    expect(deleted.marked).toBeUndefined();
    expect(deleted.total).toBe(before.total);
  });

  it('writes the page afresh after an update that changes no stage and no total', async () => {
    const [shown] = (await listAndMark()).items;
    await t.deps.db
      .update(allowances)
      .set({ flmzComments: 'Bank details checked' })
      .where(eq(allowances.id, shown!.id));
    const after = await allowanceList();
    expect(after.marked).toBeUndefined();
    expect(after.items.find((a) => a.id === shown!.id)?.flmz_comments).toBe('Bank details checked');
  });
});
