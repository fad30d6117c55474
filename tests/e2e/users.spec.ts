import type { Page } from '@playwright/test';
import {
  expect,
  latestEmailTo,
  linkIn,
  signedInPages,
  signIn,
  test,
  unique,
  waitForToastsToGo,
} from './support/fixtures';

/**
 * User Management (/users) on real accounts: a deputy manager reads and filters the directory;
 * an admin grants a newcomer's role request, deactivates an account (refused at sign-in), and
 * invites a user who sets their own password from the email.
 */

const as = signedInPages();

/** Registers an account through the API asking for `role`, and verifies it from the email. */
async function registered(page: Page, role: string) {
  const staffId = unique('NEW');
  const email = `${staffId.toLowerCase()}@example.org`;
  const name = unique('Newcomer ');
  const res = await page.request.post('/api/staff-auth/register', {
    data: { staffId, email, name, password: 'Newcomer#2026', role },
  });
  expect(res.status()).toBe(201);
  const link = linkIn(await latestEmailTo(email), '/verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await page.request.post('/api/staff-auth/verify-email', { data: { token } })).status()).toBe(200);
  return { staffId, email, name };
}

test('a deputy manager searches and filters the directory, and reads details, without admin actions', async ({
  browser,
}) => {
  const dpm = await as(browser, 'DPM001');
  await dpm.goto('/users');
  await expect(dpm.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await expect(dpm.getByText('Manage system users and permissions')).toBeVisible();
  await expect(dpm.getByRole('button', { name: 'Add User' })).toHaveCount(0);

  await dpm.getByRole('searchbox', { name: 'Search users' }).fill('Tembo');
  const card = dpm.getByRole('article', { name: 'Bupe Tembo' });
  await expect(card).toBeVisible();
  await expect(dpm.getByRole('article')).toHaveCount(1);
  await expect(card.getByRole('button', { name: /Deactivate|Change role/ })).toHaveCount(0);

  await dpm.getByRole('searchbox', { name: 'Search users' }).fill('');
  await dpm.getByLabel('Status', { exact: true }).selectOption('inactive');
  await expect(dpm.getByRole('article', { name: 'Musonda Kapata' })).toBeVisible();
  await expect(dpm.getByRole('article', { name: 'Bupe Tembo' })).toHaveCount(0);
  await dpm.getByLabel('Status', { exact: true }).selectOption('');
  await dpm.getByLabel('Role', { exact: true }).selectOption('student');
  await expect(dpm.getByRole('article', { name: 'Natasha Banda' })).toBeVisible();
  await expect(dpm.getByRole('article', { name: 'Bupe Tembo' })).toHaveCount(0);

  await dpm.getByRole('button', { name: 'View details of Natasha Banda' }).click();
  const details = dpm.getByRole('dialog', { name: 'User Details' });
  await expect(details.getByRole('region', { name: 'Personal Information' })).toContainText('+260964663098');
  await expect(details.getByRole('region', { name: /Permissions \(\d+\)/ })).toContainText(
    'Read the dashboard, announcements, events and the library',
  );
  // Refused by the server too, not only hidden.
  const id = new URL(dpm.url()).searchParams.get('open');
  if (id) expect((await dpm.request.post(`/api/users/${id}/deactivate`)).status()).toBe(403);
});

test('a newcomer asks for program_officer at registration; the admin grants it and the newcomer reaches /students', async ({
  browser,
  page,
}) => {
  const newcomer = await registered(page, 'program_officer');
  await signIn(page, newcomer.staffId, 'Newcomer#2026');
  await page.goto('/students');
  await expect(page.getByText('Access Denied')).toBeVisible();

  const admin = await as(browser, 'ADM001');
  await admin.goto('/users');
  await admin.getByRole('button', { name: /Manage Roles/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Manage Roles' });
  const request = dialog.getByRole('article', { name: newcomer.name });
  await expect(request).toContainText('Program Officer');
  await request.getByLabel('Note (optional)').fill('Welcome to the team');
  await request.getByRole('button', { name: 'Grant' }).click();
  await expect(
    admin.getByText(`Granted: ${newcomer.name} is now Program Officer.`, { exact: true }),
  ).toBeVisible();
  await expect(request).toHaveCount(0);

  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  const mail = await latestEmailTo(newcomer.email, (m) => m.includes('granted'));
  expect(mail).toContain('Welcome to the team');
});

test('the admin deactivates an account after confirming; its session ends and its sign-in says Account Inactive', async ({
  browser,
  page,
}) => {
  const account = await registered(page, 'user');
  await signIn(page, account.staffId, 'Newcomer#2026');

  const admin = await as(browser, 'ADM001');
  await admin.goto('/users');
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(account.staffId);
  await admin.getByRole('button', { name: `Deactivate ${account.name}` }).click();
  const confirm = admin.getByRole('alertdialog').or(admin.getByRole('dialog', { name: 'Deactivate user' }));
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  const card = admin.getByRole('article', { name: account.name });
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

  // The open session is gone: the next page load signs the user out.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/staff-login');
  await page.getByLabel('Staff ID').fill(account.staffId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Newcomer#2026');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Account Inactive')).toBeVisible();
  await expect(
    page.getByText('Your account has been deactivated. Please contact an administrator for assistance.'),
  ).toBeVisible();
});

test('the admin invites a user, who sets a password from the email and signs in', async ({
  browser,
  page,
}) => {
  const admin = await as(browser, 'ADM001');
  const staffId = unique('INV');
  const email = `${staffId.toLowerCase()}@example.org`;
  const name = unique('Invited Officer ');
  await admin.goto('/users');
  await admin.getByRole('button', { name: 'Add User' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Staff ID').fill(staffId);
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption('program_officer');
  await dialog.getByRole('button', { name: /Add User|Send Invitation|Invite/ }).click();
  await expect(
    admin.getByText('Invitation sent. They will choose their own password from the email.'),
  ).toBeVisible();
  await waitForToastsToGo(admin);
  await admin.getByRole('searchbox', { name: 'Search users' }).fill(staffId);
  await expect(admin.getByRole('article', { name })).toContainText('Invitation pending');

  await page.goto(linkIn(await latestEmailTo(email), '/accept-invitation'));
  await expect(page.getByRole('heading', { name: 'Set Your Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('Chosen#Pass2026');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Chosen#Pass2026');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Your password is set. You can now log in.')).toBeVisible();
  await signIn(page, staffId, 'Chosen#Pass2026');
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
});

test('a user edits their own profile and asks for a role from it', async ({ browser }) => {
  const user = await as(browser, 'USR001');
  await user.getByRole('link', { name: /My Profile/ }).click();
  await expect(user.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  const address = unique('Plot ');
  await user.getByLabel('Address').fill(address);
  await user.getByRole('button', { name: 'Save Changes' }).click();
  await expect(user.getByText('Profile updated.', { exact: true })).toBeVisible();
  await user.reload();
  await expect(user.getByLabel('Address')).toHaveValue(address);
});
