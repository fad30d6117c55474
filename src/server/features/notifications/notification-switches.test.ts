import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../contracts/notifications';
import type { SettingsResponse } from '../../../contracts/settings';
import type { SystemSettings } from '../../../domain/settings';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { fileTestContext } from '../../testing/test-file';
import { sendNotificationDigests } from './notification-digest';

/* The System Settings notification switches decide what the bell and the daily email carry (D16). */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001'],
  clockAt: new Date('2026-03-16T08:00:00Z'),
});

const bellAreas = async (as: string) => {
  const res = await t.request('GET', '/api/notifications', { token: tokens[as] });
  expect(res.status).toBe(200);
  return (await json<NotificationsResponse>(res)).groups.map((g) => g.area);
};

/** Saves the settings with some notification switches changed, as ADM001 would on the screen. */
function setSwitches(changes: Partial<SystemSettings['notifications']>) {
  return putSettings(t, tokens.ADM001!, (settings) => ({
    ...settings,
    notifications: { ...settings.notifications, ...changes },
  }));
}

beforeAll(async () => {
  const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await makeAllowance(t, student, { stage: 'pending_dpm', month: 'March', monthNumber: 3 });
  const announced = await t.request('POST', '/api/announcements', {
    token: tokens.ADM001,
    body: { title: 'Term dates', content: 'Term starts on Monday.', priority: 'urgent' },
  });
  expect(announced.status, await announced.clone().text()).toBe(201);
});

describe('the notification switches of System Settings', () => {
  it('with every switch on, the bell carries allowances and announcements', async () => {
    expect(await bellAreas('DPM001')).toEqual(expect.arrayContaining(['allowances', 'announcements']));
  });

  it('allowance reminders off leaves allowances out of the bell at once; on brings them back', async () => {
    await setSwitches({ allowanceReminders: false });
    const areas = await bellAreas('DPM001');
    expect(areas).not.toContain('allowances');
    expect(areas).toContain('announcements');
    await setSwitches({ allowanceReminders: true });
    expect(await bellAreas('DPM001')).toContain('allowances');
  });

  it('system updates off leaves announcements and events out', async () => {
    await setSwitches({ systemUpdates: false });
    const areas = await bellAreas('DPM001');
    expect(areas).not.toContain('announcements');
    expect(areas).toContain('allowances');
    await setSwitches({ systemUpdates: true });
  });

  it('push notifications off empties the bell for everyone', async () => {
    await setSwitches({ pushNotifications: false });
    expect(await bellAreas('DPM001')).toEqual([]);
    expect(await bellAreas('ADM001')).toEqual([]);
    await setSwitches({ pushNotifications: true });
  });

  it('email notifications off sends no daily email; on again, the next pass sends it', async () => {
    // 10:00 in Lusaka: the digest's hour has come.
    await setSwitches({ emailNotifications: false });
    expect(await sendNotificationDigests(t.deps)).toBe(0);
    expect(t.mailer.countTo('dpm001@demo.chl.org.zm')).toBe(0);
    await setSwitches({ emailNotifications: true });
    expect(await sendNotificationDigests(t.deps)).toBeGreaterThan(0);
    const mail = t.mailer.lastTo('dpm001@demo.chl.org.zm');
    expect(mail?.text).toContain('Allowances awaiting your decision');
  });

  it('signs the email with the names System Settings give', async () => {
    const current = await json<SettingsResponse>(
      await t.request('GET', '/api/settings', { token: tokens.ADM001 }),
    );
    const general = {
      ...current.settings.general,
      systemName: 'Sponsor Desk',
      organizationName: 'Lusaka Trust',
    };
    await t.request('PUT', '/api/settings', {
      token: tokens.ADM001,
      body: { version: current.version, settings: { ...current.settings, general } },
    });
    // The next morning: a new day's digest (the sessions above have gone idle by then).
    t.clock.set(new Date('2026-03-17T06:00:00Z'));
    await sendNotificationDigests(t.deps);
    const mail = t.mailer.lastTo('dpm001@demo.chl.org.zm');
    expect(mail?.subject).toMatch(/in Sponsor Desk$/);
    expect(mail?.text).toContain('Sponsor Desk · Lusaka Trust');
  });

  it('counts the digest morning in the time zone the settings give', async () => {
    t.clock.set(new Date('2026-03-18T05:30:00Z'));
    const admin = await t.signIn('ADM001');
    const current = await json<SettingsResponse>(await t.request('GET', '/api/settings', { token: admin }));
    const general = { ...current.settings.general, timezone: 'UTC' };
    const saved = await t.request('PUT', '/api/settings', {
      token: admin,
      body: { version: current.version, settings: { ...current.settings, general } },
    });
    expect(saved.status).toBe(200);
    // 07:30 in Lusaka but 05:30 in UTC: not yet morning for the programme.
    expect(await sendNotificationDigests(t.deps)).toBe(0);
    t.clock.set(new Date('2026-03-18T07:00:00Z'));
    expect(await sendNotificationDigests(t.deps)).toBeGreaterThan(0);
  });
});
