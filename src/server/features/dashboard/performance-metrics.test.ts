import { beforeAll, describe, expect, it } from 'vitest';
import {
  type DashboardMetricsResponse,
  DashboardMetricsResponseSchema,
  type MetricKey,
  MetricRecordsResponseSchema,
} from '../../../contracts/dashboard';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { forms, issues, students } from '../../db/schema';
import { putSettings } from '../../testing/put-settings';
import { fileTestContext } from '../../testing/test-file';
import { recordAudit } from '../audit/audit.service';
import { insertAllowance } from './dashboard-test-kit';

/*
 * Each metric against figures worked out by hand from the fixture below. Today is 15 March 2026
 * in Lusaka (09:00 UTC = 11:00 Lusaka), so the periods are:
 * - retention: 2026 so far, and 2025;
 * - on-time allowances: February 2026 (payment day 25 February), and January 2026 (25 January);
 * - issues and forms: 16 December 2025 to 15 March 2026, and 17 September to 15 December 2025.
 */
const { t, tokens } = fileTestContext({
  clockAt: new Date('2026-03-15T09:00:00Z'),
  signIn: ['ADM001', 'DPM001', 'PO001', 'PO002', 'USR001', 'STU001'],
});

const at = (iso: string) => new Date(iso);
const ids: Record<string, string> = {};

