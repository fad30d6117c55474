import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, smsMessages, students, users } from '../../db/schema';
import { makeAllowance, makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { type SmsGatewaySim, startSmsGatewaySim } from '../../testing/sms-gateway-sim';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { queueStaffSmsSummaries } from '../notifications/notification-sms';
import { queueEventReminders } from './sms.service';
import { payAllowanceTo, simConfig, turnSmsOn } from './sms-test-kit';

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

describe("a student's one number", () => {
  const urgent = async (title: string) => {
    const res = await t.request('POST', '/api/announcements', {
      token: admin,
      body: { title, content: 'Read the notice board.', priority: 'urgent', target_audience: 'students' },
    });
    expect(res.status).toBe(201);
    const [text] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.body, `Urgent: ${title}. Read the notice board.\n- Student sponsorship`));
    return text!;
  };
  const giveRecordEmailAndNumber = (id: string, email: string, contactNumber: string | null) =>
    t.database.db.update(students).set({ email, contactNumber }).where(eq(students.id, id));

  it("is the student record's when usable, else the account's, and each text names both", async () => {
    admin = await t.signIn('ADM001');
    const [account] = await t.database.db.select().from(users).where(eq(users.id, studentId));
    const record = await makeStudent(t);
    await giveRecordEmailAndNumber(record.id, account!.email.toUpperCase(), '0966 123 456');
    expect(await urgent('Record number')).toMatchObject({
      toNumber: '+260966123456',
      userId: studentId,
      studentId: record.id,
    });

    await giveRecordEmailAndNumber(record.id, account!.email, 'none');
    expect(await urgent('Account number')).toMatchObject({
      toNumber: '+260971230555',
      userId: studentId,
      studentId: record.id,
    });

    // The allowance paid message follows the same rule, from the record's side.
    await t.database.db.update(users).set({ phoneNumber: '0977 000 111' }).where(eq(users.id, studentId));
    const paid = await payAllowanceTo(t, admin, null);
    await giveRecordEmailAndNumber(paid.studentId, 'someone.else@example.org', null);
    const [unreachable] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.studentId, paid.studentId));
    expect(unreachable).toMatchObject({ toNumber: null, status: 'failed', userId: null });
    const id = await makeAllowance(t, record, { stage: 'approved', month: 'March', monthNumber: 3 });
    const pay = await t.request('POST', `/api/allowances/${id}/pay`, {
      token: admin,
      body: { expected_stage: 'approved' },
    });
    expect(pay.status).toBe(200);
    const [allowanceText] = await t.database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.dedupeKey, `allowance_paid:${id}`));
    expect(allowanceText).toMatchObject({
      toNumber: '+260977000111',
      userId: studentId,
      studentId: record.id,
    });

    // Two records with the account's email: neither is the account's (D11).
    await giveRecordEmailAndNumber(record.id, account!.email, '0966 123 456');
    const twin = await makeStudent(t);
    await giveRecordEmailAndNumber(twin.id, account!.email, '0966 999 888');
    expect(await urgent('Two records')).toMatchObject({
      toNumber: '+260977000111',
      userId: studentId,
      studentId: null,
    });
    await t.database.db.delete(students).where(eq(students.id, twin.id));
    await t.database.db.update(users).set({ phoneNumber: '0971 230 555' }).where(eq(users.id, studentId));
  });
});
