/**
 * POST /api/allowances/bulk-decision: many allowances approved or denied with one comment. Only
 * those at the stage named change, each as a single decision would change it (its comment row and
 * audit entry); the rest are listed with the reason. Roles, bad input, the list's filter, and two
 * bulk decisions over the same allowances at once (each allowance changes once).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AllowanceDetail,
  type AllowanceListResponse,
  BULK_DECISION_MAX,
  BULK_DECISION_MESSAGES,
  type BulkDecisionResponse,
} from '../../../contracts/allowances';
import type { ApprovalStage, ReviewStep } from '../../../domain/allowance-stages';
import { ALLOWANCE_MESSAGES } from '../../../domain/allowances';
import { activities, allowanceComments, allowances } from '../../db/schema';
import { checkTriggerKeptTables } from '../../db/trigger-kept-check';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { json, makeStudent, type TestStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

// 22:45 UTC on 15 March is 16 March in Lusaka: every date stamp must say so.
const { t, tokens } = fileTestContext({
  clockAt: new Date('2026-03-15T22:45:00Z'),
  signIn: ['ADM001', 'DPM001', 'PO001', 'USR001', 'STU001'],
});
const TODAY = '2026-03-16';
const BULK = '/api/allowances/bulk-decision';

let student: TestStudent;
let period = 0;

beforeAll(async () => {
  student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
});

/** Someone who took the earlier steps of the fixtures, not one of the signed-in users. */
const EARLIER = { by: 'Earlier Reviewer', byId: '00000000-0000-4000-8000-000000000001', date: '2026-03-01' };

function stepColumns(prefix: 'dpm' | 'flmi' | 'pm', status: 'approved' | 'denied') {
  return {
    [`${prefix}Status`]: status,
    [`${prefix}ApprovedBy`]: EARLIER.by,
    [`${prefix}ApprovedById`]: EARLIER.byId,
    [`${prefix}ApprovedDate`]: EARLIER.date,
    [`${prefix}Comments`]: `Earlier ${prefix} comment`,
  };
}

const STEPS = [
  ['dpm', 'dpm_review'],
  ['flmi', 'flmi_review'],
  ['pm', 'pm_review'],
] as const;

/** The step columns an allowance at `stage` has: each earlier step approved (or the last denied). */
function columnsAt(stage: ApprovalStage, rejectedAt: ReviewStep = 'dpm_review') {
  const approvedSteps = { pending_dpm: 0, pending_flmi: 1, pending_pm: 2, approved: 3, paid: 3 } as const;
  if (stage === 'rejected') {
    const at = STEPS.findIndex(([, step]) => step === rejectedAt);
    return Object.assign(
      {},
      ...STEPS.slice(0, at).map(([prefix]) => stepColumns(prefix, 'approved')),
      stepColumns(STEPS[at]![0], 'denied'),
      {
        rejectionReason: 'Earlier denial',
        rejectedAtStage: rejectedAt,
        rejectedBy: EARLIER.by,
        rejectedDate: EARLIER.date,
      },
    );
  }
  return Object.assign(
    {},
    ...STEPS.slice(0, approvedSteps[stage]).map(([prefix]) => stepColumns(prefix, 'approved')),
    stage === 'paid' ? { paidBy: EARLIER.by, paidById: EARLIER.byId, paidDate: EARLIER.date } : {},
  );
}

/** An allowance at `stage` in a period of its own, consistent as the chain leaves one (total = parts). */
async function allowanceAt(
  stage: ApprovalStage,
  options: { of?: TestStudent; rejectedAt?: ReviewStep } = {},
): Promise<string> {
  const of = options.of ?? student;
  period += 1;
  const monthNumber = ((period - 1) % 12) + 1;
  const [row] = await t.database.db
    .insert(allowances)
    .values({
      studentId: of.id,
      studentName: of.fullName,
      month: new Date(Date.UTC(2000, monthNumber - 1, 1)).toLocaleString('en', { month: 'long' }),
      monthNumber,
      year: 2100 + Math.floor((period - 1) / 12),
      programLevel: 'university',
      stipend: '1000.00',
      medical: '250.50',
      total: '1250.50',
      approvalStage: stage,
      submittedBy: 'Test',
      ...columnsAt(stage, options.rejectedAt),
    })
    .returning({ id: allowances.id });
  return row!.id;
}

