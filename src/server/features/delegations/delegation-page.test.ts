import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DelegationListResponseSchema } from '../../../contracts/delegations';
import { delegationState } from '../../../domain/delegations';
import { approvalDelegations, users } from '../../db/schema';
import { json, makeUser } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { loadDelegation } from './delegations.service';

/*
 * The list's items are written by PostgreSQL (delegation-page.ts), one delegation by
 * toDelegationDto: the two must answer the same, field for field, in every state, for each
 * viewer, scope and status; the list's order and total are checked against the rows themselves.
 */

// 09:00 UTC on 15 March 2026 is 11:00 in Lusaka: today is 2026-03-15.
const TODAY = '2026-03-15';
const { t, tokens } = fileTestContext({
  clockAt: new Date('2026-03-15T09:00:00Z'),
  signIn: ['ADM001', 'DPM001', 'PO001'],
});

type Row = typeof approvalDelegations.$inferSelect;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const [admin, dpm, po] = [await t.userId('ADM001'), await t.userId('DPM001'), await t.userId('PO001')];
  const dpm2 = await makeUser(t, 'deputy_manager', { name: 'Temwani "TJ" Nkhoma' });
  // An account without a staff ID still names its side of a delegation.
  await t.database.db.update(users).set({ staffId: null }).where(eq(users.id, dpm2.id));
  const at = (iso: string) => new Date(iso);
  const rows = {
    active: {
      delegatorId: dpm,
      delegateId: dpm2.id,
      stages: ['pending_dpm'],
      startsOn: '2026-03-10',
      endsOn: TODAY,
    },
    upcoming: {
      delegatorId: po,
      delegateId: dpm,
      stages: ['pending_flmi'],
      startsOn: '2026-03-16',
      endsOn: '2026-03-20',
    },
    ended: {
      delegatorId: dpm,
      delegateId: dpm2.id,
      stages: ['pending_dpm'],
      startsOn: '2026-03-01',
      endsOn: '2026-03-14',
    },
    revoked: {
      delegatorId: admin,
      delegateId: dpm2.id,
      stages: ['pending_pm', 'pending_dpm'],
      startsOn: '2026-03-12',
      endsOn: '2026-03-30',
      revokedAt: at('2026-03-13T10:11:12.345Z'),
      revokedById: admin,
    },
    // Same start as the active one: the creation time and then the id break the tie.
    tied: {
      delegatorId: admin,
      delegateId: po,
      stages: ['pending_pm'],
      startsOn: '2026-03-10',
      endsOn: '2026-04-01',
    },
  } satisfies Record<string, Omit<typeof approvalDelegations.$inferInsert, 'reason' | 'createdAt'>>;
  for (const [i, [name, row]] of Object.entries(rows).entries()) {
    const [added] = await t.database.db
      .insert(approvalDelegations)
      .values({
        ...row,
        stages: row.stages as Row['stages'],
        reason: `${name}: "leave" — Kasama\nline two`,
        createdAt: at(`2026-03-0${i + 1}T07:00:00.${i}21Z`),
      })
      .returning({ id: approvalDelegations.id });
    ids[name] = added!.id;
  }
});

/** The rows listDelegations kept, in its order (the old query, written out in JavaScript). */
function expected(rows: Row[], userId: string, scope: string, status: string): Row[] {
  const kept = rows.filter((r) => {
    if (scope === 'mine' && r.delegatorId !== userId && r.delegateId !== userId) return false;
    const state = delegationState(r, TODAY);
    if (status === 'active') return state === 'active';
    if (status === 'current') return state === 'active' || state === 'upcoming';
    return true;
  });
  const sign = status === 'all' ? -1 : 1;
  return kept.sort(
    (a, b) =>
      sign * a.startsOn.localeCompare(b.startsOn) ||
      sign * (a.createdAt.getTime() - b.createdAt.getTime()) ||
      a.id.localeCompare(b.id),
  );
}

describe('the delegations list', () => {
  it('answers each delegation as one is answered, in order, with the total, for every viewer and filter', async () => {
    const rows = await t.database.db.select().from(approvalDelegations);
    const viewers = { ADM001: ['mine', 'everyone'], DPM001: ['mine'], PO001: ['mine'] };
    let seen = 0;
    for (const [as, scopes] of Object.entries(viewers)) {
      const userId = await t.userId(as);
      for (const scope of scopes)
        for (const status of ['current', 'active', 'all'])
          for (const size of [50, 10, 2]) {
            const want = expected(rows, userId, scope, status);
            const got = [];
            for (let page = 1; (page - 1) * size < Math.max(want.length, 1); page++) {
              const query = `scope=${scope}&status=${status}&pageSize=${size}&page=${page}`;
              const res = await t.request('GET', `/api/delegations?${query}`, { token: tokens[as] });
              expect(res.status, query).toBe(200);
              const list = DelegationListResponseSchema.strict().parse(await res.json());
              expect(list, `${as} ${query}`).toMatchObject({ total: want.length, total_capped: false, page });
              got.push(...list.items);
            }
            expect(
              got.map((i) => i.id),
              `${as} ${scope} ${status}`,
            ).toEqual(want.map((r) => r.id));
            for (const item of got) expect(item).toEqual(await loadDelegation(t.database.db, item.id, TODAY));
            seen += got.length;
          }
    }
    expect(seen).toBeGreaterThan(0);
    const every = DelegationListResponseSchema.parse(
      await json(
        await t.request('GET', '/api/delegations?scope=everyone&status=all', { token: tokens.ADM001 }),
      ),
    );
    expect(Object.fromEntries(every.items.map((i) => [i.id, i.state]))).toMatchObject({
      [ids.active!]: 'active',
      [ids.upcoming!]: 'upcoming',
      [ids.ended!]: 'ended',
      [ids.revoked!]: 'revoked',
    });
    const revoked = every.items.find((i) => i.id === ids.revoked)!;
    expect(revoked).toMatchObject({
      stages: ['pending_pm', 'pending_dpm'],
      revoked_at: '2026-03-13T10:11:12.345Z',
      revoked_by_name: expect.any(String),
      delegate_staff_id: null,
    });
  });

  it('answers an empty page past the end, and keeps every admin list for admins', async () => {
    const res = await t.request('GET', '/api/delegations?page=40&pageSize=10', { token: tokens.PO001 });
    expect(await json(res)).toEqual({ items: [], total: 2, total_capped: false, page: 40, pageSize: 10 });
    const refused = await t.request('GET', '/api/delegations?scope=everyone', { token: tokens.DPM001 });
    expect(refused.status).toBe(403);
  });
});
