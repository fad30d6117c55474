import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AllowanceDetail,
  type AllowanceView,
  EXPECTED_STAGE_MESSAGES,
} from '../../../contracts/allowances';
import { ALLOWANCE_MESSAGES } from '../../../domain/allowances';
import { activities, allowanceComments, allowances } from '../../db/schema';
import { json, makeAllowance, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

// 22:45 UTC on 15 March is already 16 March in Lusaka (UTC+2): every date stamp must say so.
const { t, tokens } = fileTestContext({
  clockAt: new Date('2026-03-15T22:45:00Z'),
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
});
let student: TestStudent;
let monthCounter = 0;

beforeAll(async () => {
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO002' });
});

/** A fresh allowance submitted through the API (each in its own period). */
async function submit(): Promise<AllowanceDetail> {
  monthCounter += 1;
  const res = await t.request('POST', '/api/allowances', {
    token: tokens.ADM001,
    body: {
      student_id: student.id,
      month: 'January',
      year: 2030 + monthCounter,
      program_level: 'university',
      stipend: '1500',
      medical: '100',
    },
  });
  expect(res.status).toBe(201);
  return json<AllowanceDetail>(res);
}

const decide = (id: string, as: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/allowances/${id}/decision`, { token: tokens[as], body });
const pay = (id: string, as: string, body?: Record<string, unknown>) =>
  t.request('POST', `/api/allowances/${id}/pay`, { token: tokens[as], body });

describe('the approval chain through the API', () => {
  it('walks pending_dpm -> pending_flmi -> pending_pm -> approved -> paid with the full trail', async () => {
    const a = await submit();
    let res = await decide(a.id, 'DPM001', {
      decision: 'approve',
      comment: ' Within budget ',
      expected_stage: 'pending_dpm',
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      approval_stage: 'pending_flmi',
      dpm_status: 'approved',
      dpm_comments: 'Within budget',
      dpm_approved_by: 'Chipo Mwale',
      dpm_approved_by_id: await t.userId('DPM001'),
      dpm_approved_date: '2026-03-16',
    });
    res = await decide(a.id, 'PO001', {
      decision: 'approve',
      comment: 'Receipts checked',
      expected_stage: 'pending_flmi',
    });
    expect(await json(res)).toMatchObject({
      approval_stage: 'pending_pm',
      flmi_status: 'approved',
      flmi_step_comments: 'Receipts checked',
      flmi_approved_by: 'Bupe Tembo',
    });
    res = await decide(a.id, 'ADM001', {
      decision: 'approve',
      comment: 'Go ahead',
      expected_stage: 'pending_pm',
    });
    expect(await json(res)).toMatchObject({
      approval_stage: 'approved',
      pm_status: 'approved',
      pm_comments: 'Go ahead',
      pm_approved_by: 'Mutale Bwalya',
      rejection_reason: null,
    });
    res = await pay(a.id, 'ADM001', { expected_stage: 'approved' });
    expect(res.status).toBe(200);
    const paid = await json<AllowanceDetail>(res);
    expect(paid).toMatchObject({
      approval_stage: 'paid',
      paid_by: 'Mutale Bwalya',
      paid_by_id: await t.userId('ADM001'),
      paid_date: '2026-03-16',
      total: '1600.00',
    });
    expect(paid.comments.map((c) => [c.action, c.stage, c.user_role, c.comment_text])).toEqual([
      ['submission', null, 'admin', 'Allowance submitted'],
      ['approved', 'dpm_review', 'deputy_manager', 'Within budget'],
      ['approved', 'flmi_review', 'flmi_advisor', 'Receipts checked'],
      ['approved', 'pm_review', 'program_manager', 'Go ahead'],
      ['paid', 'payment', 'admin', 'Payment processed'],
    ]);
    const news = await t.database.db.select().from(activities).where(eq(activities.entityId, a.id));
    expect(news.map((n) => n.action).sort()).toEqual([
      'allowance.approved',
      'allowance.approved',
      'allowance.approved',
      'allowance.paid',
      'allowance.submitted',
    ]);
    expect(new Set(news.map((n) => n.officerId))).toEqual(new Set([await t.userId('PO002')]));
  });

  it('refuses a payment without expected_stage (no body, an empty one, a wrong stage name) and pays nothing', async () => {
    const id = await makeAllowance(t, student, { year: 2099, approvalStage: 'approved' });
    const noBody = await t.app.request(`/api/allowances/${id}/pay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.ADM001}` },
    });
    expect(noBody.status).toBe(400);
    expect((await json(noBody)).fields).toEqual({ expected_stage: EXPECTED_STAGE_MESSAGES.required });
    const empty = await pay(id, 'ADM001', {});
    expect(empty.status).toBe(400);
    expect((await json(empty)).error).toBe(EXPECTED_STAGE_MESSAGES.required);
    const unknown = await pay(id, 'ADM001', { expected_stage: 'done' });
    expect(unknown.status).toBe(400);
    expect((await json(unknown)).error).toBe(EXPECTED_STAGE_MESSAGES.invalid);
    const [row] = await t.database.db.select().from(allowances).where(eq(allowances.id, id));
    expect(row!.approvalStage).toBe('approved');
    expect((await pay(id, 'ADM001', { expected_stage: 'approved' })).status).toBe(200);
  });

  for (const [stage, step, denier] of [
    ['pending_dpm', 'dpm', 'DPM001'],
    ['pending_flmi', 'flmi', 'PO001'],
    ['pending_pm', 'pm', 'ADM001'],
  ] as const) {
    it(`denies at ${stage}: rejection reason, step and who`, async () => {
      const a = await submit();
      if (stage !== 'pending_dpm')
        expect(
          (
            await decide(a.id, 'DPM001', {
              decision: 'approve',
              comment: 'ok',
              expected_stage: 'pending_dpm',
            })
          ).status,
        ).toBe(200);
      if (stage === 'pending_pm')
        expect(
          (
            await decide(a.id, 'PO002', {
              decision: 'approve',
              comment: 'ok',
              expected_stage: 'pending_flmi',
            })
          ).status,
        ).toBe(200);
      const res = await decide(a.id, denier, {
        decision: 'deny',
        comment: 'Duplicate claim for this term',
        expected_stage: stage,
      });
      expect(res.status).toBe(200);
      const body = await json<AllowanceDetail>(res);
      expect(body).toMatchObject({
        approval_stage: 'rejected',
        [`${step}_status`]: 'denied',
        rejection_reason: 'Duplicate claim for this term',
        rejected_at_stage: `${step}_review`,
        rejected_date: '2026-03-16',
      });
      expect(body.rejected_by).toBe(body[`${step}_approved_by` as 'dpm_approved_by']);
      expect(body.comments.at(-1)).toMatchObject({ action: 'denied', stage: `${step}_review` });
      // A rejected allowance awaits nobody.
      for (const who of ['ADM001', 'DPM001', 'PO001']) {
        const again = await decide(a.id, who, {
          decision: 'approve',
          comment: 'ok',
          expected_stage: 'rejected',
        });
        expect(again.status).toBe(409);
        expect((await json(again)).error).toBe('This allowance is not awaiting a decision.');
      }
      expect((await pay(a.id, 'ADM001', { expected_stage: 'rejected' })).status).toBe(409);
    });
  }
});

describe('who may decide what (through the API)', () => {
  const ROLE_ACCOUNTS = ['ADM001', 'DPM001', 'PO001', 'PO002'] as const;
  const mayDecide: Record<string, string[]> = {
    pending_dpm: ['DPM001'],
    pending_flmi: ['ADM001', 'PO001', 'PO002'],
    pending_pm: ['ADM001', 'PO001', 'PO002'],
    approved: [],
    rejected: [],
    paid: [],
  };

  for (const [stage, allowed] of Object.entries(mayDecide)) {
    for (const who of ROLE_ACCOUNTS) {
      for (const decision of ['approve', 'deny'] as const) {
        it(`${stage} / ${who} / ${decision}`, async () => {
          const id = await makeAllowance(t, student, {
            year: 2100,
            monthNumber: 1 + (monthCounter++ % 12),
            approvalStage: stage as 'approved',
          });
          const res = await decide(id, who, { decision, comment: 'Checked', expected_stage: stage });
          const before = stage;
          if (allowed.includes(who)) {
            expect(res.status).toBe(200);
            const body = await json<AllowanceDetail>(res);
            expect(body.approval_stage).not.toBe(before);
          } else if (mayDecide[stage]!.length > 0) {
            expect(res.status).toBe(403);
            expect((await json(res)).error).toBe('You do not have permission to approve at this stage.');
          } else {
            expect(res.status).toBe(409);
          }
          // Clean up so the partial unique index never bites the next case (a rejection the
          // database takes names its step, reason, who and when).
          await t.database.db
            .update(allowances)
            .set({
              approvalStage: 'rejected',
              rejectedAtStage: 'dpm_review',
              rejectionReason: 'Cleared for the next case',
              rejectedBy: 'Test',
              rejectedDate: '2026-03-15',
            })
            .where(eq(allowances.id, id));
        });
      }
    }
  }

  it('lets only an admin pay, and only approved allowances', async () => {
    const id = await makeAllowance(t, student, { year: 2098, approvalStage: 'approved' });
    for (const who of ['DPM001', 'PO001']) {
      const res = await pay(id, who, { expected_stage: 'approved' });
      expect(res.status).toBe(403);
      expect((await json(res)).error).toBe('Only an admin can mark an allowance as paid.');
    }
    const pending = await makeAllowance(t, student, { year: 2097, approvalStage: 'pending_pm' });
    const res = await pay(pending, 'ADM001', { expected_stage: 'pending_pm' });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('Only approved allowances can be marked as paid.');
  });

  it('asks for a comment (400 with the spec message)', async () => {
    const a = await submit();
    for (const comment of ['', '   ', undefined]) {
      const res = await decide(a.id, 'DPM001', {
        decision: 'approve',
        comment,
        expected_stage: 'pending_dpm',
      });
      expect(res.status).toBe(400);
      expect((await json(res)).error).toBe('Please provide a comment for your decision.');
    }
    const bad = await decide(a.id, 'DPM001', {
      decision: 'maybe',
      comment: 'x',
      expected_stage: 'pending_dpm',
    });
    expect(bad.status).toBe(400);
    const comments = await t.database.db
      .select()
      .from(allowanceComments)
      .where(eq(allowanceComments.allowanceId, a.id));
    expect(comments).toHaveLength(1);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      const decision = { decision: 'approve', comment: 'x', expected_stage: 'pending_dpm' };
      expect((await decide(id, 'DPM001', decision)).status).toBe(404);
      expect((await pay(id, 'ADM001', { expected_stage: 'approved' })).status).toBe(404);
    }
  });

  it('answers 409 when the screen showed an older stage', async () => {
    const a = await submit();
    await decide(a.id, 'DPM001', { decision: 'approve', comment: 'ok', expected_stage: 'pending_dpm' });
    const res = await decide(a.id, 'ADM001', {
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_dpm',
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe('This allowance was changed by someone else. Please reload it.');
  });
});

describe('concurrency', () => {
  const commentsOf = async (id: string) =>
    t.database.db.select().from(allowanceComments).where(eq(allowanceComments.allowanceId, id));

  it('of 20 concurrent decisions exactly one wins, the rest get 409, and one comment is written', async () => {
    const a = await submit();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(a.id, 'DPM001', {
          decision: i % 2 ? 'deny' : 'approve',
          comment: `Decision ${i}`,
          expected_stage: 'pending_dpm',
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect((await json(r)).error).toBe('This allowance was changed by someone else. Please reload it.');
    expect(await commentsOf(a.id)).toHaveLength(2); // submission + the one decision
  });

  it('an admin double-click at pending_flmi never skips the programme manager step', async () => {
    const a = await submit();
    await decide(a.id, 'DPM001', { decision: 'approve', comment: 'ok', expected_stage: 'pending_dpm' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        decide(a.id, 'ADM001', { decision: 'approve', comment: 'ok', expected_stage: 'pending_flmi' }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const detail = await json<AllowanceDetail>(
      await t.request('GET', `/api/allowances/${a.id}`, { token: tokens.ADM001 }),
    );
    expect(detail.approval_stage).toBe('pending_pm');
    expect(detail.comments).toHaveLength(3);
  });

  it('a decision without expected_stage is a 400 naming the field, and decides nothing', async () => {
    const a = await submit();
    const res = await decide(a.id, 'DPM001', { decision: 'approve', comment: 'ok' });
    expect(res.status).toBe(400);
    expect(await json(res)).toEqual({
      error: EXPECTED_STAGE_MESSAGES.required,
      fields: { expected_stage: EXPECTED_STAGE_MESSAGES.required },
    });
    expect(await commentsOf(a.id)).toHaveLength(1);
  });

  it('of concurrent payments exactly one lands', async () => {
    const id = await makeAllowance(t, student, { year: 2096, approvalStage: 'approved' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(id, 'ADM001', { expected_stage: 'approved' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await commentsOf(id)).toHaveLength(1);
  });
});

describe('why the caller may not decide, in the allowance they read', () => {
  const view = async (id: string, as: string) => {
    const res = await t.request('GET', `/api/allowances/${id}`, { token: tokens[as] });
    expect(res.status).toBe(200);
    return json<AllowanceView>(res);
  };
  const barred = async (id: string, as: string) => (await view(id, as)).decision_barred_reason;

  it('names the two-stage rule for whoever approved an earlier step, and for their delegate', async () => {
    const a = await submit();
    expect(await barred(a.id, 'DPM001')).toBeNull();
    await decide(a.id, 'DPM001', { decision: 'approve', comment: 'Fine', expected_stage: 'pending_dpm' });
    await decide(a.id, 'PO001', { decision: 'approve', comment: 'Checked', expected_stage: 'pending_flmi' });

    // PO001 approved the FLMI step: the answer says why they may not decide the PM step, and the
    // decision itself is refused by the same rule.
    expect(await barred(a.id, 'PO001')).toBe(ALLOWANCE_MESSAGES.barredApprovedEarlier);
    const refused = await decide(a.id, 'PO001', {
      decision: 'approve',
      comment: 'Again',
      expected_stage: 'pending_pm',
    });
    expect(refused.status).toBe(403);
    // Another officer and an admin may decide; the deputy manager decides nothing here: no reason.
    expect(await barred(a.id, 'PO002')).toBeNull();
    expect(await barred(a.id, 'ADM001')).toBeNull();
    expect(await barred(a.id, 'DPM001')).toBeNull();

    // PO002 holds PO001's stages today: deciding would be on PO001's behalf, which the rule bars.
    const handed = await t.request('POST', '/api/delegations', {
      token: tokens.PO001,
      body: {
        delegate_id: await t.userId('PO002'),
        starts_on: '2026-03-16',
        ends_on: '2026-03-20',
        reason: 'Away on leave',
      },
    });
    expect(handed.status, await handed.clone().text()).toBe(201);
    expect(await barred(a.id, 'PO002')).toBe(
      'Bupe Tembo approved an earlier step, so you may not decide this one on their behalf; another program officer decides it.',
    );
    const asDelegate = await decide(a.id, 'PO002', {
      decision: 'approve',
      comment: 'For Bupe',
      expected_stage: 'pending_pm',
    });
    expect(asDelegate.status).toBe(403);
    expect(await barred(a.id, 'ADM001')).toBeNull();
  });
});