/** Many allowances at one stage for one new student, in one statement (periods of their own). */
async function manyAt(stage: ApprovalStage, n: number, of?: TestStudent): Promise<string[]> {
  const s = of ?? (await makeStudent(t, { officer: 'PO001' }));
  const rows = Array.from({ length: n }, (_, i) => ({
    studentId: s.id,
    studentName: s.fullName,
    month: 'January',
    monthNumber: 1,
    year: 3000 + i,
    programLevel: 'university' as const,
    stipend: '1000.00',
    total: '1000.00',
    approvalStage: stage,
    submittedBy: 'Test',
    ...columnsAt(stage),
  }));
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const added = await t.database.db
      .insert(allowances)
      .values(rows.slice(i, i + 1000))
      .returning({ id: allowances.id });
    ids.push(...added.map((r) => r.id));
  }
  return ids;
}

const bulk = (as: string | undefined, body: unknown) =>
  t.request('POST', BULK, { token: as ? tokens[as] : undefined, body });

async function stagesOf(ids: string[]): Promise<Map<string, ApprovalStage>> {
  const rows = await t.database.db
    .select({ id: allowances.id, stage: allowances.approvalStage })
    .from(allowances)
    .where(inArray(allowances.id, ids));
  return new Map(rows.map((r) => [r.id, r.stage]));
}

/** Everything about the allowances a refused request must leave as it was. */
async function snapshot(ids: string[]) {
  const db = t.database.db;
  const rows = await db.select().from(allowances).where(inArray(allowances.id, ids));
  const [comments] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(allowanceComments)
    .where(inArray(allowanceComments.allowanceId, ids));
  const [entries] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activities)
    .where(inArray(activities.entityId, ids));
  return { rows: rows.sort((a, b) => a.id.localeCompare(b.id)), comments: comments!.n, entries: entries!.n };
}

