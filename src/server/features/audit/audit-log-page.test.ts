import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type AuditEntry, AuditEntrySchema, type AuditListResponse } from '../../../contracts/audit';
import { json } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { type AuditInput, exportAudit, recordAudit, recordHistory } from './audit.service';

/*
 * The Activity Log's page is written by PostgreSQL (audit-log-page.ts): each entry must equal
 * the entry as the service answers it elsewhere (the CSV export's entries, a record's history)
 * field for field and in the same order, and the total a fresh count, on every path: the named
 * first page counted by the tally, other pages, and each filter counted in the statement.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const get = (as: string, path: string) => t.request('GET', path, { token: tokens[as] });
const RECORD = '11111111-2222-4333-8444-555555555555';
const OFFICER = '22222222-3333-4444-8555-666666666666';

/** Entries of every shape: the system acting, no record, changes of each kind, one instant shared. */
async function fillTrail(actorId: string) {
  const at = new Date('2026-03-10T07:00:00.123Z');
  const entry = (i: number, over: Partial<AuditInput>): AuditInput => ({
    actor: { id: actorId, name: 'Mutale Bwalya' },
    officerId: null,
    entityType: 'student',
    entityId: RECORD,
    action: 'student.updated',
    summary: `Change ${i}`,
    at: new Date(at.getTime() + i * 60_000),
    ...over,
  });
  await recordAudit(t.deps.db, [
    entry(0, {
      before: { rent: '1200.50', gpa: 3.25, active: true, note: null },
      after: { rent: '1350.75', gpa: 3.5, active: false, note: 'Moved to "Kitwe"\nback\\slash' },
    }),
    entry(1, {
      actor: { id: null, name: 'System' },
      entityType: 'account',
      entityId: null,
      action: 'auth.sign_in_failed',
      summary: "Someone's sign-in failed: ñ ✓",
    }),
    // Three entries of one instant: the later written reads first.
    entry(2, { officerId: OFFICER, action: 'student.created', after: { first_name: 'Natasha' } }),
    entry(2, { officerId: OFFICER, action: 'student.deleted', before: { first_name: 'Natasha' } }),
    entry(2, {
      entityType: 'allowance',
      entityId: null,
      action: 'allowance.uploaded',
      summary: 'Many uploaded',
    }),
    entry(60 * 24 * 2, { action: 'student.updated', summary: 'Two days later' }),
  ]);
}

const listed = async (query: string) => {
  const res = await get('ADM001', `/api/audit?${query}`);
  expect(res.status, query).toBe(200);
  return json<AuditListResponse>(res);
};

/** Each entry equals the service's entry, keys in the contract's order. */
function expectEntries(items: AuditEntry[], expected: AuditEntry[]) {
  expect(items).toEqual(expected);
  for (const [i, item] of items.entries()) expect(Object.keys(item)).toEqual(Object.keys(expected[i]!));
  for (const item of items)
    expect(Object.keys(item).sort()).toEqual(Object.keys(AuditEntrySchema.shape).sort());
}

describe('the Activity Log written by PostgreSQL', () => {
  it('answers each entry as the service does, newest first, with a fresh count, on every path', async () => {
    const admin = await t.userId('ADM001');
    await fillTrail(admin);
    const cases: Array<[string, Parameters<typeof exportAudit>[1]]> = [
      ['page=1&pageSize=25', {}],
      ['', {}],
      ['page=2&pageSize=3', {}],
      [`actor_id=${admin}`, { actor_id: admin }],
      ['entity_type=account', { entity_type: 'account' }],
      [
        `entity_type=student&entity_id=${RECORD}&page=1&pageSize=25`,
        { entity_type: 'student', entity_id: RECORD },
      ],
      ['action=student.updated&pageSize=1&page=2', { action: 'student.updated' }],
      ['from=2026-03-10&to=2026-03-10', { from: '2026-03-10', to: '2026-03-10' }],
      ['from=2026-03-12', { from: '2026-03-12' }],
      ['to=2026-03-01', { to: '2026-03-01' }],
    ];
    for (const [query, filters] of cases) {
      const body = await listed(query);
      const all = await exportAudit(t.deps.db, filters);
      const offset = (body.page - 1) * body.pageSize;
      expectEntries(body.items, all.slice(offset, offset + body.pageSize));
      expect(body.total, query).toBe(all.length);
      expect(body.total_capped, query).toBe(false);
    }
    const [counted] = (await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from activities`))
      .rows;
    expect((await listed('')).total).toBe(counted!.n);
  });

  it('answers a record history and the log alike, and an empty page past the end', async () => {
    const history = (await recordHistory(t.deps.db, 'student', RECORD)).items;
    const body = await listed(`entity_type=student&entity_id=${RECORD}&pageSize=100`);
    expectEntries(body.items, [...history].reverse());
    const beyond = await listed('page=500&pageSize=25');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe((await exportAudit(t.deps.db, {})).length);
  });

  it('finds no entries for a record id that is not a uuid, and says so without an error', async () => {
    for (const id of ['not-a-uuid', "1' or '1'='1", '12345']) {
      const res = await get('ADM001', `/api/audit?entity_id=${encodeURIComponent(id)}&page=1&pageSize=25`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: unknown[]; total: number };
      expect(body).toMatchObject({ items: [], total: 0 });
    }
  });

  it('is for admins only', async () => {
    expect((await get('DPM001', '/api/audit')).status).toBe(403);
    expect((await t.request('GET', '/api/audit')).status).toBe(401);
  });
});
