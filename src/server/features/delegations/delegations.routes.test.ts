import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Delegation,
  DelegationListResponse,
  EligibleDelegatesResponse,
} from '../../../contracts/delegations';
import { ineligibleDelegateMessage, DELEGATION_MESSAGES as M } from '../../../domain/delegations';
import { activities, approvalDelegations } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { json, makeUser } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

// 09:00 UTC on 15 March 2026 is 11:00 in Lusaka: today is 2026-03-15.
const { t, tokens } = fileTestContext({
  clockAt: new Date('2026-03-15T09:00:00Z'),
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001'],
});

let dpm2: { id: string; name: string };
let dpm3: { id: string };
let inactiveDpm: { id: string };

beforeAll(async () => {
  dpm2 = await makeUser(t, 'deputy_manager', { staffId: 'DPM002', name: 'Temwani Nkhoma' });
  dpm3 = await makeUser(t, 'deputy_manager', { staffId: 'DPM003', name: 'Alinafe Chirwa' });
  inactiveDpm = await makeUser(t, 'deputy_manager', { staffId: 'DPM009', isActive: false });
  tokens.DPM002 = await t.signIn('DPM002');
  tokens.DPM003 = await t.signIn('DPM003');
});

const create = (as: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/delegations', { token: tokens[as], body });
/** `as` delegates their approvals to `delegateId` from `startsOn` to `endsOn`, accepted (201). */
const delegated = async (
  as: string,
  delegateId: string,
  startsOn: string,
  endsOn: string,
  reason: string,
) => {
  const res = await create(as, { delegate_id: delegateId, starts_on: startsOn, ends_on: endsOn, reason });
  expect(res.status).toBe(201);
  return json<Delegation>(res);
};
const revoke = (as: string, id: string) =>
  t.request('POST', `/api/delegations/${id}/revoke`, { token: tokens[as] });
const list = async (as: string, query = '') => {
  const res = await t.request('GET', `/api/delegations${query}`, { token: tokens[as] });
  expect(res.status).toBe(200);
  return json<DelegationListResponse>(res);
};
const rowCount = async () => (await t.database.db.select({ n: count() }).from(approvalDelegations))[0]!.n;

describe('who reaches /api/delegations', () => {
  it('staff only; every admin list only for admins', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/delegations', statuses: staffOnly(200) },
        { route: 'GET /api/delegations/delegates', statuses: staffOnly(200) },
        {
          route: 'GET /api/delegations?scope=everyone',
          statuses: staffOnly({ program_officer: 403, deputy_manager: 403, admin: 200 }),
        },
        { route: 'POST /api/delegations', body: {}, statuses: staffOnly(400) },
        { route: `POST /api/delegations/${unknown}/revoke`, statuses: staffOnly(404) },
        { route: 'POST /api/delegations/not-an-id/revoke', statuses: staffOnly(404) },
      ]),
    );
  });
});

describe('GET /api/delegations/delegates', () => {
  it("offers the active accounts whose role decides the user's stages, never the user", async () => {
    const forDpm = await json<EligibleDelegatesResponse>(
      await t.request('GET', '/api/delegations/delegates', { token: tokens.DPM001 }),
    );
    expect(forDpm.stages).toEqual(['pending_dpm']);
    expect(forDpm.items.map((u) => u.staff_id).sort()).toEqual(['DPM002', 'DPM003']);

    const forPo = await json<EligibleDelegatesResponse>(
      await t.request('GET', '/api/delegations/delegates', { token: tokens.PO001 }),
    );
    expect(forPo.stages).toEqual(['pending_flmi', 'pending_pm']);
    expect(forPo.items.map((u) => u.staff_id).sort()).toEqual(['ADM001', 'PO002']);
  });
});