describe('a bulk decision over allowances at mixed stages', () => {
  it('a deputy manager approves the pending_dpm ones; every other one is skipped with its reason', async () => {
    const dpmId = await t.userId('DPM001');
    const waiting = [await allowanceAt('pending_dpm'), await allowanceAt('pending_dpm')];
    const flmi = await allowanceAt('pending_flmi');
    const approved = await allowanceAt('approved');
    const rejected = await allowanceAt('rejected', { rejectedAt: 'flmi_review' });
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    const before = await snapshot([flmi, approved, rejected]);

    const res = await bulk('DPM001', {
      ids: [
        flmi,
        waiting[0],
        approved,
        'not-an-id',
        waiting[1],
        unknown,
        waiting[0]!.toUpperCase(),
        rejected,
      ],
      decision: 'approve',
      comment: '  March budget checked  ',
      expected_stage: 'pending_dpm',
    });
    expect(res.status).toBe(200);
    const result = await json<BulkDecisionResponse>(res);
    expect(result.done).toBe(2);
    const whereOf = (id: string, rows: typeof before.rows) => {
      const r = rows.find((x) => x.id === id)!;
      return { student_name: 'Mwila Chanda', month: r.month, year: r.year };
    };
    // In the order they were sent, each once.
    expect(result.skipped).toEqual([
      {
        id: flmi,
        reason:
          'Already approved at Deputy Manager Review by Earlier Reviewer; it is now Pending FLMI Advisor.',
        ...whereOf(flmi, before.rows),
      },
      {
        id: approved,
        reason: 'Already approved at Deputy Manager Review by Earlier Reviewer; it is now Approved.',
        ...whereOf(approved, before.rows),
      },
      { id: 'not-an-id', reason: 'Not found.', student_name: null, month: null, year: null },
      { id: unknown, reason: 'Not found.', student_name: null, month: null, year: null },
      {
        id: rejected,
        reason: 'Already approved at Deputy Manager Review by Earlier Reviewer; it is now Rejected.',
        ...whereOf(rejected, before.rows),
      },
    ]);

    // The skipped ones are untouched: same row, no comment, no audit entry.
    expect(await snapshot([flmi, approved, rejected])).toEqual(before);

    // The decided ones read exactly as after a single decision.
    for (const id of waiting) {
      const detail = await json<AllowanceDetail>(
        await t.request('GET', `/api/allowances/${id}`, { token: tokens.DPM001 }),
      );
      expect(detail).toMatchObject({
        approval_stage: 'pending_flmi',
        dpm_status: 'approved',
        dpm_comments: 'March budget checked',
        dpm_approved_by: 'Chipo Mwale',
        dpm_approved_by_id: dpmId,
        dpm_approved_date: TODAY,
        rejection_reason: null,
      });
      expect(
        detail.comments.map((c) => [c.action, c.stage, c.user_role, c.user_name, c.comment_text]),
      ).toEqual([['approved', 'dpm_review', 'deputy_manager', 'Chipo Mwale', 'March budget checked']]);
      const entries = await t.database.db.select().from(activities).where(eq(activities.entityId, id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: dpmId,
        actorName: 'Chipo Mwale',
        officerId: await t.userId('PO001'),
        entityType: 'allowance',
        action: 'allowance.approved',
        createdAt: new Date('2026-03-15T22:45:00Z'),
      });
      expect(entries[0]!.summary).toMatch(
        /^Chipo Mwale approved the allowance of Mwila Chanda for \w+ \d{4} \(Deputy Manager Review\)$/,
      );
      expect(entries[0]!.changes).toMatchObject({
        approval_stage: { before: 'pending_dpm', after: 'pending_flmi' },
        dpm_status: { before: null, after: 'approved' },
        dpm_approved_by: { before: null, after: 'Chipo Mwale' },
        dpm_approved_date: { before: null, after: TODAY },
        comment: { before: null, after: 'March budget checked' },
      });
    }
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('writes the same audit entry and comment as a single decision of the same allowance would', async () => {
    const single = await allowanceAt('pending_dpm');
    const many = await allowanceAt('pending_dpm');
    const body = { decision: 'deny', comment: 'Duplicate claim', expected_stage: 'pending_dpm' };
    expect(
      (await t.request('POST', `/api/allowances/${single}/decision`, { token: tokens.DPM001, body })).status,
    ).toBe(200);
    expect((await bulk('DPM001', { ...body, ids: [many] })).status).toBe(200);

    const entryOf = async (id: string) => {
      const [e] = await t.database.db.select().from(activities).where(eq(activities.entityId, id));
      return {
        ...e!,
        id: null,
        seq: null,
        entityId: null,
        summary: e!.summary.replace(/for \w+ \d{4}/, 'for P'),
      };
    };
    expect(await entryOf(many)).toEqual(await entryOf(single));
    const rowOf = async (id: string) => {
      const [r] = await t.database.db.select().from(allowances).where(eq(allowances.id, id));
      const { id: _, month: _m, monthNumber: _n, year: _y, createdAt: _c, submittedDate: _s, ...rest } = r!;
      return rest;
    };
    expect(await rowOf(many)).toEqual(await rowOf(single));
    expect(await rowOf(many)).toMatchObject({
      approvalStage: 'rejected',
      rejectionReason: 'Duplicate claim',
      rejectedAtStage: 'dpm_review',
      rejectedBy: 'Chipo Mwale',
      rejectedDate: TODAY,
    });
  });

  it('an admin deciding at pending_flmi skips those at pending_pm (which it also decides) and pending_dpm', async () => {
    const flmi = await allowanceAt('pending_flmi');
    const pm = await allowanceAt('pending_pm');
    const dpm = await allowanceAt('pending_dpm');
    const res = await bulk('ADM001', {
      ids: [flmi, pm, dpm],
      decision: 'approve',
      comment: 'Receipts checked',
      expected_stage: 'pending_flmi',
    });
    expect(res.status).toBe(200);
    const result = await json<BulkDecisionResponse>(res);
    expect(result.done).toBe(1);
    expect(result.skipped.map((s) => [s.id, s.reason])).toEqual([
      [pm, 'Already approved at FLMI Advisor Review by Earlier Reviewer; it is now Pending Program Manager.'],
      [dpm, 'Not yours to decide at this stage: it is Pending Deputy Manager.'],
    ]);
    expect(await stagesOf([flmi, pm, dpm])).toEqual(
      new Map([
        [flmi, 'pending_pm'],
        [pm, 'pending_pm'],
        [dpm, 'pending_dpm'],
      ]),
    );
    const [comment] = await t.database.db
      .select()
      .from(allowanceComments)
      .where(eq(allowanceComments.allowanceId, flmi));
    // The timeline names the step's role, not the user's (docs/product.md §6).
    expect(comment).toMatchObject({
      userRole: 'flmi_advisor',
      stage: 'flmi_review',
      userName: 'Mutale Bwalya',
    });
  });

  it('says when an allowance is at another stage the user also decides, and when it was decided by the user', async () => {
    const pm = await allowanceAt('pending_pm');
    const res = await bulk('ADM001', {
      ids: [pm],
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_pm',
    });
    expect((await json<BulkDecisionResponse>(res)).done).toBe(1);
    const again = await json<BulkDecisionResponse>(
      await bulk('ADM001', { ids: [pm], decision: 'approve', comment: 'ok', expected_stage: 'pending_pm' }),
    );
    expect(again).toEqual({
      done: 0,
      skipped: [
        expect.objectContaining({
          id: pm,
          reason: 'Already approved at Program Manager Review by you; it is now Approved.',
        }),
      ],
    });
    const flmi = await allowanceAt('pending_flmi');
    const other = await json<BulkDecisionResponse>(
      await bulk('ADM001', { ids: [flmi], decision: 'approve', comment: 'ok', expected_stage: 'pending_pm' }),
    );
    expect(other.skipped[0]!.reason).toBe(
      'It is Pending FLMI Advisor, not Pending Program Manager: decide it at its own stage.',
    );
    const rejectedEarly = await allowanceAt('rejected', { rejectedAt: 'dpm_review' });
    const closed = await json<BulkDecisionResponse>(
      await bulk('ADM001', {
        ids: [rejectedEarly],
        decision: 'approve',
        comment: 'ok',
        expected_stage: 'pending_pm',
      }),
    );
    expect(closed.skipped[0]!.reason).toBe('Not awaiting a decision: it is Rejected.');
  });
});

describe('who may decide in bulk', () => {
  it('answers every identity as its role allows', async () => {
    const body = {
      ids: ['0190a0a0-0000-7000-8000-00000000abcd'],
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_dpm',
    };
    await expectAccess(
      t,
      accessMatrix([
        { route: `POST ${BULK}`, body: {}, statuses: staffOnly(400) },
        {
          route: `POST ${BULK}`,
          body,
          statuses: staffOnly({ program_officer: 403, deputy_manager: 200, admin: 403 }),
        },
        {
          route: `POST ${BULK}`,
          body: { ...body, expected_stage: 'pending_pm' },
          statuses: staffOnly({ program_officer: 200, deputy_manager: 403, admin: 200 }),
        },
      ]),
    );
  });

  it('refuses a role that does not decide the stage named, whole, with 403, and changes nothing', async () => {
    const ids = [await allowanceAt('pending_dpm'), await allowanceAt('pending_flmi')];
    const before = await snapshot(ids);
    const attempts: Array<[string | undefined, string, number]> = [
      ['PO001', 'pending_dpm', 403],
      ['ADM001', 'pending_dpm', 403],
      ['DPM001', 'pending_flmi', 403],
      ['DPM001', 'pending_pm', 403],
      ['USR001', 'pending_dpm', 403],
      ['STU001', 'pending_flmi', 403],
      [undefined, 'pending_dpm', 401],
    ];
    for (const [as, stage, status] of attempts) {
      const res = await bulk(as, { ids, decision: 'approve', comment: 'ok', expected_stage: stage });
      expect(res.status, `${as} at ${stage}`).toBe(status);
      if (status === 403 && as?.match(/^(PO|ADM|DPM)/))
        expect((await json(res)).error).toBe(ALLOWANCE_MESSAGES.noPermission);
    }
    expect(await snapshot(ids)).toEqual(before);
  });

  it('lets a program officer deny at pending_flmi (as the FLMI advisor) with the reason recorded', async () => {
    const id = await allowanceAt('pending_flmi');
    const res = await bulk('PO001', {
      ids: [id],
      decision: 'deny',
      comment: 'Receipts missing',
      expected_stage: 'pending_flmi',
    });
    expect(await json(res)).toEqual({ done: 1, skipped: [] });
    const [row] = await t.database.db.select().from(allowances).where(eq(allowances.id, id));
    expect(row).toMatchObject({
      approvalStage: 'rejected',
      flmiStatus: 'denied',
      flmiApprovedBy: 'Bupe Tembo',
      rejectionReason: 'Receipts missing',
      rejectedAtStage: 'flmi_review',
      rejectedBy: 'Bupe Tembo',
      rejectedDate: TODAY,
    });
    const entries = await t.database.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.entityId, id));
    expect(entries).toEqual([{ action: 'allowance.denied' }]);
  });
});

