import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { activities, allowances } from '../../db/schema';
import { accessMatrix, expectAccess, signedInOnly } from '../../testing/access-matrix';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const bell = async (as: string) => {
  const res = await t.request('GET', '/api/notifications', { token: tokens[as] });
  expect(res.status).toBe(200);
  return json<NotificationsResponse>(res);
};

/** Allowances at each stage: two awaiting the deputy manager, one at each later step, one paid. */
const STAGES: ApprovalStage[] = [
  'pending_dpm',
  'pending_dpm',
  'pending_flmi',
  'pending_pm',
  'approved',
  'paid',
];
const ids: Record<string, string[]> = {};
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June'];

beforeAll(async () => {
  const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  for (const [i, stage] of STAGES.entries()) {
    const id = await makeAllowance(t, student, {
      stage,
      month: MONTHS[i]!,
      monthNumber: i + 1,
      year: 2026,
      submittedDate: new Date(Date.UTC(2026, 2, 1 + i)),
    });
    ids[stage] = [...(ids[stage] ?? []), id];
  }
});

describe('GET /api/notifications', () => {
  it('answers every signed-in account, and nobody else', async () => {
    await expectAccess(t, accessMatrix([{ route: 'GET /api/notifications', statuses: signedInOnly(200) }]));
  });

  it("counts what waits at each demo role's stage, grouped by area, each item opening its allowance", async () => {
    const counts = Object.fromEntries(
      await Promise.all(
        ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'].map(async (who) => [who, await bell(who)]),
      ),
    ) as Record<string, NotificationsResponse>;
    expect(counts.DPM001!.count).toBe(2);
    // Program officers act as FLMI advisor and programme manager on every allowance (D9).
    expect(counts.PO001!.count).toBe(2);
    expect(counts.PO002!.count).toBe(2);
    // The admin also decides at those steps, and pays what is approved.
    expect(counts.ADM001!.count).toBe(3);
    expect(counts.USR001).toEqual({
      count: 0,
      groups: [],
      email_digest: true,
      sms_digest: false,
      sms_digest_available: false,
    });
    expect(counts.STU001).toEqual({
      count: 0,
      groups: [],
      email_digest: true,
      sms_digest: false,
      sms_digest_available: false,
    });

    const [group] = counts.DPM001!.groups;
    expect(counts.DPM001!.groups).toHaveLength(1);
    expect(group).toMatchObject({ area: 'allowances', label: 'Allowances awaiting your decision', count: 2 });
    // Newest first.
    expect(group!.items.map((i) => i.id)).toEqual([...ids.pending_dpm!].reverse());
    expect(group!.items[0]).toEqual({
      id: ids.pending_dpm![1],
      title: 'Mwila Chanda · February 2026',
      detail: 'ZMW 1,000.00 · Pending Deputy Manager',
      href: `/allowances?open=${ids.pending_dpm![1]}`,
    });
    expect(counts.ADM001!.groups[0]!.items.map((i) => i.id).sort()).toEqual(
      [...ids.pending_flmi!, ...ids.pending_pm!, ...ids.approved!].sort(),
    );
  });

  it('drops an item once it is acted on, and the next step sees it', async () => {
    const [first] = ids.pending_dpm!;
    const res = await t.request('POST', `/api/allowances/${first}/decision`, {
      token: tokens.DPM001,
      body: { decision: 'approve', expected_stage: 'pending_dpm', comment: 'Fine' },
    });
    expect(res.status).toBe(200);
    const dpm = await bell('DPM001');
    expect(dpm.count).toBe(1);
    expect(dpm.groups[0]!.items.map((i) => i.id)).not.toContain(first);
    const po = await bell('PO001');
    expect(po.count).toBe(3);
    expect(po.groups[0]!.items.map((i) => i.id)).toContain(first);
  });
});

describe('the daily email switch', () => {
  it('is on by default, turns off and on again for the user alone, and is recorded', async () => {
    const off = await t.request('PUT', '/api/notifications/email-digest', {
      token: tokens.PO002,
      body: { email_digest: false },
    });
    expect(off.status).toBe(200);
    expect(await json(off)).toEqual({ email_digest: false });
    expect((await bell('PO002')).email_digest).toBe(false);
    expect((await bell('PO001')).email_digest).toBe(true);

    const po002 = await t.userId('PO002');
    const [entry] = await t.deps.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, po002), eq(activities.action, 'account.email_digest_changed')));
    expect(entry!.changes).toEqual({ email_digest: { before: true, after: false } });

    await t.request('PUT', '/api/notifications/email-digest', {
      token: tokens.PO002,
      body: { email_digest: true },
    });
    expect((await bell('PO002')).email_digest).toBe(true);
  });

  it('refuses a body that is not true or false, and changes nothing', async () => {
    for (const body of [{}, { email_digest: 'no' }, { email_digest: null }]) {
      const res = await t.request('PUT', '/api/notifications/email-digest', { token: tokens.PO001, body });
      expect(res.status).toBe(400);
      expect((await json<{ error: string }>(res)).error).toMatch(/email_digest/);
    }
    expect((await bell('PO001')).email_digest).toBe(true);
    expect(
      (await t.request('PUT', '/api/notifications/email-digest', { body: { email_digest: false } })).status,
    ).toBe(401);
  });
});

describe('what the bell says after changes elsewhere', () => {
  it('an allowance paid leaves the admin bell', async () => {
    const [approved] = ids.approved!;
    const before = (await bell('ADM001')).count;
    const res = await t.request('POST', `/api/allowances/${approved}/pay`, {
      token: tokens.ADM001,
      body: { expected_stage: 'approved' },
    });
    expect(res.status).toBe(200);
    expect((await bell('ADM001')).count).toBe(before - 1);
    const [row] = await t.deps.db.select().from(allowances).where(eq(allowances.id, approved!));
    expect(row!.approvalStage).toBe('paid');
  });
});
