import { eq } from 'drizzle-orm';
import type { NotificationsResponse } from '../../../contracts/notifications';
import { isStaffRole } from '../../../domain/roles';
import type { AppDeps, SessionUser } from '../../app-env';
import type { NotificationSource, Recipient } from '../../area-sources';
import { users } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { allowanceNotifications } from '../allowances/allowances.service';
import { announcementNotifications } from '../announcements/announcements.service';
import { recordAudit } from '../audit/audit.service';
import { issueNotifications } from '../case-work/issues.service';
import { taskNotifications } from '../case-work/tasks.service';
import { eventNotifications } from '../events/events.service';
import { formNotifications } from '../forms-files/form-sources.service';
import { storyNotifications } from '../impact-stories/impact-stories.service';
import { currentSettings } from '../settings/settings.service';
import { smsNotifications, smsOn } from '../sms/sms.service';

import { roleRequestNotifications } from '../users/role-requests.service';
import { yearbookEntryNotifications } from '../yearbook/yearbook-entries.service';

/**
 * Every area that puts something in the bell (docs/product.md D16). A new area declares its
 * NotificationSource in its service file and adds it here.
 */
const NOTIFICATION_SOURCES: readonly NotificationSource[] = [
  allowanceNotifications,
  yearbookEntryNotifications,
  storyNotifications,
  taskNotifications,
  issueNotifications,
  formNotifications,
  announcementNotifications,
  eventNotifications,
  roleRequestNotifications,
  smsNotifications,
];

/**
 * What waits for the user in every area, the areas with nothing left out: for the bell, or for the
 * daily email (where an area may list less, see NotificationSource.digest). The System Settings
 * switches decide at each call: the bell (push) or email channel off answers nothing, and an
 * area's own switch off leaves it out (D16).
 */
export async function notificationsFor(
  deps: AppDeps,
  user: Recipient,
  purpose: 'bell' | 'email' | 'sms' = 'bell',
): Promise<Pick<NotificationsResponse, 'count' | 'groups'>> {
  const { notifications: switches } = await currentSettings(deps.db);
  // The morning text's own switches are checked where it is queued (notification-sms.ts).
  const channelOn =
    purpose === 'bell'
      ? switches.pushNotifications
      : purpose === 'email'
        ? switches.emailNotifications
        : true;
  if (!channelOn) return { count: 0, groups: [] };
  const parts = NOTIFICATION_SOURCES.filter((source) => !source.switch || switches[source.switch]).map(
    (source) => (purpose !== 'bell' && source.digest ? { area: source.area, ...source.digest } : source),
  );
  const answers = await Promise.all(parts.map((part) => part.waitingFor(deps, user)));
  const groups = parts
    .map((source, i) => ({
      area: source.area,
      label: source.label,
      ...answers[i]!,
    }))
    .filter((group) => group.count > 0);
  return { count: groups.reduce((sum, g) => sum + g.count, 0), groups };
}

/** Whether the user gets the daily email of what waits for them. */
export async function emailDigestOf(deps: AppDeps, userId: string): Promise<boolean> {
  const [row] = await deps.db.select({ on: users.emailDigest }).from(users).where(eq(users.id, userId));
  return row?.on ?? false;
}

/** Turns the user's daily email on or off, recorded in the audit trail like any account change. */
export async function setEmailDigest(deps: AppDeps, user: SessionUser, on: boolean): Promise<boolean> {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ email_digest: users.emailDigest })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!before || before.email_digest === on) return;
    await tx.update(users).set({ emailDigest: on }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actor: { id: user.id, name: user.name },
      officerId: null,
      entityType: 'account',
      entityId: user.id,
      action: 'account.email_digest_changed',
      summary: `${user.name} turned the daily email ${on ? 'on' : 'off'}`,
      at: deps.clock.now(),
      before,
      after: { email_digest: on },
    });
  });
  return on;
}

/** Whether staff may choose the morning text: a gateway, and SMS and its daily summary on. */
export async function smsDigestAvailable(deps: AppDeps, role: string): Promise<boolean> {
  if (!isStaffRole(role)) return false;
  const settings = await currentSettings(deps.db);
  return smsOn(deps.config, settings) && settings.notifications.smsDailySummary;
}

/** The user's choice of the morning text, and whether it can be chosen now. */
export async function smsDigestOf(deps: AppDeps, user: Recipient) {
  const [[row], available] = await Promise.all([
    deps.db.select({ on: users.smsDigest }).from(users).where(eq(users.id, user.id)),
    smsDigestAvailable(deps, user.role),
  ]);
  return { sms_digest: row?.on ?? false, sms_digest_available: available };
}

export const SMS_DIGEST_UNAVAILABLE = 'The daily text message is off in System Settings.';

/** Turns the staff member's morning text on or off (refused while it cannot be sent), audited. */
export async function setSmsDigest(deps: AppDeps, user: SessionUser, on: boolean): Promise<boolean> {
  if (!isStaffRole(user.role)) throw forbidden();
  if (on && !(await smsDigestAvailable(deps, user.role))) throw conflict(SMS_DIGEST_UNAVAILABLE);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ sms_digest: users.smsDigest })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!before || before.sms_digest === on) return;
    await tx.update(users).set({ smsDigest: on }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actor: { id: user.id, name: user.name },
      officerId: null,
      entityType: 'account',
      entityId: user.id,
      action: 'account.sms_digest_changed',
      summary: `${user.name} turned the daily text message ${on ? 'on' : 'off'}`,
      at: deps.clock.now(),
      before,
      after: { sms_digest: on },
    });
  });
  return on;
}
