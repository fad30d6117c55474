import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * System Settings on the screen, as ADM001 would use them (docs/product.md D13, D19): a change on
 * one tab reaches another account at once, Reset to Defaults brings the defaults back, and a
 * backup made here is restored from the list. A restore ends every session, so this file runs its
 * own server (base + 12) and database.
 */
test.describe.configure({ mode: 'serial' });

const { origin: ORIGIN } = ownServerForThisFile(12, 'settings');
test.use({ baseURL: ORIGIN });

async function signedIn(browser: Browser, staffId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staffId);
  return page;
}

async function openSettingsTab(admin: Page, tab: string) {
  await admin.goto('/settings');
  await admin.getByRole('tab', { name: tab }).click();
}

async function saveChanges(admin: Page) {
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByText('Unsaved changes')).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
}

const newPasswordHint = (page: Page) =>
  page.getByRole('form', { name: 'Change Password' }).getByText(/^At least \d+ characters/);

test('a deputy manager and a program officer are refused the settings by the API too', async ({
  browser,
}) => {
  for (const staffId of ['DPM001', 'PO001']) {
    const page = await signedIn(browser, staffId);
    expect((await page.request.get('/api/settings')).status()).toBe(403);
    expect((await page.request.post('/api/settings/reset', { data: {} })).status()).toBe(403);
    expect((await page.request.get('/api/backups')).status()).toBe(403);
    expect((await page.request.post('/api/backups')).status()).toBe(403);
    await page.context().close();
  }
});

test('changes made on the screen reach another account at once, and Reset to Defaults undoes them', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'ADM001');
  const officer = await signedIn(browser, 'PO001');
  await officer.goto('/account');
  await expect(newPasswordHint(officer)).toHaveText(/^At least 8 characters/);

  // Security: a longer minimum, and the officer's password field states it and the server holds to it.
  await openSettingsTab(admin, 'Security');
  await admin.getByLabel('Minimum password length').fill('14');
  await expect(admin.getByText('Unsaved changes')).toBeVisible();
  await saveChanges(admin);
  await officer.reload();
  await expect(newPasswordHint(officer)).toHaveText(/^At least 14 characters/);
  const passwordForm = officer.getByRole('form', { name: 'Change Password' });
  await passwordForm.getByLabel('Current Password').fill('Demo#2026');
  await passwordForm.getByLabel('New Password', { exact: true }).fill('Secret#Pass12');
  await passwordForm.getByLabel('Confirm New Password').fill('Secret#Pass12');
  await passwordForm.getByRole('button', { name: 'Change Password' }).click();
  await expect(passwordForm.getByText('Password must be at least 14 characters long')).toBeVisible();
  const short = await officer.request.post('/api/me/password', {
    data: { current_password: 'Demo#2026', new_password: 'Secret#Pass12' },
  });
  expect(short.status()).toBe(400);

  // General: the system name, in the officer's sidebar and page title.
  await openSettingsTab(admin, 'General');
  await admin.getByLabel('System name').fill('Bursary Desk');
  await saveChanges(admin);
  await officer.goto('/dashboard');
  await expect(
    officer.getByRole('complementary', { name: 'Sidebar' }).getByText('Bursary Desk'),
  ).toBeVisible();
  await expect(officer).toHaveTitle(/Bursary Desk/);

  // Notifications: with the bell switched off it lists nothing, for anyone.
  const deputy = await signedIn(browser, 'DPM001');
  await expect(deputy.getByRole('button', { name: /^Notifications, (\d+|99\+) waiting$/ })).toBeVisible();
  await openSettingsTab(admin, 'Notifications');
  await admin.getByRole('switch', { name: 'Push notifications' }).click();
  await saveChanges(admin);
  await deputy.reload();
  await expect(deputy.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await deputy.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(deputy.getByText('Nothing is waiting for you.')).toBeVisible();

  // Reset to Defaults asks first, then everything is back for everyone.
  await admin.getByRole('button', { name: 'Reset to Defaults' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Reset to Defaults?' });
  await confirm.getByRole('button', { name: 'Reset to Defaults' }).click();
  await expect(confirm).toHaveCount(0);
  await admin.getByRole('tab', { name: 'Security' }).click();
  await expect(admin.getByLabel('Minimum password length')).toHaveValue('8');
  await officer.goto('/account');
  await expect(newPasswordHint(officer)).toHaveText(/^At least 8 characters/);
  await expect(officer.getByRole('complementary', { name: 'Sidebar' }).getByText('Bursary Desk')).toHaveCount(
    0,
  );
  await deputy.reload();
  await expect(deputy.getByRole('button', { name: /^Notifications, (\d+|99\+) waiting$/ })).toBeVisible();
  for (const page of [admin, officer, deputy]) await page.context().close();
});

test('a backup made on the screen is listed, and restoring it brings the data back and signs everyone out', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, 'ADM001');
  const officer = await signedIn(browser, 'PO001');
  const listBackups = async () =>
    ((await (await admin.request.get('/api/backups')).json()) as { items: { id: string; kind: string }[] })
      .items;
  // A new server has already made its first automatic backup.
  const before = await listBackups();
  await openSettingsTab(admin, 'Backup & Data');
  await expect(admin.getByText(/^Last backup: /)).toBeVisible();
  await admin.getByRole('button', { name: 'Create Backup Now' }).click();
  await expect(admin.getByText('Backup created.')).toBeVisible();
  const made = (await listBackups()).filter((b) => !before.some((was) => was.id === b.id));
  expect(made.map((b) => b.kind)).toEqual(['manual']);
  await expect(admin.getByRole('button', { name: /^Restore/ })).toHaveCount(before.length + 2);

  // A change after the backup, which the restore takes away again.
  await openSettingsTab(admin, 'General');
  await admin.getByLabel('Organisation name').fill('Changed After The Backup');
  await saveChanges(admin);

  await openSettingsTab(admin, 'Backup & Data');
  await admin.getByRole('button', { name: 'Restore from Backup' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Restore from Backup' });
  await dialog.getByLabel('Backup', { exact: true }).selectOption(made[0]!.id);
  const restore = dialog.getByRole('button', { name: 'Restore', exact: true });
  await expect(restore).toBeDisabled();
  await dialog.getByRole('textbox', { name: /RESTORE/ }).fill('restore');
  await expect(restore).toBeDisabled();
  await dialog.getByRole('textbox', { name: /RESTORE/ }).fill('RESTORE');
  await restore.click();

  // Signed out here, and everywhere else.
  await expect(admin).toHaveURL(/login/, { timeout: 60_000 });
  expect((await officer.request.get('/api/me')).status()).toBe(401);

  await signIn(admin, 'ADM001');
  const after = await (await admin.request.get('/api/settings')).json();
  expect(after.settings.general.organizationName).not.toBe('Changed After The Backup');
  for (const page of [admin, officer]) await page.context().close();
});