describe('POST /api/delegations', () => {
  it('delegates to an eligible account, recorded in the audit trail', async () => {
    const delegation = await delegated('DPM001', dpm2.id, '2026-03-15', '2026-03-20', ' Annual leave ');
    expect(delegation).toMatchObject({
      delegator_id: await t.userId('DPM001'),
      delegator_name: 'Chipo Mwale',
      delegator_staff_id: 'DPM001',
      delegate_id: dpm2.id,
      delegate_name: 'Temwani Nkhoma',
      stages: ['pending_dpm'],
      starts_on: '2026-03-15',
      ends_on: '2026-03-20',
      reason: 'Annual leave',
      state: 'active',
      revoked_at: null,
    });
    const [entry] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityType, 'delegation'), eq(activities.entityId, delegation.id)));
    expect(entry).toMatchObject({
      action: 'delegation.created',
      actorName: 'Chipo Mwale',
      summary:
        'Chipo Mwale delegated their approvals (Pending Deputy Manager) to Temwani Nkhoma from 15/03/2026 to 20/03/2026',
    });
  });

  it('refuses what breaks a rule with 400 and a message, and saves nothing', async () => {
    const before = await rowCount();
    const base = { delegate_id: dpm3.id, starts_on: '2026-04-01', ends_on: '2026-04-02', reason: 'Away' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { delegate_id: await t.userId('ADM001') },
        ineligibleDelegateMessage('Mutale Bwalya', ['pending_dpm']),
        'delegate_id',
      ],
      [
        { delegate_id: await t.userId('USR001') },
        ineligibleDelegateMessage('Kondwani Phiri', ['pending_dpm']),
        'delegate_id',
      ],
      [{ delegate_id: await t.userId('DPM001') }, M.notToSelf, 'delegate_id'],
      [{ delegate_id: inactiveDpm.id }, M.delegateNotFound, 'delegate_id'],
      [{ delegate_id: 'nobody' }, M.delegateNotFound, 'delegate_id'],
      [{ delegate_id: '00000000-0000-4000-8000-000000000000' }, M.delegateNotFound, 'delegate_id'],
      [{ starts_on: '2026-03-14' }, M.startsInPast, 'starts_on'],
      [{ ends_on: '2026-03-31' }, M.endsBeforeStart, 'ends_on'],
      [{ starts_on: '2026-02-30' }, M.startsOnRequired, 'starts_on'],
      [{ ends_on: '2027-04-02' }, M.tooLong, 'ends_on'],
      [{ reason: '   ' }, M.reasonRequired, 'reason'],
      [{ reason: undefined }, M.reasonRequired, 'reason'],
    ];
    for (const [change, message, field] of cases) {
      const res = await create('DPM001', { ...base, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const body = await json<{ error: string; fields: Record<string, string> }>(res);
      expect(body.error, JSON.stringify(change)).toBe(message);
      expect(body.fields[field], JSON.stringify(change)).toBe(message);
    }
    expect(await rowCount()).toBe(before);
  });

  it('refuses a delegation overlapping one of the same person (409), until that one is revoked', async () => {
    const first = await create('PO001', {
      delegate_id: await t.userId('PO002'),
      starts_on: '2026-05-10',
      ends_on: '2026-05-20',
      reason: 'Training course',
    });
    expect(first.status).toBe(201);
    const overlapping = { delegate_id: await t.userId('ADM001'), reason: 'Another trip' };
    for (const [starts_on, ends_on] of [
      ['2026-05-20', '2026-05-25'],
      ['2026-05-01', '2026-05-10'],
      ['2026-05-12', '2026-05-13'],
      ['2026-05-01', '2026-06-01'],
    ]) {
      const res = await create('PO001', { ...overlapping, starts_on, ends_on });
      expect(res.status).toBe(409);
      expect((await json(res)).error).toBe(M.overlaps);
    }
    // Another person's delegation over the same days is theirs to make.
    expect(
      (
        await create('PO002', {
          delegate_id: await t.userId('ADM001'),
          starts_on: '2026-05-10',
          ends_on: '2026-05-20',
          reason: 'Same week',
        })
      ).status,
    ).toBe(201);
    expect(
      (await create('PO001', { ...overlapping, starts_on: '2026-05-21', ends_on: '2026-05-22' })).status,
    ).toBe(201);
    expect((await revoke('PO001', (await json<Delegation>(first)).id)).status).toBe(200);
    expect(
      (await create('PO001', { ...overlapping, starts_on: '2026-05-12', ends_on: '2026-05-13' })).status,
    ).toBe(201);
  });

  it('two delegations of one person sent at once: exactly one is made', async () => {
    const body = { delegate_id: dpm3.id, starts_on: '2026-07-01', ends_on: '2026-07-05', reason: 'Race' };
    const answers = await Promise.all([
      create('DPM002', body),
      create('DPM002', body),
      create('DPM002', body),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });
});

describe('GET /api/delegations', () => {
  it("lists mine, given and received; an admin lists everyone's active ones", async () => {
    const given = await list('DPM001');
    expect(given.items.every((d) => d.delegator_staff_id === 'DPM001')).toBe(true);
    expect(given.items.map((d) => d.delegate_name)).toContain('Temwani Nkhoma');

    const received = await list('DPM002');
    expect(received.items.some((d) => d.delegator_staff_id === 'DPM001' && d.state === 'active')).toBe(true);
    // Theirs given (to DPM003 in July) is listed too: upcoming.
    expect(received.items.some((d) => d.delegator_staff_id === 'DPM002' && d.state === 'upcoming')).toBe(
      true,
    );

    // PO001's are not DPM001's.
    expect((await list('DPM001')).items.some((d) => d.delegator_staff_id === 'PO001')).toBe(false);

    const everyoneActive = await list('ADM001', '?scope=everyone&status=active');
    expect(everyoneActive.items.length).toBeGreaterThan(0);
    expect(everyoneActive.items.every((d) => d.state === 'active')).toBe(true);
    expect(everyoneActive.items.map((d) => d.delegator_staff_id)).toEqual(['DPM001']);

    const everyoneAll = await list('ADM001', '?scope=everyone&status=all&pageSize=2');
    expect(everyoneAll.items).toHaveLength(2);
    expect(everyoneAll.total).toBe(await rowCount());

    const res = await t.request('GET', '/api/delegations?scope=everyone', { token: tokens.DPM001 });
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(M.everyoneAdminOnly);
    expect((await t.request('GET', '/api/delegations?status=soon', { token: tokens.DPM001 })).status).toBe(
      400,
    );
  });
});

describe('POST /api/delegations/:id/revoke', () => {
  it('the delegator or an admin revokes; the delegate may not (403), a stranger sees nothing (404)', async () => {
    const delegation = await delegated('DPM003', dpm2.id, '2026-08-01', '2026-08-03', 'Conference');

    let res = await revoke('DPM002', delegation.id);
    expect(res.status).toBe(403);
    expect((await json(res)).error).toBe(M.revokeNotAllowed);
    expect((await revoke('PO001', delegation.id)).status).toBe(404);

    res = await revoke('ADM001', delegation.id);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ state: 'revoked', revoked_by_name: 'Mutale Bwalya' });
    const entries = await t.database.db
      .select({ action: activities.action, summary: activities.summary })
      .from(activities)
      .where(and(eq(activities.entityType, 'delegation'), eq(activities.entityId, delegation.id)));
    expect(entries.map((e) => e.action)).toEqual(['delegation.created', 'delegation.revoked']);
    expect(entries[1]!.summary).toBe(
      "Mutale Bwalya revoked Alinafe Chirwa's delegation of approvals to Temwani Nkhoma (01/08/2026 to 03/08/2026)",
    );

    res = await revoke('DPM003', delegation.id);
    expect(res.status).toBe(409);
    expect((await json(res)).error).toBe(M.alreadyRevoked);
  });

  it('an ended delegation cannot be revoked', async () => {
    const delegation = await delegated('DPM003', dpm2.id, '2026-03-15', '2026-03-15', 'One day');
    const saved = t.clock.now();
    try {
      t.clock.set(new Date('2026-03-15T22:00:00Z')); // 00:00 on the 16th in Lusaka
      const token = await t.signIn('DPM003');
      const res = await t.request('POST', `/api/delegations/${delegation.id}/revoke`, { token });
      expect(res.status).toBe(409);
      expect((await json(res)).error).toBe(M.alreadyEnded);
    } finally {
      t.clock.set(saved);
    }
  });
});
