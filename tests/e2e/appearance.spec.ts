import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, typeDate } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * System Settings' General and Appearance choices on every screen (docs/product.md D13). They are
 * one document for the whole app, so this file runs its own server (base + 11) and database: the
 * specs beside it on the shared server never see a dark theme or another date format.
 */
test.describe.configure({ mode: 'serial' });

const { origin: ORIGIN } = ownServerForThisFile(11, 'appearance');
test.use({ baseURL: ORIGIN });

/** Changes System Settings through the API, as the Settings screen does (GET for the version, then PUT). */
async function changeSettings(
  admin: Page,
  change: (settings: Record<string, Record<string, unknown>>) => void,
) {
  const current = await admin.request.get('/api/settings');
  expect(current.ok(), await current.text()).toBe(true);
  const { version, settings } = await current.json();
  change(settings);
  const saved = await admin.request.put('/api/settings', { data: { version, settings } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The relative luminance (0 black to 1 white) of the page's background, whatever colour syntax the CSS uses. */
function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

async function signedIn(browser: Browser, staffId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, staffId);
  return page;
}

test('the system theme reaches everyone, and each user may choose their own', async ({ browser }) => {
  const admin = await signedIn(browser, 'ADM001');
  expect(await isDark(admin)).toBe(false);
  expect(await backgroundLuminance(admin)).toBeGreaterThan(0.8);

  await changeSettings(admin, (s) => {
    s.appearance!.theme = 'dark';
  });
  await admin.reload();
  await expect(admin.locator('html')).toHaveClass(/\bdark\b/);
  expect(await backgroundLuminance(admin)).toBeLessThan(0.05);

  const officer = await signedIn(browser, 'PO001');
  await expect(officer.locator('html')).toHaveClass(/\bdark\b/);
  expect(await backgroundLuminance(officer)).toBeLessThan(0.05);

  // The officer's own choice, from the top bar: at once, and still after a reload.
  await officer.getByRole('button', { name: 'Theme' }).click();
  await expect(officer.getByRole('menuitemradio', { name: 'System default (Dark)' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await officer.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(officer.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await backgroundLuminance(officer)).toBeGreaterThan(0.8);
  await expect
    .poll(async () => (await (await officer.request.get('/api/me/preferences')).json()).theme_preference)
    .toBe('light');
  await officer.reload();
  await expect(officer.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await isDark(officer)).toBe(false);

  // Only for the officer: the admin still follows the system's dark theme.
  await admin.reload();
  await expect(admin.locator('html')).toHaveClass(/\bdark\b/);

  await admin.context().close();
  await officer.context().close();
});

test('names, date format, compact mode, sidebar and primary colour apply on every screen', async ({
  browser,
}) => {
  const admin = await signedIn(browser, 'ADM001');
  await admin.goto('/activity-log');
  const firstWhen = admin.getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstWhen).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // Date fields are typed in the same format, not the browser's.
  await expect(admin.getByLabel('From')).toHaveAttribute('placeholder', 'DD/MM/YYYY');

  await changeSettings(admin, (s) => {
    s.appearance!.theme = 'light';
    s.general!.systemName = 'Bursary Desk';
    s.general!.organizationName = 'Kafue Trust';
    s.general!.dateFormat = 'YYYY-MM-DD';
    s.appearance!.compactMode = true;
    s.appearance!.sidebarCollapsed = true;
    s.appearance!.primaryColor = '#7c3aed';
  });
  await admin.reload();
  await expect(firstWhen).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  const from = admin.getByLabel('From');
  await expect(from).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await typeDate(from, '2026-01-15', 'YYYY-MM-DD');
  await from.blur();
  await expect(admin).toHaveURL(/from=2026-01-15/);
  await expect(from).toHaveValue('2026-01-15');
  await expect(admin).toHaveTitle('Activity Log · Bursary Desk');
  await expect(admin.locator('html')).toHaveClass(/\bcompact\b/);
  expect(await admin.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('15px');
  // White reads on #7c3aed at 5.7:1, so the colour is used as chosen.
  expect(await admin.evaluate(() => document.documentElement.style.getPropertyValue('--color-primary'))).toBe(
    '#7c3aed',
  );
  // Collapsed by default, the sidebar shows icons only; the toggle still opens it.
  const toggle = admin.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(admin.getByText('Kafue Trust')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(admin.getByRole('complementary', { name: 'Sidebar' }).getByText('Bursary Desk')).toBeVisible();
  await expect(admin.getByText('Kafue Trust')).toBeVisible();

  // Another screen, another user: the same format (an event's date on /events).
  const officer = await signedIn(browser, 'PO001');
  await officer.goto('/events');
  await expect(officer.getByText(/\b\d{4}-\d{2}-\d{2} at \d{2}:\d{2}\b/).first()).toBeVisible();
  await expect(officer.getByText(/\b\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2}\b/)).toHaveCount(0);

  // Signed out, the sign-in screens carry the system's name too.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/staff-login');
  await expect(visitor.getByText('Bursary Desk')).toBeVisible();
  await expect(visitor).toHaveTitle('Bursary Desk');

  const reset = await admin.request.post('/api/settings/reset', { data: {} });
  expect(reset.ok(), await reset.text()).toBe(true);
  await admin.reload();
  await expect(firstWhen).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expect(admin.locator('html')).not.toHaveClass(/\bcompact\b/);

  for (const page of [admin, officer, visitor]) await page.context().close();
});