describe('the filter: what the list shows', () => {
  it('decides every allowance the list matches for the search and stage, and nothing else', async () => {
    const kabwe = await makeStudent(t, { name: 'Natasha Kabwe', officer: 'PO001' });
    const other = await makeStudent(t, { name: 'Joseph Mumba', officer: 'PO002' });
    const mine = [
      await allowanceAt('pending_dpm', { of: kabwe }),
      await allowanceAt('pending_dpm', { of: kabwe }),
      await allowanceAt('pending_flmi', { of: kabwe }),
    ];
    const notMatched = [await allowanceAt('pending_dpm', { of: other })];
    const listed = await json<AllowanceListResponse>(
      await t.request('GET', '/api/allowances?q=kabwe&pageSize=200', { token: tokens.DPM001 }),
    );
    expect(listed.items.map((a) => a.id).sort()).toEqual([...mine].sort());

    // With the stage filter too, as the screen sends it: only the pending_dpm ones are candidates.
    const staged = await json<BulkDecisionResponse>(
      await bulk('DPM001', {
        filter: { q: 'kabwe', stage: 'pending_dpm' },
        decision: 'approve',
        comment: 'Term confirmed',
        expected_stage: 'pending_dpm',
      }),
    );
    expect(staged).toEqual({ done: 2, skipped: [] });

    // Without a stage ('all', as the list's All Stages): the one at pending_flmi and the two just
    // moved are reported, in the list's order (newest first).
    const all = await json<BulkDecisionResponse>(
      await bulk('DPM001', {
        filter: { q: 'Kabwe', stage: 'all' },
        decision: 'approve',
        comment: 'Term confirmed',
        expected_stage: 'pending_dpm',
      }),
    );
    expect(all.done).toBe(0);
    expect(all.skipped.map((s) => s.id)).toEqual(listed.items.map((a) => a.id));
    expect(all.skipped.map((s) => s.student_name)).toEqual([
      'Natasha Kabwe',
      'Natasha Kabwe',
      'Natasha Kabwe',
    ]);
    expect(await stagesOf(notMatched)).toEqual(new Map([[notMatched[0]!, 'pending_dpm']]));
  });

  it(`refuses a filter matching more than ${BULK_DECISION_MAX.toLocaleString('en')} allowances, changing nothing`, async () => {
    const s = await makeStudent(t, { name: 'Chanda Overflow', officer: 'PO001' });
    const ids = await manyAt('pending_dpm', BULK_DECISION_MAX + 1, s);
    const res = await bulk('DPM001', {
      filter: { q: 'overflow' },
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_dpm',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toBe(BULK_DECISION_MESSAGES.tooManyMatches);
    const [moved] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(allowances)
      .where(and(inArray(allowances.id, ids.slice(0, 1)), eq(allowances.approvalStage, 'pending_flmi')));
    expect(moved!.n).toBe(0);
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(allowances)
      .where(and(eq(allowances.studentId, s.id), eq(allowances.approvalStage, 'pending_dpm')));
    expect(left!.n).toBe(BULK_DECISION_MAX + 1);
  }, 120_000);
});

describe('bad input: 400 with a message, nothing changed', () => {
  it.each([
    ['no comment', { comment: undefined }, 'comment', ALLOWANCE_MESSAGES.commentRequired],
    [
      'a blank comment to deny',
      { decision: 'deny', comment: '   ' },
      'comment',
      ALLOWANCE_MESSAGES.commentRequired,
    ],
    [
      'a comment over 2000 characters',
      { comment: 'x'.repeat(2001) },
      'comment',
      'Must be at most 2000 characters',
    ],
    ['no decision', { decision: undefined }, 'decision', "decision must be 'approve' or 'deny'"],
    ['an unknown decision', { decision: 'maybe' }, 'decision', "decision must be 'approve' or 'deny'"],
    [
      'no expected_stage',
      { expected_stage: undefined },
      'expected_stage',
      BULK_DECISION_MESSAGES.stageRequired,
    ],
    [
      'a stage that is no review step',
      { expected_stage: 'approved' },
      'expected_stage',
      BULK_DECISION_MESSAGES.reviewStage,
    ],
    ['ids and filter both', { filter: { q: 'x' } }, 'filter', BULK_DECISION_MESSAGES.notBoth],
    ['neither ids nor filter', { ids: undefined }, 'ids', BULK_DECISION_MESSAGES.idsOrFilter],
    ['no ids', { ids: [] }, 'ids', BULK_DECISION_MESSAGES.noIds],
    ['ids not a list', { ids: 'abc' }, 'ids', 'ids must be a list of allowance ids'],
    ['an id of 101 characters', { ids: ['a'.repeat(101)] }, 'ids.0', BULK_DECISION_MESSAGES.idTooLong],
    [
      'a filter key the list does not take',
      { ids: undefined, filter: { month: 'March' } },
      'filter',
      BULK_DECISION_MESSAGES.filterKeys,
    ],
    ['a filter stage that is none', { ids: undefined, filter: { stage: 'done' } }, 'filter.stage', undefined],
    ['a filter that is not an object', { ids: undefined, filter: 'March' }, 'filter', undefined],
  ])('%s', async (_name, change, field, message) => {
    const id = await allowanceAt('pending_dpm');
    const before = await snapshot([id]);
    const body: Record<string, unknown> = {
      ids: [id],
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_dpm',
      ...change,
    };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const res = await bulk('DPM001', body);
    expect(res.status).toBe(400);
    const answer = await json<{ error: string; fields: Record<string, string> }>(res);
    expect(Object.keys(answer.fields)).toContain(field);
    if (message) expect(answer.fields[field]).toBe(message);
    expect(answer.error.length).toBeGreaterThan(0);
    expect(await snapshot([id])).toEqual(before);
  });

  it(`refuses more than ${BULK_DECISION_MAX.toLocaleString('en')} ids, and a body that is not JSON`, async () => {
    const id = await allowanceAt('pending_dpm');
    const before = await snapshot([id]);
    const ids = [
      id,
      ...Array.from(
        { length: BULK_DECISION_MAX },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    ];
    const res = await bulk('DPM001', {
      ids,
      decision: 'approve',
      comment: 'ok',
      expected_stage: 'pending_dpm',
    });
    expect(res.status).toBe(400);
    expect((await json(res)).fields).toEqual({ ids: BULK_DECISION_MESSAGES.tooManyIds });
    const notJson = await t.request('POST', BULK, { token: tokens.DPM001, rawBody: '{"ids": [' });
    expect(notJson.status).toBe(400);
    expect(await snapshot([id])).toEqual(before);
  });

  it(`takes exactly ${BULK_DECISION_MAX.toLocaleString('en')} ids`, async () => {
    const id = await allowanceAt('pending_dpm');
    const ids = [
      id,
      ...Array.from(
        { length: BULK_DECISION_MAX - 1 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    ];
    const result = await json<BulkDecisionResponse>(
      await bulk('DPM001', { ids, decision: 'approve', comment: 'ok', expected_stage: 'pending_dpm' }),
    );
    expect(result.done).toBe(1);
    expect(result.skipped).toHaveLength(BULK_DECISION_MAX - 1);
  });
});

describe('at the same time', () => {
  /** Each allowance has exactly one comment and one audit entry of the step, and is one step on. */
  async function expectEachChangedOnce(ids: string[], stage: ApprovalStage) {
    expect(new Set((await stagesOf(ids)).values())).toEqual(new Set([stage]));
    const comments = await t.database.db
      .select({ id: allowanceComments.allowanceId, n: sql<number>`count(*)::int` })
      .from(allowanceComments)
      .where(inArray(allowanceComments.allowanceId, ids))
      .groupBy(allowanceComments.allowanceId);
    expect(comments).toHaveLength(ids.length);
    expect(comments.every((c) => c.n === 1)).toBe(true);
    const entries = await t.database.db
      .select({ id: activities.entityId, n: sql<number>`count(*)::int` })
      .from(activities)
      .where(inArray(activities.entityId, ids))
      .groupBy(activities.entityId);
    expect(entries).toHaveLength(ids.length);
    expect(entries.every((e) => e.n === 1)).toBe(true);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  }

  it('two bulk decisions over the same 1,200 allowances: each allowance changes once', async () => {
    const ids = await manyAt('pending_dpm', 1200);
    const body = { decision: 'approve', comment: 'Both at once', expected_stage: 'pending_dpm' };
    const [a, b] = await Promise.all([
      bulk('DPM001', { ...body, ids }),
      bulk('DPM001', { ...body, ids: [...ids].reverse() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ra, rb] = [await json<BulkDecisionResponse>(a), await json<BulkDecisionResponse>(b)];
    expect(ra.done + rb.done).toBe(ids.length);
    expect(ra.skipped.length + rb.skipped.length).toBe(ids.length);
    for (const s of [...ra.skipped, ...rb.skipped])
      expect(s.reason).toBe(
        'Already approved at Deputy Manager Review by you; it is now Pending FLMI Advisor.',
      );
    await expectEachChangedOnce(ids, 'pending_flmi');
  }, 120_000);

  it('an approval and a denial in bulk, by ids and by filter, racing: each allowance takes one of them', async () => {
    const s = await makeStudent(t, { name: 'Race Kalaba', officer: 'PO001' });
    const ids = await manyAt('pending_flmi', 600, s);
    const [a, b] = await Promise.all([
      bulk('ADM001', { ids, decision: 'approve', comment: 'Go', expected_stage: 'pending_flmi' }),
      bulk('PO001', {
        filter: { q: 'race kalaba', stage: 'pending_flmi' },
        decision: 'deny',
        comment: 'Stop',
        expected_stage: 'pending_flmi',
      }),
    ]);
    const [ra, rb] = [await json<BulkDecisionResponse>(a), await json<BulkDecisionResponse>(b)];
    // The filter is read when the request starts: rows the approval already moved are not its matches.
    expect(ra.done + rb.done).toBe(ids.length);
    const stages = await stagesOf(ids);
    expect([...stages.values()].filter((x) => x === 'pending_pm')).toHaveLength(ra.done);
    expect([...stages.values()].filter((x) => x === 'rejected')).toHaveLength(rb.done);
    const comments = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(allowanceComments)
      .where(inArray(allowanceComments.allowanceId, ids));
    expect(comments[0]!.n).toBe(ids.length);
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  }, 120_000);

  it('single decisions racing a bulk one: each allowance is decided once, the losers get 409', async () => {
    const ids = await manyAt('pending_dpm', 30);
    const body = { decision: 'approve', comment: 'Race', expected_stage: 'pending_dpm' };
    const [bulkRes, ...singles] = await Promise.all([
      bulk('DPM001', { ...body, ids }),
      ...ids
        .slice(0, 10)
        .map((id) => t.request('POST', `/api/allowances/${id}/decision`, { token: tokens.DPM001, body })),
    ]);
    const result = await json<BulkDecisionResponse>(bulkRes);
    const singleWins = singles.filter((r) => r.status === 200).length;
    expect(singles.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(result.done + singleWins).toBe(ids.length);
    await expectEachChangedOnce(ids, 'pending_flmi');
  });
});
