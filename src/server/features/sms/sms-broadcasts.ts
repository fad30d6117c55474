import { and, eq, ne } from 'drizzle-orm';
import { dayAsWritten } from '../../../domain/dates';
import type { AppDeps } from '../../app-env';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { type announcements, eventRegistrations, events, students, users } from '../../db/schema';
import { inProgrammeZone, programmeDate } from '../../programme-time';
import { currentSettings } from '../settings/settings.service';
import { queueSms, smsOn } from './sms-outbox';
import { recordOfAccount, studentNumber } from './sms-recipients';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An urgent announcement for students (audience students or all) queues one text to each active
 * student account, at the student's number (sms-recipients.ts), in the transaction that publishes
 * (or makes urgent) the announcement; once per announcement and student, however often it is
 * edited.
 */
export async function queueUrgentAnnouncementSms(
  tx: DbOrTx,
  config: Config,
  announcement: typeof announcements.$inferSelect,
  now: Date,
): Promise<void> {
  if (config.sms === null || announcement.priority !== 'urgent' || !announcement.isActive) return;
  if (announcement.targetAudience !== 'students' && announcement.targetAudience !== 'all') return;
  const settings = await currentSettings(tx);
  if (!smsOn(config, settings) || !settings.notifications.smsUrgentAnnouncements) return;
  const recipients = await tx
    .select({
      id: users.id,
      accountNumber: users.phoneNumber,
      studentId: students.id,
      recordNumber: students.contactNumber,
    })
    .from(users)
    .leftJoin(students, recordOfAccount)
    .where(and(eq(users.role, 'student'), eq(users.isActive, true)));
  for (const r of recipients)
    await queueSms(
      tx,
      config,
      settings,
      {
        kind: 'urgent_announcement',
        dedupeKey: `urgent_announcement:${announcement.id}:${r.id}`,
        rawNumber: studentNumber(r.recordNumber, r.accountNumber),
        userId: r.id,
        studentId: r.studentId,
        body: `Urgent: ${announcement.title}. ${announcement.content}`,
      },
      now,
    );
}

/**
 * The day before an event, a reminder to each student registered for it, at the student's number
 * (sms-recipients.ts). Run by every process's scheduled pass (main.ts): the dedupe key makes it one
 * message per event and student, however many passes run.
 */
export async function queueEventReminders(deps: AppDeps): Promise<number> {
  if (deps.config.sms === null) return 0;
  const settings = await currentSettings(deps.db);
  if (!smsOn(deps.config, settings) || !settings.notifications.smsEventReminders) return 0;
  return inProgrammeZone(settings.general.timezone, async () => {
    const now = deps.clock.now();
    const tomorrow = programmeDate(new Date(now.getTime() + ONE_DAY_MS));
    const rows = await deps.db
      .select({
        event: events,
        userId: users.id,
        accountNumber: users.phoneNumber,
        studentId: students.id,
        recordNumber: students.contactNumber,
      })
      .from(events)
      .innerJoin(eventRegistrations, eq(eventRegistrations.eventId, events.id))
      .innerJoin(users, eq(users.id, eventRegistrations.userId))
      .leftJoin(students, recordOfAccount)
      .where(
        and(
          eq(events.date, tomorrow),
          ne(events.status, 'cancelled'),
          eq(users.role, 'student'),
          eq(users.isActive, true),
        ),
      );
    for (const { event, userId, accountNumber, studentId, recordNumber } of rows) {
      const where = event.isVirtual ? 'online' : event.location ? `at ${event.location}` : '';
      await queueSms(
        deps.db,
        deps.config,
        settings,
        {
          kind: 'event_reminder',
          dedupeKey: `event_reminder:${event.id}:${userId}`,
          rawNumber: studentNumber(recordNumber, accountNumber),
          userId,
          studentId,
          body: `Reminder: ${event.title} is tomorrow, ${dayAsWritten(event.date, settings.general.dateFormat)} at ${event.time} ${where}.`.replace(
            ' .',
            '.',
          ),
        },
        now,
      );
    }
    return rows.length;
  });
}
