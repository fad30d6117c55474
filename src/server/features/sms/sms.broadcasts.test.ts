import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations, events, smsMessages, users } from '../../db/schema';
import { type SmsGatewaySim, startSmsGatewaySim } from '../../testing/sms-gateway-sim';
import { createTestContext, type TestContext } from '../../testing/test-app';
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
