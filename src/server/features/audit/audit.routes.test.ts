import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditListResponse, RecordHistoryResponse } from '../../../contracts/audit';
import { activities } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { unlabelledAuditFields } from '../../testing/audit-labels-check';
import { csvDownloadLines, json, makeStudent, UNKNOWN_ID } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const get = (as: string, path: string) => t.request('GET', path, { token: tokens[as] });
const send = (as: string, method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  t.request(method, path, { token: tokens[as], body });
const history = async (as: string, path: string) =>
  (await json<RecordHistoryResponse>(await get(as, path))).items;
const entriesOf = (entityId: string) =>
  t.deps.db.select().from(activities).where(eq(activities.entityId, entityId));

describe('who reads the trail', () => {
  it('the Activity Log is for admins; a history is scoped like its record', async () => {
    const admin = { 'signed out': 401, user: 403, student: 403, program_officer: 403, deputy_manager: 403 };
    await expectAccess(
      t,
      accessMatrix([
        { route: 'GET /api/audit', statuses: { ...admin, admin: 200 } },
        { route: 'GET /api/audit/export.csv', statuses: { ...admin, admin: 200 } },
        { route: `GET /api/students/${UNKNOWN_ID}/history`, statuses: staffOnly(404) },
        { route: `GET /api/allowances/${UNKNOWN_ID}/history`, statuses: staffOnly(404) },
      ]),
    );
  });

  it("answers 404 for another officer's student's history, as for the student itself", async () => {
    const student = await makeStudent(t, { name: 'Hidden Mulenga', officer: 'PO001' });
    expect((await get('PO002', `/api/students/${student.id}/history`)).status).toBe(404);
    expect((await get('PO001', `/api/students/${student.id}/history`)).status).toBe(200);
    expect((await get('DPM001', `/api/students/${student.id}/history`)).status).toBe(200);
  });
});

describe('what a student write records', () => {
  it('creation, each changed field before and after (money exact), and deletion', async () => {
    const created = await json<{ id: string }>(
      await send('PO001', 'POST', '/api/students', {
        first_name: 'Natasha',
        last_name: 'Phiri',
        accommodation_monthly_rent: '1200.5',
      }),
    );
    const update = await send('PO001', 'PUT', `/api/students/${created.id}`, {
      last_name: 'Banda',
      accommodation_monthly_rent: '1350.75',
      program_status: 'graduated',
    });
    expect(update.status).toBe(200);
    expect((await send('ADM001', 'DELETE', `/api/students/${created.id}`)).status).toBe(204);

    const rows = await entriesOf(created.id);
    const byAction = Object.fromEntries(rows.map((r) => [r.action, r]));
    expect(Object.keys(byAction).sort()).toEqual(['student.created', 'student.deleted', 'student.updated']);
    expect(byAction['student.created']!.changes).toMatchObject({
      first_name: { before: null, after: 'Natasha' },
      accommodation_monthly_rent: { before: null, after: '1200.50' },
    });
    expect(byAction['student.updated']!.changes).toEqual({
      last_name: { before: 'Phiri', after: 'Banda' },
      accommodation_monthly_rent: { before: '1200.50', after: '1350.75' },
      program_status: { before: 'enrolled', after: 'graduated' },
    });
    expect(byAction['student.updated']!.actorName).toBe('Bupe Tembo');
    expect(byAction['student.deleted']!.changes).toMatchObject({
      last_name: { before: 'Banda', after: null },
    });
  });

  it('an import: one entry with its row count, and one on each student', async () => {
    const csv = 'first_name,last_name,contact_number\nAudit,One,+260977100001\nAudit,Two,\n';
    const res = await t.app.request('/api/students/import', {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.ADM001}` },
      body: (() => {
        const form = new FormData();
        form.append('file', new File([csv], 'students.csv', { type: 'text/csv' }));
        return form;
      })(),
    });
    expect(res.status).toBe(201);
    const imports = await t.deps.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'students.imported'));
    expect(imports.at(-1)!.changes).toEqual({
      rows: { before: null, after: 2 },
      dropped: { before: null, after: 0 },
      skipped: { before: null, after: 0 },
    });
    const each = await t.deps.db.select().from(activities).where(eq(activities.action, 'student.imported'));
    expect(
      each
        .map((e) => e.summary)
        .slice(-2)
        .sort(),
    ).toEqual(['Mutale Bwalya added Audit One by CSV import', 'Mutale Bwalya added Audit Two by CSV import']);
    const one = each.find((e) => e.summary.includes('Audit One'))!;
    expect(one.changes.contact_number).toEqual({ before: null, after: '+260977100001' });
    expect(await history('ADM001', `/api/students/${one.entityId}/history`)).toHaveLength(1);
  });
});

describe('an allowance, its whole chain', () => {
  it('appears in its history, each step with its actor and the fields it changed', async () => {
    const student = await makeStudent(t, { name: 'Chain Mwansa', officer: 'PO001' });
    const submitted = await json<{ id: string }>(
      await send('PO001', 'POST', '/api/allowances', {
        student_id: student.id,
        month: 'March',
        year: 2026,
        program_level: 'university',
        stipend: '1500',
        medical: '200.50',
      }),
    );
    const id = submitted.id;
    const decide = (as: string, stage: string, comment: string) =>
      send(as, 'POST', `/api/allowances/${id}/decision`, {
        decision: 'approve',
        comment,
        expected_stage: stage,
      });
    expect((await decide('DPM001', 'pending_dpm', 'Within budget')).status).toBe(200);
    expect((await decide('PO001', 'pending_flmi', 'Receipts checked')).status).toBe(200);
    expect((await decide('ADM001', 'pending_pm', 'Go ahead')).status).toBe(200);
    expect(
      (await send('ADM001', 'POST', `/api/allowances/${id}/pay`, { expected_stage: 'approved' })).status,
    ).toBe(200);

    const items = await history('PO002', `/api/allowances/${id}/history`);
    expect(items.map((e) => [e.action, e.actor_name])).toEqual([
      ['allowance.submitted', 'Bupe Tembo'],
      ['allowance.approved', 'Chipo Mwale'],
      ['allowance.approved', 'Bupe Tembo'],
      ['allowance.approved', 'Mutale Bwalya'],
      ['allowance.paid', 'Mutale Bwalya'],
    ]);
    expect(items[0]!.changes).toMatchObject({ total: { before: null, after: '1700.50' } });
    expect(items[1]!.changes).toMatchObject({
      approval_stage: { before: 'pending_dpm', after: 'pending_flmi' },
      dpm_status: { before: null, after: 'approved' },
      comment: { before: null, after: 'Within budget' },
    });
    expect(items[4]!.changes).toMatchObject({ approval_stage: { before: 'approved', after: 'paid' } });

    // The ids the changes hold (the student, each approver) come with the names they stand for.
    const { names } = await json<RecordHistoryResponse>(await get('PO002', `/api/allowances/${id}/history`));
    const dpm = items[1]!.changes.dpm_approved_by_id!.after as string;
    expect(names[dpm]).toBe('Chipo Mwale');
    expect(names[student.id]).toBe('Chain Mwansa');
  });
});

describe('the trail holds', () => {
  it('a refused write leaves no entry, and the table refuses UPDATE and DELETE', async () => {
    const a = await makeStudent(t, { name: 'Unique Zulu', officer: 'PO001', chlNumber: 'CHL-AUD-1' });
    const b = await makeStudent(t, { name: 'Other Zulu', officer: 'PO001' });
    const before = (await entriesOf(b.id)).length;
    // The update breaks the CHL number's uniqueness inside the transaction: nothing lands.
    const refused = await send('PO001', 'PUT', `/api/students/${b.id}`, { chl_number: 'CHL-AUD-1' });
    expect(refused.status).toBe(409);
    expect(await entriesOf(b.id)).toHaveLength(before);
    expect(a.id).not.toBe(b.id);

    const [any] = await t.deps.db.select().from(activities).limit(1);
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'written',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(
      await refusal(t.deps.db.execute(sql`update activities set summary = 'x' where id = ${any!.id}`)),
    ).toBe('audit entries cannot be changed or deleted');
    expect(await refusal(t.deps.db.execute(sql`delete from activities where id = ${any!.id}`))).toBe(
      'audit entries cannot be changed or deleted',
    );
    expect(await t.deps.db.select().from(activities).where(eq(activities.id, any!.id))).toEqual([any]);
  });

  it('a write whose entry cannot be written does not happen (one transaction)', async () => {
    // Fault injection: the trail refuses this one summary, as a full disk or a bug would.
    await t.deps.db.execute(
      sql`alter table activities add constraint refuse_for_test check (summary not like '%Refused Tembo%')`,
    );
    try {
      const res = await send('PO001', 'POST', '/api/students', { first_name: 'Refused', last_name: 'Tembo' });
      expect(res.status).toBe(500);
      const found = await json<{ total: number }>(await get('ADM001', '/api/students?q=Refused%20Tembo'));
      expect(found.total).toBe(0);
    } finally {
      await t.deps.db.execute(sql`alter table activities drop constraint refuse_for_test`);
    }
  });

  it('records sign-ins and failed sign-ins without the password', async () => {
    const bad = await t.request('POST', '/api/staff-auth/login', {
      body: { staffId: 'PO002', password: 'not-the-Demo#2026' },
    });
    expect(bad.status).toBe(401);
    const failed = await t.deps.db
      .select()
      .from(activities)
      .where(eq(activities.action, 'auth.sign_in_failed'));
    expect(failed.at(-1)).toMatchObject({ actorId: null, actorName: 'PO002', entityType: 'account' });
    expect(JSON.stringify(failed)).not.toContain('not-the-Demo');
    const signedIn = await t.deps.db.select().from(activities).where(eq(activities.action, 'auth.signed_in'));
    expect(signedIn.map((e) => e.actorName)).toContain('Mutale Bwalya');
  });
});

describe('the Activity Log', () => {
  const log = async (query: string) => json<AuditListResponse>(await get('ADM001', `/api/audit?${query}`));

  it('filters by who, what, which record and when, newest first, a page at a time', async () => {
    const po001 = await t.userId('PO001');
    const mine = await log(`actor_id=${po001}&pageSize=100`);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.items.every((e) => e.actor_id === po001)).toBe(true);
    const times = mine.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const paid = await log('action=allowance.paid');
    expect(paid.items.map((e: AuditEntry) => e.action)).toEqual(['allowance.paid']);
    const record = await log(`entity_type=allowance&entity_id=${paid.items[0]!.entity_id}`);
    expect(record.total).toBe(5);

    expect((await log('from=2026-03-16&to=2026-03-16')).total).toBeGreaterThan(0);
    expect((await log('from=2026-03-17')).total).toBe(0);
    expect((await log('to=2026-03-15')).total).toBe(0);
    const page = await log('pageSize=2&page=2');
    expect(page).toMatchObject({ page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(2);
  });

  it('refuses bad filters with a message and changes nothing', async () => {
    const res = await get('ADM001', '/api/audit?from=2026-02-30&actor_id=nobody');
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.fields).toMatchObject({
      from: 'Use a date written as YYYY-MM-DD',
      actor_id: 'Choose a user from the list',
    });
    expect((await get('ADM001', '/api/audit?from=2026-03-17&to=2026-03-16')).status).toBe(400);
  });

  it('exports what the filters match as CSV', async () => {
    const lines = await csvDownloadLines(
      await get('ADM001', '/api/audit/export.csv?action=allowance.approved'),
      'activity-log.csv',
    );
    expect(lines[0]).toBe('at,actor_id,actor_name,action,entity_type,entity_id,summary,changes');
    expect(lines.slice(1).filter(Boolean)).toHaveLength(3);
    expect(lines.slice(1).every((l) => !l || l.includes('allowance.approved'))).toBe(true);
  });
});

describe('the labels of what the writes above recorded', () => {
  it('name every field of every entry (a student, its import, an allowance through its chain)', async () => {
    expect(await unlabelledAuditFields(t.deps.db)).toEqual([]);
  });
});
