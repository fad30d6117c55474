import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, smsMessages, users } from '../../db/schema';
import { makeAllowance, makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { type SmsGatewaySim, startSmsGatewaySim } from '../../testing/sms-gateway-sim';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { queueStaffSmsSummaries } from '../notifications/notification-sms';
import { queueEventReminders } from './sms.service';
import { simConfig, turnSmsOn } from './sms-test-kit';

let t: TestContext;
let sim: SmsGatewaySim;
let admin: string;
let studentId: string;

const messagesTo = (userId: string, kind: (typeof smsMessages.$inferSelect)['kind']) =>
  t.database.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.userId, userId))
    .then((rows) => rows.filter((r) => r.kind === kind));

beforeAll(async () => {
  sim = await startSmsGatewaySim({});
  t = await createTestContext({ sms: simConfig(sim) });
  t.clock.set(new Date('2026-03-16T08:00:00Z'));
  admin = await t.signIn('ADM001');
  await turnSmsOn(t, admin);
  studentId = await t.userId('STU001');
  await t.database.db.update(users).set({ phoneNumber: '0971 230 555' }).where(eq(users.id, studentId));
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});

async function eventOn(date: string, status = 'upcoming') {
  const [event] = await t.database.db
    .insert(events)
    .values({
      title: `Career day ${date}`,
      description: 'Meet employers',
      date,
      time: '10:00',
      startsAt: new Date(`${date}T08:00:00Z`),
      location: 'Lusaka Hall',
      organizerName: 'Grace',
      registrationDeadline: new Date(`${date}T06:00:00Z`),
      status,
    })
    .returning();
  await t.database.db.insert(eventRegistrations).values({ eventId: event!.id, userId: studentId });
  return event!;
}

describe('the day-before event reminder', () => {
  it('is queued once for each registered student of tomorrow’s events, in the date format', async () => {
    const tomorrow = await eventOn('2026-03-17');
    await eventOn('2026-03-18');
    await eventOn('2026-03-17', 'cancelled');
    await queueEventReminders(t.deps);
    await queueEventReminders(t.deps);
    const reminders = await messagesTo(studentId, 'event_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ toNumber: '+260971230555', status: 'queued' });
    expect(reminders[0]!.body).toBe(
      `Reminder: ${tomorrow.title} is tomorrow, 17/03/2026 at 10:00 at Lusaka Hall.\n- Student sponsorship`,
    );
  });
});

describe('the urgent announcement', () => {
  const publish = (priority: string, audience: string) =>
    t.request('POST', '/api/announcements', {
      token: admin,
      body: {
        title: `Closure ${priority} ${audience}`,
        content: 'The office is closed today.',
        priority,
        target_audience: audience,
      },
    });

  it('texts each student when published for students, once, and nothing else does', async () => {
    expect((await publish('high', 'students')).status).toBe(201);
    expect((await publish('urgent', 'officers')).status).toBe(201);
    expect(await messagesTo(studentId, 'urgent_announcement')).toHaveLength(0);
    const res = await publish('urgent', 'students');
    expect(res.status).toBe(201);
    const texts = await messagesTo(studentId, 'urgent_announcement');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toBe(
      'Urgent: Closure urgent students. The office is closed today.\n- Student sponsorship',
    );
    // Edited, it is not sent again.
    const { id } = (await res.json()) as { id: string };
    const edit = await t.request('PUT', `/api/announcements/${id}`, {
      token: admin,
      body: {
        title: 'Closure urgent students',
        content: 'Closed until Monday.',
        priority: 'urgent',
        target_audience: 'students',
      },
    });
    expect(edit.status).toBe(200);
    expect(await messagesTo(studentId, 'urgent_announcement')).toHaveLength(1);
  });
});

describe("the staff's morning text", () => {
  it('is chosen by staff only while SMS and its daily summary are on', async () => {
    const dpm = await t.signIn('DPM001');
    const bell = await (await t.request('GET', '/api/notifications', { token: dpm })).json();
    expect(bell).toMatchObject({ sms_digest: false, sms_digest_available: true });
    const student = await t.signIn('STU001');
    const refused = await t.request('PUT', '/api/notifications/sms-digest', {
      token: student,
      body: { sms_digest: true },
    });
    expect(refused.status).toBe(403);
    await putSettings(t, admin, (s) => ({
      ...s,
      notifications: { ...s.notifications, smsDailySummary: false },
    }));
    const off = await t.request('PUT', '/api/notifications/sms-digest', {
      token: dpm,
      body: { sms_digest: true },
    });
    expect(off.status).toBe(409);
    await putSettings(t, admin, (s) => ({
      ...s,
      notifications: { ...s.notifications, smsDailySummary: true },
    }));
    const on = await t.request('PUT', '/api/notifications/sms-digest', {
      token: dpm,
      body: { sms_digest: true },
    });
    expect(await on.json()).toEqual({ sms_digest: true });
  });

  it('goes once a programme day, from 07:00, to those who chose it with something waiting', async () => {
    const dpmId = await t.userId('DPM001');
    await t.database.db.update(users).set({ phoneNumber: '+260971230666' }).where(eq(users.id, dpmId));
    await makeAllowance(t, await makeStudent(t), { stage: 'pending_dpm' });
    t.clock.set(new Date('2026-03-17T04:30:00Z')); // 06:30 in Lusaka
    expect(await queueStaffSmsSummaries(t.deps)).toBe(0);
    t.clock.set(new Date('2026-03-17T05:00:00Z'));
    expect(await queueStaffSmsSummaries(t.deps)).toBe(1);
    expect(await queueStaffSmsSummaries(t.deps)).toBe(0);
    const texts = await messagesTo(dpmId, 'staff_summary');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toMatch(/^Waiting for you today: 1 Allowances[^\n]*\.\n- Student sponsorship$/);
    // Officers who did not choose it get none.
    expect(await messagesTo(await t.userId('PO001'), 'staff_summary')).toHaveLength(0);
  });
});
