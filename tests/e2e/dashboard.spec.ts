import type { Page } from '@playwright/test';
import { expect, LUSAKA_YEAR, signIn, test } from './support/fixtures';

/** Collects the page's console errors and uncaught exceptions, to assert none happened. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const METRICS = [
  'Student Retention Rate',
  'On-time Allowance Distribution',
  'Issue Resolution Rate',
  'Form Completion Rate',
];

test.describe('the staff dashboard', () => {
  test('an admin sees the six cards, charts with tables, and live performance metrics', async ({ page }) => {
    const errors = consoleErrors(page);
    await signIn(page, 'ADM001');
    await expect(page.getByText('System Overview Dashboard')).toBeVisible();
    const cards = page.getByRole('region', { name: 'Key figures' });
    for (const label of [
      'Total Students',
      'University',
      'College/Diploma',
      'Launch Year',
      'Awaiting Your Decision',
      'Paid This Month',
    ])
      await expect(cards.getByText(label, { exact: true })).toBeVisible();

    // Each chart has an accessible name and a table of the same numbers.
    await expect(page.getByRole('img', { name: /^Students by category:/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Student progress by year\./ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Monthly allowances over 12 months\./ })).toBeVisible();
    const toggles = page.getByRole('button', { name: 'Show as table' });
    await expect(toggles).toHaveCount(3);
    await toggles.first().click();
    await expect(toggles.first()).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByRole('table', { name: 'Students by category' });
    await expect(table.getByRole('rowheader', { name: 'University' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Students by category:/ })).toHaveCount(0);
    await toggles.first().click();
    await expect(page.getByRole('img', { name: /^Students by category:/ })).toBeVisible();

    // The metrics: real figures, each defined in a tooltip a keyboard reaches.
    const panel = page.getByRole('region', { name: 'Performance metrics' });
    for (const name of METRICS) await expect(panel.getByRole('heading', { name })).toBeVisible();
    await expect(panel.getByText('96%')).toHaveCount(0);
    await panel.getByRole('button', { name: 'What Issue Resolution Rate counts' }).focus();
    await expect(page.getByRole('tooltip')).toContainText('resolved or closed within 30 days');
    await page.keyboard.press('Escape');

    // A figure opens the records it counts, which agree with it.
    await panel.getByRole('link', { name: /^Issue Resolution Rate: .*Show the records it counts$/ }).click();
    await expect(page).toHaveURL(/[?&]metric=issue_resolution/);
    const dialog = page.getByRole('dialog', { name: 'Issue Resolution Rate: the records it counts' });
    await expect(dialog).toBeVisible();
    const summary = dialog.locator('p[aria-live]');
    await expect(summary).toContainText(/(\d+ of \d+ issues?|No data yet)/);
    const text = (await summary.textContent()) ?? '';
    const counted = /(\d+) of (\d+) issue/.exec(text);
    if (counted) {
      const rows = dialog.getByRole('table', { name: 'Records counted by Issue Resolution Rate' });
      await expect(rows.getByText('Within 30 days', { exact: true })).toHaveCount(Number(counted[1]));
    }
    await dialog.getByRole('button', { name: 'The period before' }).click();
    await expect(page).toHaveURL(/period=previous/);
    await dialog.getByRole('link', { name: /^Open Issue Tracker/ }).click();
    await expect(page).toHaveURL(/\/issues$/);
    await expect(page.getByRole('heading', { name: 'Issue Tracker' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a deputy manager sees the management dashboard with its metrics', async ({ page }) => {
    const errors = consoleErrors(page);
    await signIn(page, 'DPM001');
    await expect(page.getByText('Management Dashboard')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Performance metrics' });
    for (const name of METRICS) await expect(panel.getByRole('heading', { name })).toBeVisible();
    await panel.getByRole('link', { name: /^On-time Allowance Distribution:/ }).click();
    const dialog = page.getByRole('dialog', { name: /^On-time Allowance Distribution/ });
    await expect(dialog).toContainText('payment day');
    await dialog.getByRole('link', { name: /^Open Allowances/ }).click();
    await expect(page).toHaveURL(/\/allowances\?q=[A-Z][a-z]+$/);
    expect(errors).toEqual([]);
  });

  test("a program officer's figures count only their own students", async ({ page }) => {
    const errors = consoleErrors(page);
    await signIn(page, 'PO001');
    await expect(page.getByText('Your Students Dashboard')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Performance metrics' })).toBeVisible();
    await expect(page.getByText('Your students', { exact: true })).toBeVisible();
    // The card and the student list count the same students, fewer than the whole programme.
    const total = async () => {
      const [dashboard, list] = await Promise.all([
        page.request.get('/api/dashboard').then((r) => r.json()),
        page.request.get('/api/students?pageSize=1').then((r) => r.json()),
      ]);
      return [dashboard.student_counts.total, list.total];
    };
    // Tests in the other worker may add students for PO001 meanwhile: the figures are read again
    // and the screen reloaded until both say the same.
    await expect(async () => {
      const [mine, listed] = await total();
      expect(mine).toBe(listed);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Key figures' }).getByText(String(mine))).not.toHaveCount(
        0,
        { timeout: 5_000 },
      );
    }).toPass();
    expect(errors).toEqual([]);
  });
});

test.describe('the dashboard of an account without a staff role', () => {
  test('a student sees their record, allowances paid, yearbook entry, events and announcements', async ({
    page,
  }) => {
    const errors = consoleErrors(page);
    await signIn(page, 'STU001');
    await expect(page.getByText('Your Academic Progress')).toBeVisible();
    await expect(page.getByText('Role: Student')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your student record' })).toBeVisible();
    const record = page.locator('dl');
    await expect(record.getByText('Natasha Banda')).toBeVisible();
    await expect(record.getByText('Graduated')).toBeVisible();
    for (const heading of [
      'Allowances paid to you',
      'Your yearbook entry',
      'Upcoming events',
      'Latest announcements',
    ])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    // The demo student's entry waits for review in this year's yearbook, a draft.
    await expect(page.getByText(`Class of ${LUSAKA_YEAR}`)).toBeVisible();
    await expect(page.getByText(/staff access/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Performance metrics' })).toHaveCount(0);
    await expect(page.getByText('Total Students')).toHaveCount(0);
    // The server refuses the programme's figures whatever the screen shows.
    for (const path of [
      '/api/dashboard',
      '/api/dashboard/metrics',
      '/api/dashboard/metrics/student_retention',
    ])
      expect((await page.request.get(path)).status()).toBe(403);
    expect(errors).toEqual([]);
  });

  test('a user account sees its role, events and announcements, and no student data', async ({ page }) => {
    const errors = consoleErrors(page);
    await signIn(page, 'USR001');
    await expect(page.getByText('Role: User')).toBeVisible();
    await expect(page.getByText(/An administrator can give your account a staff role/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Latest announcements' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your student record' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Allowances paid to you' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Performance metrics' })).toHaveCount(0);
    for (const path of ['/api/dashboard', '/api/dashboard/metrics'])
      expect((await page.request.get(path)).status()).toBe(403);
    const mine = await (await page.request.get('/api/dashboard/mine')).json();
    expect(mine).toMatchObject({ student: null, allowances: [], yearbook_entries: [] });
    expect(errors).toEqual([]);
  });
});

test.describe('navigation', () => {
  test('every area has a link; one the user may not use says so at its own address', async ({ page }) => {
    await signIn(page, 'PO001');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Students', 'Tasks', 'Issues', 'Library', 'Events', 'Corporate', 'User Management'])
      await expect(sidebar.getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'User Management', exact: true }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByText('Access Denied')).toBeVisible();
    await expect(page.getByText('Required role: Deputy Manager', { exact: false })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a deputy manager also sees Yearbook Admin and Stories Admin, and no Settings link, which only admins may open', async ({
    page,
  }) => {
    await signIn(page, 'DPM001');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Yearbook Admin', 'Stories Admin'])
      await expect(sidebar.getByRole('link', { name: link, exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
    // Typed in, the address still answers with what it needs.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(/Required role: admin/i)).toBeVisible();
  });
});
