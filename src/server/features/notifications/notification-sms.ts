import { and, eq, ne, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-env';
import { smsMessages, users } from '../../db/schema';
import { inProgrammeZone, programmeDate, programmeHour } from '../../programme-time';
import { currentSettings } from '../settings/settings.service';
import { queueSms, smsOn } from '../sms/sms.service';
import { DIGEST_HOUR } from './notification-digest';
import { notificationsFor } from './notifications.service';

/**
 * The staff's morning text (docs/product.md D16): from DIGEST_HOUR, each active staff member who
 * chose it and has something waiting gets one message for the programme day, saying how many
 * wait in each area. Its dedupe key (user, day) makes it one a day however many processes run this.
 */
export async function queueStaffSmsSummaries(deps: AppDeps): Promise<number> {
  const settings = await currentSettings(deps.db);
  if (!smsOn(deps.config, settings) || !settings.notifications.smsDailySummary) return 0;
  return inProgrammeZone(settings.general.timezone, async () => {
    const now = deps.clock.now();
    if (programmeHour(now) < DIGEST_HOUR) return 0;
    const day = programmeDate(now);
    const chosen = await deps.db
      .select({ id: users.id, role: users.role, phone: users.phoneNumber })
      .from(users)
      .where(
        and(
          eq(users.isActive, true),
          eq(users.smsDigest, true),
          ne(users.role, 'student'),
          // Already queued today: not counted again.
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(smsMessages)
              .where(eq(smsMessages.dedupeKey, sql`'staff_summary:' || ${users.id} || ':' || ${day}`)),
          ),
        ),
      );
    let queued = 0;
    for (const user of chosen) {
      const waiting = await notificationsFor(deps, user, 'sms');
      if (waiting.count === 0) continue;
      const parts = waiting.groups.map((g) => `${g.count} ${g.label}`).join(', ');
      await queueSms(
        deps.db,
        deps.config,
        settings,
        {
          kind: 'staff_summary',
          dedupeKey: `staff_summary:${user.id}:${day}`,
          rawNumber: user.phone,
          userId: user.id,
          body: `Waiting for you today: ${parts}.`,
        },
        now,
      );
      queued++;
    }
    return queued;
  });
}
