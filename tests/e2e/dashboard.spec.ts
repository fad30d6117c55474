import { expect, signIn, test } from './support/fixtures';

test.describe('the dashboard of an account without a staff role', () => {
  test('a student sees their own record and their role, not a note about staff access', async ({ page }) => {
    await signIn(page, 'STU001');
    await expect(page.getByText('Your Academic Progress')).toBeVisible();
    await expect(page.getByText('Role: Student')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your student record' })).toBeVisible();
    const record = page.locator('dl');
    await expect(record.getByText('Natasha Banda')).toBeVisible();
    await expect(record.getByText('Graduated')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your allowances' })).toBeVisible();
    await expect(page.getByText(/staff access/)).toHaveCount(0);
  });

  test('a user account sees its role and how to get staff access, and no student data', async ({ page }) => {
    await signIn(page, 'USR001');
    await expect(page.getByText('Role: User')).toBeVisible();
    await expect(page.getByText(/An administrator can give your account a staff role/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your student record' })).toHaveCount(0);
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

  test('a deputy manager also sees Yearbook Admin, Stories Admin and Settings, which only admins may open', async ({
    page,
  }) => {
    await signIn(page, 'DPM001');
    for (const link of ['Yearbook Admin', 'Stories Admin', 'Settings'])
      await expect(page.getByRole('link', { name: link, exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText(/Required role: admin/i)).toBeVisible();
  });
});