async function student(
  name: string,
  officer: string,
  status: 'enrolled' | 'graduated' | 'discharged' | 'suspended',
  startDate: string | null,
  createdAt = '2023-01-10T08:00:00Z',
) {
  const [row] = await t.deps.db
    .insert(students)
    .values({
      firstName: name,
      lastName: 'Test',
      fullName: `${name} Test`,
      programStatus: status,
      assignedOfficerId: await t.userId(officer),
      startDate,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    .returning({ id: students.id });
  ids[name] = row!.id;
}

/** A status change as the student service records it (the trail is where status dates live). */
async function statusChange(name: string, before: string, after: string, when: string) {
  await recordAudit(t.deps.db, {
    actor: { id: null, name: 'Test' },
    officerId: null,
    entityType: 'student',
    entityId: ids[name]!,
    action: 'student.updated',
    summary: `${name} ${before} -> ${after}`,
    at: at(when),
    before: { program_status: before },
    after: { program_status: after },
  });
}

async function allowance(name: string, month: number, year: number, stage: ApprovalStage, paidAt?: string) {
  await insertAllowance(t, {
    studentId: ids[name]!,
    studentName: `${name} Test`,
    month,
    year,
    stage,
    paidAt: paidAt ? at(paidAt) : undefined,
  });
}

async function issue(
  key: string,
  name: string,
  createdAt: string,
  status: 'open' | 'in_progress' | 'resolved' | 'closed',
  resolvedAt: string | null,
  assignee?: string,
) {
  const [row] = await t.deps.db
    .insert(issues)
    .values({
      title: `Issue ${key}`,
      description: 'A problem',
      studentId: ids[name]!,
      reporterId: await t.userId('DPM001'),
      assignedToId: assignee ? await t.userId(assignee) : null,
      status,
      resolutionNote: resolvedAt ? 'Sorted' : null,
      resolvedAt: resolvedAt ? at(resolvedAt) : null,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    })
    .returning({ id: issues.id });
  ids[key] = row!.id;
}

async function form(name: string, formDate: string, status: 'draft' | 'completed' | 'reviewed') {
  await t.deps.db.insert(forms).values({
    type: 'care_call',
    studentId: ids[name]!,
    formDate,
    status,
    authorId: await t.userId('PO001'),
    completedAt: status === 'draft' ? null : at(`${formDate}T12:00:00Z`),
  });
}

beforeAll(async () => {
  // Retention. A, B, E, F and H are PO001's; C, D and G PO002's.
  await student('A', 'PO001', 'enrolled', '2024-02-01');
  await student('B', 'PO001', 'discharged', '2024-09-01');
  await student('C', 'PO002', 'discharged', '2023-02-01');
  await student('D', 'PO002', 'enrolled', '2026-02-01');
  // No start date, created 31 December 22:30 UTC: 1 January 2026 in Lusaka, so it started this year.
  await student('E', 'PO001', 'enrolled', null, '2025-12-31T22:30:00Z');
  await student('F', 'PO001', 'graduated', '2022-02-01');
  await student('G', 'PO002', 'suspended', '2024-03-01');
  await student('H', 'PO001', 'enrolled', '2024-04-01');
  // A's creation entry names a status with nothing before it: not a change.
  await recordAudit(t.deps.db, {
    actor: { id: null, name: 'Test' },
    officerId: null,
    entityType: 'student',
    entityId: ids.A!,
    action: 'student.created',
    summary: 'A created',
    at: at('2025-03-01T08:00:00Z'),
    before: null,
    after: { program_status: 'enrolled' },
  });
  await statusChange('B', 'enrolled', 'discharged', '2026-02-10T08:00:00Z');
  await statusChange('C', 'enrolled', 'discharged', '2025-06-01T08:00:00Z');
  await statusChange('G', 'enrolled', 'suspended', '2026-01-20T08:00:00Z');
  await statusChange('H', 'enrolled', 'discharged', '2025-11-01T08:00:00Z');
  await statusChange('H', 'discharged', 'enrolled', '2026-02-01T08:00:00Z');

  // Allowances: February 2026 (payment day 25 February) and January 2026 (25 January).
  await allowance('A', 2, 2026, 'paid', '2026-02-20T08:00:00Z');
  // 22:30 UTC on 24 February is 00:30 on the 25th in Lusaka: paid on the payment day itself.
  await allowance('B', 2, 2026, 'paid', '2026-02-24T22:30:00Z');
  await allowance('C', 2, 2026, 'paid', '2026-02-26T08:00:00Z');
  await allowance('G', 2, 2026, 'approved');
  await allowance('F', 2, 2026, 'rejected');
  await allowance('H', 2, 2025, 'paid', '2025-02-10T08:00:00Z');
  await allowance('D', 3, 2026, 'pending_dpm');
  await allowance('A', 1, 2026, 'paid', '2026-01-10T08:00:00Z');
  await allowance('C', 1, 2026, 'pending_dpm');

  // Issues, all reported by DPM001 (so a program officer reaches them by student or assignment).
  await issue('i1', 'A', '2026-01-05T10:00:00Z', 'resolved', '2026-01-20T10:00:00Z');
  await issue('i2', 'B', '2026-01-10T10:00:00Z', 'closed', '2026-02-15T10:00:00Z');
  await issue('i3', 'C', '2026-02-01T10:00:00Z', 'open', null);
  await issue('i4', 'G', '2026-03-01T10:00:00Z', 'open', null);
  await issue('i5', 'A', '2026-03-10T10:00:00Z', 'resolved', '2026-03-12T10:00:00Z');
  // 21:59 UTC on 15 December is 23:59 in Lusaka: the last minute of the previous window.
  await issue('i6', 'A', '2025-12-15T21:59:00Z', 'resolved', '2025-12-20T10:00:00Z');
  // 22:00 UTC on 15 December is midnight of the 16th in Lusaka: the first of the current window.
  await issue('i7', 'C', '2025-12-15T22:00:00Z', 'resolved', '2026-01-10T10:00:00Z');
  // Resolved once, then reopened: the resolution was cleared.
  await issue('i8', 'B', '2025-10-01T10:00:00Z', 'open', null);
  await issue('i9', 'G', '2025-09-16T12:00:00Z', 'resolved', '2025-09-20T10:00:00Z');
  // PO002's student, assigned to PO001: both officers reach it.
  await issue('i10', 'C', '2026-02-20T10:00:00Z', 'resolved', '2026-02-22T10:00:00Z', 'PO001');

  // Forms, by their date.
  await form('A', '2026-01-05', 'draft');
  await form('A', '2026-02-01', 'completed');
  await form('C', '2026-03-15', 'reviewed');
  await form('G', '2025-12-16', 'completed');
  await form('B', '2025-12-15', 'draft');
  await form('B', '2025-09-17', 'completed');
  await form('B', '2025-09-16', 'completed');
});

async function metrics(as: string): Promise<Record<MetricKey, DashboardMetricsResponse['metrics'][number]>> {
  const res = await t.request('GET', '/api/dashboard/metrics', { token: tokens[as] });
  expect(res.status).toBe(200);
  const body = DashboardMetricsResponseSchema.parse(await res.json());
  return Object.fromEntries(body.metrics.map((m) => [m.key, m])) as Record<
    MetricKey,
    DashboardMetricsResponse['metrics'][number]
  >;
}

/** [counted, met, pending] of this period and the one before. */
const figures = (m: DashboardMetricsResponse['metrics'][number]) => [
  [m.current.counted, m.current.met, m.current.pending],
  [m.previous.counted, m.previous.met, m.previous.pending],
];

describe('GET /api/dashboard/metrics', () => {
  it('is for staff only', async () => {
    expect((await t.request('GET', '/api/dashboard/metrics')).status).toBe(401);
    for (const as of ['USR001', 'STU001']) {
      expect((await t.request('GET', '/api/dashboard/metrics', { token: tokens[as] })).status).toBe(403);
      const list = await t.request('GET', '/api/dashboard/metrics/nonsense', { token: tokens[as] });
      expect(list.status).toBe(403);
    }
  });

  it('states each period', async () => {
    const m = await metrics('ADM001');
    expect(m.student_retention.current).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-15',
      due_date: null,
    });
    expect(m.student_retention.previous).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    expect(m.allowance_on_time.current).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      due_date: '2026-02-25',
    });
    expect(m.allowance_on_time.previous).toMatchObject({ from: '2026-01-01', due_date: '2026-01-25' });
    expect(m.issue_resolution.current).toMatchObject({ from: '2025-12-16', to: '2026-03-15' });
    expect(m.issue_resolution.previous).toMatchObject({ from: '2025-09-17', to: '2025-12-15' });
    expect(m.form_completion.current).toMatchObject({ from: '2025-12-16', to: '2026-03-15' });
  });

  it('counts student retention for managers', async () => {
    for (const manager of ['ADM001', 'DPM001']) {
      const m = await metrics(manager);
      // 2026: enrolled on 1 January and started before it: A (still enrolled), B (discharged on
      // 10 February: missed), G (suspended since, not discharged). C was discharged in 2025; D and
      // E started in 2026; F had graduated; H was discharged on 1 January (re-enrolled later).
      // 2025: A, B (discharged only in 2026), C (discharged in June: missed), G, H (discharged in
      // November: missed). 2 of 3 = 67%, then 3 of 5.
      expect(figures(m.student_retention)).toEqual([
        [3, 2, 0],
        [5, 3, 0],
      ]);
    }
  });

  it('counts on-time allowances for managers', async () => {
    const m = await metrics('ADM001');
    // February 2026: A paid on the 20th and B on the 25th (on time); C paid on the 26th and G
    // approved but unpaid (late); F's was rejected (not due). H's was February 2025, D's March.
    // January 2026: A paid on the 10th; C's still waits (late).
    expect(figures(m.allowance_on_time)).toEqual([
      [4, 2, 0],
      [2, 1, 0],
    ]);
  });

  it('counts issues resolved within 30 days for managers', async () => {
    const m = await metrics('DPM001');
    // Current window: i1 (15 days), i5 (2 days), i7 (26 days), i10 (2 days) met; i2 (closed after
    // 36 days) and i3 (open, 42 days old) missed; i4 (open, 14 days old) pending.
    // Previous: i6 met, i8 (reopened, open) missed; i9 was reported before the window.
    expect(figures(m.issue_resolution)).toEqual([
      [6, 4, 1],
      [2, 1, 0],
    ]);
  });

  it('counts completed and reviewed forms for managers', async () => {
    const m = await metrics('ADM001');
    // Current: 5 Jan draft; 1 Feb completed, 15 Mar reviewed, 16 Dec completed. Previous: 15 Dec
    // draft, 17 Sep completed; 16 Sep is before the window.
    expect(figures(m.form_completion)).toEqual([
      [4, 3, 0],
      [2, 1, 0],
    ]);
  });

  it("counts only a program officer's own students and the issues they reach", async () => {
    const po1 = await metrics('PO001');
    expect(figures(po1.student_retention)).toEqual([
      [2, 1, 0], // A, B
      [3, 2, 0], // A, B, H
    ]);
    expect(figures(po1.allowance_on_time)).toEqual([
      [2, 2, 0], // A, B
      [1, 1, 0], // A
    ]);
    expect(figures(po1.issue_resolution)).toEqual([
      [4, 3, 0], // i1, i2, i5, and i10 assigned to them
      [2, 1, 0], // i6, i8
    ]);
    expect(figures(po1.form_completion)).toEqual([
      [2, 1, 0],
      [2, 1, 0],
    ]);

    const po2 = await metrics('PO002');
    expect(figures(po2.student_retention)).toEqual([
      [1, 1, 0], // G
      [2, 1, 0], // C, G
    ]);
    expect(figures(po2.allowance_on_time)).toEqual([
      [2, 0, 0], // C late, G unpaid
      [1, 0, 0], // C unpaid
    ]);
    expect(figures(po2.issue_resolution)).toEqual([
      [3, 2, 1], // i3 missed, i7 and i10 met, i4 pending
      [0, 0, 0], // i9 is before the window: no data
    ]);
    expect(figures(po2.form_completion)).toEqual([
      [2, 2, 0],
      [0, 0, 0],
    ]);
  });

  it('lists the records a metric counts, those that missed first, scoped like the figure', async () => {
    const res = await t.request('GET', '/api/dashboard/metrics/issue_resolution', { token: tokens.PO002 });
    expect(res.status).toBe(200);
    const body = MetricRecordsResponseSchema.parse(await res.json());
    expect(body).toMatchObject({ key: 'issue_resolution', period: 'current', total: 4 });
    expect(body.items.map((i) => [i.id, i.outcome, i.started, i.ended])).toEqual([
      [ids.i3, 'missed', '2026-02-01', null],
      [ids.i4, 'pending', '2026-03-01', null],
      [ids.i10, 'met', '2026-02-20', '2026-02-22'],
      [ids.i7, 'met', '2025-12-16', '2026-01-10'],
    ]);
    expect(body.items[0]).toMatchObject({ title: 'Issue i3', student_name: 'C Test', status: 'open' });

    const retention = MetricRecordsResponseSchema.parse(
      await (
        await t.request('GET', '/api/dashboard/metrics/student_retention?period=previous', {
          token: tokens.ADM001,
        })
      ).json(),
    );
    expect(retention.figure).toMatchObject({ counted: 5, met: 3 });
    expect(retention.items.map((i) => [i.title, i.outcome, i.earlier_status, i.status])).toEqual([
      ['H Test', 'missed', 'enrolled', 'discharged'],
      ['C Test', 'missed', 'enrolled', 'discharged'],
      ['B Test', 'met', 'enrolled', 'enrolled'],
      ['G Test', 'met', 'enrolled', 'enrolled'],
      ['A Test', 'met', 'enrolled', 'enrolled'],
    ]);
  });

  it('answers 400 for an unknown metric or period', async () => {
    const bad = await t.request('GET', '/api/dashboard/metrics/nonsense', { token: tokens.ADM001 });
    expect(bad.status).toBe(400);
    const period = await t.request('GET', '/api/dashboard/metrics/form_completion?period=later', {
      token: tokens.ADM001,
    });
    expect(period.status).toBe(400);
  });

  it('refuses a payment day that not every month has', async () => {
    const current = (await (await t.request('GET', '/api/settings', { token: tokens.ADM001 })).json()) as {
      version: number;
      settings: { general: Record<string, unknown> };
    };
    for (const day of [0, 29, 2.5, '25']) {
      const res = await t.request('PUT', '/api/settings', {
        token: tokens.ADM001,
        body: {
          version: current.version,
          settings: {
            ...current.settings,
            general: { ...current.settings.general, allowancePaymentDay: day },
          },
        },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain('Allowance payment day must be');
    }
    expect((await metrics('ADM001')).allowance_on_time.current.due_date).toBe('2026-02-25');
  });

  it("counts on time by System Settings' payment day", async () => {
    await putSettings(t, tokens.ADM001!, (s) => ({
      ...s,
      general: { ...s.general, allowancePaymentDay: 26 },
    }));
    const m = await metrics('ADM001');
    // C's payment on 26 February is now on time: 3 of 4.
    expect(m.allowance_on_time.current).toMatchObject({ due_date: '2026-02-26', counted: 4, met: 3 });
  });
});
