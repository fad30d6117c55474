import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * The installable app (issue 48 item 1): after one signed-in visit the app opens with no network,
 * the API is never answered from a cache, and a new version is offered, never forced. The other
 * specs block service workers (playwright.config.ts); this one allows them, on its own server
 * (base + 17) serving its own copy of the build, so that it can deploy "a new version" (a changed
 * sw.js) without touching what the other specs are served.
 */
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow' });

let webDir = '';
const { origin: ORIGIN } = ownServerForThisFile(17, 'offline-app', () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'chl-offline-app-web-'));
  cpSync('dist/web', webDir, { recursive: true });
  return { WEB_DIR: webDir };
});
test.use({ baseURL: ORIGIN });
test.afterAll(() => {
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

/**
 * Until the app's worker has installed (the whole app precached) and activated: registered a few
 * seconds after the page loads (src/web/app/app-update/start.ts), with the manifest's link.
 */
async function workerActivated(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      // The whole app is downloaded first: slower on CI's busy machine.
      { timeout: process.env.CI ? 60_000 : 30_000 },
    )
    .toBe('activated');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
}

/** What a request from the page gets: its status, or 'network error' when nothing answered. */
function requestFromPage(page: Page, url: string, method: 'GET' | 'POST', body?: unknown) {
  return page.evaluate(
    async ({ url, method, body }) => {
      try {
        const res = await fetch(url, {
          method,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return res.status;
      } catch {
        return 'network error';
      }
    },
    { url, method, body },
  );
}

test('after one signed-in visit the app opens offline, signed in, and the API is never answered from a cache', async ({
  page,
  context,
}) => {
  await signIn(page, 'PO001');
  await workerActivated(page);
  // Read once online: a worker that kept API answers would have this one now.
  expect(await requestFromPage(page, '/api/session', 'GET')).toBe(200);

  await context.setOffline(true);
  const opened = await page.reload();
  // The worker answered the navigation with the cached app, not the browser's offline page.
  expect(opened?.fromServiceWorker()).toBe(true);
  // The signed-in frame, as the account last signed in here (the session cannot be checked).
  await expect(page.getByRole('link', { name: 'Students', exact: true })).toBeVisible();
  // Another screen's address opens too, from the worker: every page's code is in the precache.
  const students = await page.goto('/students');
  expect(students?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();

  expect(await requestFromPage(page, '/api/session', 'GET')).toBe('network error');
  const write = await requestFromPage(page, '/api/tasks', 'POST', { title: 'Written offline' });
  expect(write).toBe('network error');
});

test('a new version is offered, held while a screen has unsaved changes, and loaded only on Reload', async ({
  page,
}) => {
  await signIn(page, 'ADM001');
  await workerActivated(page);
  // Controlled by the worker from the next navigation on: a newer one then has to wait for it.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // System Settings with a change not saved (its leave guard registers it as unsaved work).
  await page.goto('/settings');
  const systemName = page.getByLabel('System name');
  await systemName.fill('Bursary Desk');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const sameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
  const waitingState = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? 'none');

  // A new version deployed: the worker script changes (its compressed copies are left out).
  for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(webDir, copy), { force: true });
  appendFileSync(path.join(webDir, 'sw.js'), '\n// the next version\n');
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });

  const prompt = page.getByRole('region', { name: 'App update' });
  await expect(prompt.getByRole('status')).toHaveText('A new version is ready');
  // Waiting, not taken over: the same document, the change still there.
  expect(await waitingState()).toBe('installed');
  expect(await sameDocument()).toBe(true);
  await expect(systemName).toHaveValue('Bursary Desk');

  // Reload with the change unsaved: held, nothing reloaded.
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(prompt.getByRole('status')).toHaveText('Save or discard your changes first, then Reload.');
  expect(await waitingState()).toBe('installed');
  expect(await sameDocument()).toBe(true);
  await expect(systemName).toHaveValue('Bursary Desk');

  // Off that screen, Reload (from the keyboard) moves to the new version and reloads the page.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Playwright's DevTools attachment can keep the old worker from ever counting as idle, and
  // Chromium activates a worker that skipped waiting only once the old one is (or after five
  // minutes): stopped now, as a browser stops an idle worker, it holds nothing up.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('ServiceWorker.enable');
  await devtools.send('ServiceWorker.stopAllWorkers');
  await prompt.getByRole('button', { name: 'Reload' }).focus();
  const reloaded = page.waitForEvent('load');
  await page.keyboard.press('Enter');
  await reloaded;
  expect(await sameDocument()).toBeUndefined();
  await expect(prompt).toBeHidden();
  expect(await waitingState()).toBe('none');
});
