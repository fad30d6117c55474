import type { Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';

/**
 * Every built screen, signed out and signed in, with each kind of account: axe-core finds no
 * serious or critical accessibility violation (its default rules), and the browser console stays quiet.
 */

/** Console errors and failed requests the page logs while the test runs. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('every screen is accessible and logs no errors', () => {
  // Up to thirteen axe scans of whole pages in one test: on a loaded two-core CI machine each takes
  // several seconds, and the default minute ran out (twice, at 60 s, in CI).
  test.describe.configure({ timeout: 180_000 });

  test('signed out: login, staff login, forgot password', async ({ page }) => {
    const errors = watchConsole(page);
    for (const path of ['/login', '/staff-login', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, path);
    }
    expect(errors).toEqual([]);
  });

  test('an admin: dashboard, the bell, search, students, profiles, allowances, corporate, their dialogs and the activity log', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page, 'ADM001');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    // The figures and charts arrive just after the welcome: scan them too.
    await expect(page.getByRole('img', { name: /^Students by category:/ })).toBeVisible();
    await expectAccessible(page, 'dashboard');

    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('region').first(),
    ).toBeVisible();
    await expectAccessible(page, 'the bell');
    await page.keyboard.press('Escape');
    // Closing, the popover hands the focus back to the bell: let it, before the shortcut takes it.
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();
    // The bell takes the focus back once the popover has gone, which is not always at once: a
    // search typed before it did lost its focus to the bell and closed its results (once in CI).
    await expect(page.getByRole('button', { name: /^Notifications/ })).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox', { name: 'Search' })).toBeFocused();
    await page.keyboard.type('mw');
    await expect(
      page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first(),
    ).toBeVisible();
    await expectAccessible(page, 'search results');
    await page.keyboard.press('Escape');

    await page.getByRole('navigation').getByRole('link', { name: 'Students', exact: true }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'students');
    await page.getByRole('button', { name: 'Add Student' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'add student dialog');
    await page.keyboard.press('Escape');

    await page.goto('/profiles');
    await expect(page.getByRole('button', { name: /View/ }).first()).toBeVisible();
    await expectAccessible(page, 'student profiles');

    await page.goto('/allowances');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'allowances');
    await page
      .getByRole('button', { name: /view details/i })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'allowance details dialog');
    await page.getByRole('dialog').getByRole('tab', { name: 'History' }).click();
    // The demo seed writes each demo allowance's trail, so its history lists its steps.
    await expect(page.getByRole('dialog').getByRole('list', { name: 'History' })).toBeVisible();
    await expectAccessible(page, 'allowance history tab');
    await page.keyboard.press('Escape');

    await page.goto('/corporate');
    await expect(page.getByRole('list', { name: 'Landlords' })).toBeVisible();
    await expectAccessible(page, 'corporate collaborations');
    await page.getByRole('button', { name: 'Add Landlord' }).click();
    await expect(page.getByRole('form', { name: 'Add New Landlord' })).toBeVisible();
    await expectAccessible(page, 'add landlord form');

    await page.goto('/activity-log');
    await expect(page.getByRole('table', { name: 'Activity Log' })).toBeVisible();
    await expectAccessible(page, 'activity log');
    expect(errors).toEqual([]);
  });

  test('a program officer: the task board and list, the task form, the issues and an issue with its thread', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page, 'PO001');
    await page.goto('/tasks');
    await expect(
      page
        .getByRole('region', { name: /^To Do/ })
        .getByRole('article')
        .first(),
    ).toBeVisible();
    await expectAccessible(page, 'task board');
    await page.getByRole('button', { name: 'Add Task' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Task' })).toBeVisible();
    await expectAccessible(page, 'add task dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('table', { name: 'Tasks' })).toBeVisible();
    await expectAccessible(page, 'task list');
    await page.goto('/issues?status=resolved');
    await page.getByRole('table', { name: 'Issues' }).getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: /^Comments/ })).toBeVisible();
    await expectAccessible(page, 'issue detail');
    expect(errors).toEqual([]);
  });

  test('a program officer and a deputy manager: forms, a form, the new form, files and a preview', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page, 'PO001');
    await page.goto('/forms');
    await expect(page.getByRole('table', { name: /Forms/ })).toBeVisible();
    await expectAccessible(page, 'forms');
    await page.getByRole('button', { name: 'New Form' }).click();
    await page
      .getByRole('dialog', { name: 'New Form' })
      .getByRole('button', { name: /Care Call/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'New Care Call' })).toBeVisible();
    await expectAccessible(page, 'new care call');
    await page.keyboard.press('Escape');
    await page.goto('/files');
    await expect(page.getByRole('table', { name: 'Files' })).toBeVisible();
    await expectAccessible(page, 'files');
    await page
      .getByRole('button', { name: /^View .*\.png$/ })
      .first()
      .click();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
    await expectAccessible(page, 'file preview');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Upload Files' }).click();
    await expect(page.getByRole('dialog', { name: 'Upload Files' })).toBeVisible();
    await expectAccessible(page, 'upload files');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /log ?out/i }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'DPM001');
    await page.goto('/forms?status=completed');
    await page.getByRole('table', { name: /Forms/ }).getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Review' })).toBeVisible();
    await expectAccessible(page, 'a completed form');
    expect(errors).toEqual([]);
  });

  test('a student and an officer: announcements, one read in full, the new announcement form, events, the library', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page, 'STU001');
    await page.goto('/announcements');
    await expect(page.getByRole('list', { name: 'Announcement list' })).toBeVisible();
    await expectAccessible(page, 'announcements');
    await page
      .getByRole('button', { name: /^Read More/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'an announcement read in full');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /log ?out/i }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'PO001');
    await page.goto('/announcements');
    await page.getByRole('button', { name: 'New Announcement' }).click();
    await expect(page.getByRole('dialog', { name: 'New Announcement' })).toBeVisible();
    await expectAccessible(page, 'new announcement');
    await page.keyboard.press('Escape');
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Excel Beyond Events' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: /^(Register|Cancel Registration): / }).first(),
    ).toBeVisible();
    await expectAccessible(page, 'events grid');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
    await expectAccessible(page, 'create event');
    await page.keyboard.press('Escape');
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: 'Students Library' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'library');
    await page
      .getByRole('button', { name: /^Read Now: / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'a book open');
    expect(errors).toEqual([]);
  });

  test("an admin: User Management, a user's details, Manage Roles, Add User; a user: My Profile", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await signIn(page, 'ADM001');
    await page.goto('/users');
    await expect(page.getByRole('list', { name: 'User list' })).toBeVisible();
    await expectAccessible(page, 'User Management');
    await page.getByRole('button', { name: 'View details of Bupe Tembo' }).click();
    await expect(page.getByRole('dialog', { name: 'User Details' })).toBeVisible();
    await expectAccessible(page, 'User Details');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Manage Roles/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Manage Roles' }).getByRole('list', { name: 'Roles' }),
    ).toBeVisible();
    await expectAccessible(page, 'Manage Roles');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    await expectAccessible(page, 'Add User');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /log ?out/i }).click();
    await signIn(page, 'USR001');
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('Address')).toBeVisible();
    await expectAccessible(page, 'My Profile');
    expect(errors).toEqual([]);
  });

  test('a program officer, a user and a student: their dashboards and Access Denied', async ({ page }) => {
    const errors = watchConsole(page);
    for (const staffId of ['PO001', 'USR001', 'STU001']) {
      await signIn(page, staffId);
      // A program officer's figures and charts arrive just after the welcome: scan them too.
      if (staffId === 'PO001')
        await expect(page.getByRole('img', { name: /^Students by category:/ })).toBeVisible();
      await expectAccessible(page, `${staffId} dashboard`);
      await page.goto('/students');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await expectAccessible(page, `${staffId} students`);
      await page.getByRole('button', { name: /log ?out/i }).click();
      await expect(page).toHaveURL(/\/login$/);
    }
    expect(errors).toEqual([]);
  });
});
