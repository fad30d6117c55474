import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-env';
import { notificationDigests, users } from '../../db/schema';
import { notificationDigestEmail } from '../../mail/templates';
import { inProgrammeZone, programmeDate, programmeHour } from '../../programme-time';
import { currentSettings, mailSite } from '../settings/settings.service';
import { notificationsFor } from './notifications.service';

/** The digest goes out from this hour of the Lusaka morning (docs/product.md D8: "today" is Lusaka). */
export const DIGEST_HOUR = 7;

/** Items listed per area in the email; the count says how many more wait. */
const ITEMS_PER_AREA = 10;

/**
 * One pass of the daily email (docs/product.md D16): from DIGEST_HOUR on, every active account
 * with the email on and something waiting gets one email for the Lusaka day. The day is
 * claimed by inserting (user, day) into notification_digests before sending, so processes running
 * this at once never both send; a send that fails gives the claim back for the next pass. A
 * process that dies between claim and send leaves that day without an email: at most one a day
 * is the promise. Returns how many emails were sent.
 */
export async function sendNotificationDigests(deps: AppDeps): Promise<number> {
  const settings = await currentSettings(deps.db);
  // The Email notifications switch off (D16): nothing to claim or send today.
  if (!settings.notifications.emailNotifications) return 0;
  // The morning and the day are the programme's, in the zone System Settings give (D13).
  return inProgrammeZone(
    settings.general.timezone,
    () => sendDigestsOfToday(deps),
    settings.general.dateFormat,
  );
}

async function sendDigestsOfToday(deps: AppDeps): Promise<number> {
  const now = deps.clock.now();
  if (programmeHour(now) < DIGEST_HOUR) return 0;
  const day = programmeDate(now);
  const recipients = await deps.db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        eq(users.emailDigest, true),
        notExists(
          deps.db
            .select({ one: sql`1` })
            .from(notificationDigests)
            .where(and(eq(notificationDigests.userId, users.id), eq(notificationDigests.digestDate, day))),
        ),
      ),
    );
  const site = await mailSite(deps);
  let sent = 0;
  for (const recipient of recipients) {
    const waiting = await notificationsFor(deps, recipient, 'email');
    if (waiting.count === 0) continue;
    const claimed = await deps.db
      .insert(notificationDigests)
      .values({ userId: recipient.id, digestDate: day, itemCount: waiting.count, createdAt: now })
      .onConflictDoNothing()
      .returning({ userId: notificationDigests.userId });
    if (claimed.length === 0) continue;
    const groups = waiting.groups.map((g) => ({ ...g, items: g.items.slice(0, ITEMS_PER_AREA) }));
    try {
      await deps.mailer.send(
        notificationDigestEmail(recipient.email, recipient.name, site, waiting.count, groups),
      );
    } catch (error) {
      deps.logger.error('daily digest not sent; the next pass tries again', {
        userId: recipient.id,
        error: (error as Error).message,
      });
      await deps.db
        .delete(notificationDigests)
        .where(
          and(
            eq(notificationDigests.userId, recipient.id),
            eq(notificationDigests.digestDate, day),
            isNull(notificationDigests.sentAt),
          ),
        );
      continue;
    }
    await deps.db
      .update(notificationDigests)
      .set({ sentAt: deps.clock.now() })
      .where(and(eq(notificationDigests.userId, recipient.id), eq(notificationDigests.digestDate, day)));
    sent += 1;
  }
  return sent;
}
