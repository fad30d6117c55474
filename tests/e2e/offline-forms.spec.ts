import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { DEMO_PASSWORD, expect, signIn, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Forms filled in without signal (issue 48 items 2-4, 7 and 9) on a phone-sized window: drafts kept
 * on the phone through a reload and a browser restart, the outbox sent exactly once when the
 * network is back, a lost acknowledgement and a 401 losing nothing, a photo arriving once, changes
 * to other fields merged and to the same field chosen, Tasks and Students as the phone keeps them. Its own
 * server (base + 19), as offline-app.spec.ts, since the app's worker is allowed here.
 */
test.describe.configure({ mode: 'serial' });
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

const { origin: ORIGIN } = ownServerForThisFile(19, 'offline-forms');
test.use({ baseURL: ORIGIN });

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

const syncState = (page: Page) => page.getByRole('status', { name: 'Sync' });

/** Until the app's worker is active and controls the page: then it opens with no network. */
async function workerInControl(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? 'none'),
      { timeout: 60_000 },
    )
    .toBe('activated');
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Signs in ticking "Remember me", so that the session outlives a browser restart. */
async function signInRemembered(page: Page, staffId: string) {
  await page.goto('/staff-login');
  await page.getByLabel('Staff ID').fill(staffId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The first of the officer's own students, by name (what the phone keeps for them). */
async function ownStudent(page: Page): Promise<string> {
  const answer = await page.request.get('/api/students?pageSize=1&sort=name_asc');
  return ((await answer.json()) as { items: Array<{ full_name: string }> }).items[0]?.full_name ?? '';
}

async function formsNamed(page: Page, marker: string) {
  const answer = await page.request.get(`/api/forms?q=${encodeURIComponent(marker)}`);
  return ((await answer.json()) as { items: Array<{ id: string; status: string; photo_ids: string[] }> })
    .items;
}

/** A new home visit for `student`, its People present saying `marker`. */
async function startHomeVisit(page: Page, student: string, marker: string) {
  await page.getByRole('button', { name: 'New Form' }).click();
  await page
    .getByRole('dialog', { name: 'New Form' })
    .getByRole('button', { name: /Home Visit/ })
    .click();
  const form = page.getByRole('dialog', { name: 'New Home Visit' });
  await form.getByRole('combobox', { name: 'Student' }).fill(student.slice(0, 4));
  await form.getByRole('option').filter({ hasText: student }).first().click();
  await form.getByLabel(/People present/).fill(marker);
  return form;
}

async function completeVisit(form: ReturnType<Page['getByRole']>) {
  await form.getByLabel(/Living conditions/).fill('A two-room house with a tin roof');
  await form.getByLabel(/Follow-up actions/).fill('Visit again next term');
  await form.getByRole('button', { name: 'Complete Form' }).click();
}

/** A camera-sized picture made in the page (3,000 x 2,000 px), as the photo input receives it. */
async function cameraPhoto(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#2a7';
      context.fillRect(0, 0, 3000, 2000);
    }
    return canvas.toDataURL('image/png');
  });
  return {
    name: 'visit.png',
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
  };
}

test('a home visit with a photo, filled in offline, survives a reload and a browser restart and arrives once', async () => {
  test.setTimeout(240_000);
  const profile = mkdtempSync(path.join(tmpdir(), 'chl-offline-forms-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: LAUNCH_ARGS,
      baseURL: ORIGIN,
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    });
  let context: BrowserContext = await launch();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    // The draft is kept on the phone, so a reload must not ask "leave page?" (accepted if it does,
    // and counted: the test then fails rather than hangs).
    const leaveAsked: string[] = [];
    page.on('dialog', (dialog) => {
      leaveAsked.push(dialog.type());
      void dialog.accept();
    });
    await signInRemembered(page, 'PO001');
    await workerInControl(page);
    await expect(syncState(page)).toHaveText('All changes synced');
    const student = await ownStudent(page);
    const marker = `Offline visit ${Date.now()}`;

    await page.goto('/forms');
    await context.setOffline(true);
    await expect(syncState(page)).toContainText('Offline');
    const form = await startHomeVisit(page, student, marker);
    await form.getByLabel('Add photo').setInputFiles(await cameraPhoto(page));
    await expect(form.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
    // Kept within half a second of the change.
    await page.waitForTimeout(600);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Continue your draft' })).toBeVisible();
    expect(leaveAsked).toEqual([]);

    await context.close();
    context = await launch();
    page = context.pages()[0] ?? (await context.newPage());
    page.on('dialog', (dialog) => void dialog.accept());
    await context.setOffline(true);
    await page.goto('/forms');
    await page.getByRole('button', { name: 'Continue your draft' }).click();
    const reopened = page.getByRole('dialog', { name: 'New Home Visit' });
    await expect(reopened.getByLabel(/People present/)).toHaveValue(marker);
    await expect(reopened.getByRole('button', { name: 'Remove photo 1' })).toBeVisible();
    await completeVisit(reopened);
    await expect(reopened).toBeHidden();
    await expect(syncState(page)).toContainText('1 waiting to sync');

    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/form'))
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await context.setOffline(false);
    await expect(syncState(page)).toHaveText('All changes synced', { timeout: 30_000 });
    const [visit, ...others] = await formsNamed(page, marker);
    expect(others).toHaveLength(0);
    expect(visit?.status).toBe('completed');
    expect(visit?.photo_ids).toHaveLength(1);
    expect(sent.filter((call) => call === 'POST /api/forms')).toHaveLength(1);
    expect(sent.filter((call) => call.startsWith('PUT /api/form-photos/'))).toHaveLength(1);
    const photo = await page.request.get(`/api/form-photos/${visit?.photo_ids[0]}`);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a save whose acknowledgement is lost still gives one form', async ({ page }) => {
  await signIn(page, 'PO001');
  await expect(syncState(page)).toHaveText('All changes synced');
  const student = await ownStudent(page);
  const marker = `Lost answer ${Date.now()}`;
  let posts = 0;
  await page.route('**/api/forms', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts > 1) return route.continue();
    // The server saves it; its answer never reaches the phone.
    await route.fetch();
    await route.abort('failed');
  });
  await page.goto('/forms');
  const form = await startHomeVisit(page, student, marker);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form).toBeHidden();
  await expect(syncState(page)).toHaveText('All changes synced');
  expect(posts).toBe(2);
  expect(await formsNamed(page, marker)).toHaveLength(1);
});

test('a 401 during sync loses nothing: signed in again, the form arrives once', async ({ page, context }) => {
  await signIn(page, 'PO001');
  await expect(syncState(page)).toHaveText('All changes synced');
  const student = await ownStudent(page);
  const marker = `After sign-in ${Date.now()}`;
  await page.goto('/forms');
  const form = await startHomeVisit(page, student, marker);
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form).toBeHidden();
  await expect(syncState(page)).toContainText('1 waiting to sync');

  let refused = 0;
  await page.route('**/api/forms', async (route) => {
    if (route.request().method() !== 'POST' || refused > 0) return route.continue();
    refused += 1;
    // The session ended while the phone was away (it expired, or was signed out elsewhere).
    await page.request.post('/api/staff-auth/logout');
    await route.fulfill({ status: 401, json: { error: 'Your session has ended. Please sign in again.' } });
  });
  await context.setOffline(false);
  await expect(page).toHaveURL(/login/);
  expect(refused).toBe(1);

  await signIn(page, 'PO001');
  await expect.poll(async () => (await formsNamed(page, marker)).length, { timeout: 30_000 }).toBe(1);
  await expect(syncState(page)).toHaveText('All changes synced');
});

test('an edit saved offline that meets a change to the same field shows both, and the choice wins', async ({
  page,
  context,
  browser,
}) => {
  await signIn(page, 'PO001');
  const answer = await page.request.get('/api/students?pageSize=1&sort=name_asc');
  const [student] = ((await answer.json()) as { items: Array<{ id: string; full_name: string }> }).items;
  const visit = {
    type: 'home_visit',
    student_id: student?.id,
    form_date: new Date().toISOString().slice(0, 10),
    fields: { people_present: `Conflict ${Date.now()}`, living_conditions: 'Two rooms.' },
  };
  const created = await page.request.post('/api/forms', { data: visit });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/forms?open=${id}`);
  await page
    .getByRole('dialog', { name: `Home Visit: ${student?.full_name}` })
    .getByRole('button', { name: 'Edit' })
    .click();
  const form = page.getByRole('dialog', { name: 'Edit Home Visit' });
  await form.getByRole('textbox', { name: 'Living conditions' }).fill('One room.');
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form).toBeHidden();
  const detail = page.getByRole('dialog', { name: `Home Visit: ${student?.full_name}` });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(syncState(page)).toContainText('1 waiting to sync');

  // Meanwhile the deputy manager changes the same field on the server (version 1 -> 2).
  const other = await browser.newContext({ baseURL: ORIGIN });
  const manager = await other.newPage();
  await signIn(manager, 'DPM001');
  const meanwhile = await manager.request.put(`/api/forms/${id}`, {
    data: { ...visit, fields: { ...visit.fields, living_conditions: 'Three rooms.' } },
    headers: { 'If-Match': '"1"' },
  });
  expect(meanwhile.status()).toBe(200);
  await other.close();

  await context.setOffline(false);
  await expect(syncState(page)).toHaveText('1 could not be synced', { timeout: 30_000 });
  const onThisPhone = page.getByRole('region', { name: 'On this phone' });
  await expect(onThisPhone).toContainText('Changed on the server meanwhile');
  await expectAccessible(page, 'Forms with the on-this-phone panel');
  await onThisPhone.getByRole('button', { name: 'Fix and send' }).click();
  const fixing = page.getByRole('dialog', { name: 'Edit Home Visit' });
  const living = fixing.getByRole('group', { name: 'Living conditions' });
  await expect(living.getByRole('radio', { name: 'On the server: Three rooms.' })).toBeVisible();
  await living.getByRole('radio', { name: 'Yours: One room.' }).check();
  await fixing.getByRole('button', { name: 'Save Draft' }).click();
  await expect(fixing).toBeHidden();
  await expect(syncState(page)).toHaveText('All changes synced');
  const saved = (await (await page.request.get(`/api/forms/${id}`)).json()) as {
    fields: Record<string, string>;
  };
  expect(saved.fields.living_conditions).toBe('One room.');
});

test('an edit saved offline and a change to another field meanwhile are merged, and its history says so', async ({
  page,
  context,
  browser,
}) => {
  await signIn(page, 'PO001');
  const answer = await page.request.get('/api/students?pageSize=1&sort=name_asc');
  const [student] = ((await answer.json()) as { items: Array<{ id: string; full_name: string }> }).items;
  const visit = {
    type: 'home_visit',
    student_id: student?.id,
    form_date: new Date().toISOString().slice(0, 10),
    fields: { people_present: `Merge ${Date.now()}`, living_conditions: 'Two rooms.' },
  };
  const created = await page.request.post('/api/forms', { data: visit });
  const { id } = (await created.json()) as { id: string };
  const detail = page.getByRole('dialog', { name: `Home Visit: ${student?.full_name}` });
  await page.goto(`/forms?open=${id}`);
  await detail.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Home Visit' });
  await form.getByRole('textbox', { name: 'Living conditions' }).fill('One room, shared with a cousin.');
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(syncState(page)).toContainText('1 waiting to sync');

  // Meanwhile the deputy manager changes another field on the server (version 1 -> 2).
  const other = await browser.newContext({ baseURL: ORIGIN });
  const manager = await other.newPage();
  await signIn(manager, 'DPM001');
  const meanwhile = await manager.request.put(`/api/forms/${id}`, {
    data: { ...visit, fields: { ...visit.fields, people_present: 'The student and her grandmother' } },
    headers: { 'If-Match': '"1"' },
  });
  expect(meanwhile.status()).toBe(200);
  await other.close();

  // Back online the sync sends the officer's edit of version 1; the server merges it, nobody asked.
  await context.setOffline(false);
  await expect(syncState(page)).toHaveText('All changes synced', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'On this phone' })).toBeHidden();
  const saved = (await (await page.request.get(`/api/forms/${id}`)).json()) as {
    fields: Record<string, string>;
    version: number;
  };
  expect(saved.fields).toMatchObject({
    people_present: 'The student and her grandmother',
    living_conditions: 'One room, shared with a cousin.',
  });
  expect(saved.version).toBe(3);

  await page.goto(`/forms?open=${id}`);
  await expect(detail).toContainText('The student and her grandmother');
  await expect(detail).toContainText('One room, shared with a cousin.');
  await detail.getByRole('tab', { name: 'History' }).click();
  await expect(detail.getByText(/made on version 1: merged with the changes saved since/)).toBeVisible();
});

/** The titles of the open tasks the phone keeps for `userId` (its own IndexedDB database). */
function keptTaskTitles(page: Page, userId: string): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('tasks')) {
            db.close();
            resolve([]);
            return;
          }
          const reading = db.transaction('tasks').objectStore('tasks').getAll();
          reading.onsuccess = () => {
            resolve((reading.result as Array<{ title: string }>).map((task) => task.title));
            db.close();
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
    `chl-offline-${userId}`,
  );
}

test('offline, Tasks and Students show what the phone keeps, read only, rather than an error', async ({
  page,
  context,
}) => {
  await signIn(page, 'PO001');
  const { user } = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
  const title = `Bring the bursary letter ${Date.now()}`;
  const created = await page.request.post('/api/tasks', {
    data: { title, description: 'Ask the school for a stamped copy', assigned_to_id: user.id },
  });
  expect(created.status()).toBe(201);
  const student = await ownStudent(page);
  // Opening the app syncs, and each sync that reached the server keeps the officer's open tasks.
  await page.goto('/students');
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  await expect.poll(() => keptTaskTitles(page, user.id), { timeout: 30_000 }).toContain(title);

  // Tasks opened in the app (its code loaded), then the network goes.
  const goTo = async (link: string) => {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: link, exact: true })
      .click();
  };
  await goTo('Tasks');
  await expect(page.getByRole('button', { name: 'Add Task' })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('Offline: showing the tasks kept on this phone')).toBeVisible();
  const kept = page
    .getByRole('list', { name: 'Your open tasks' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(kept).toContainText('Ask the school for a stamped copy');
  await expect(page.getByRole('heading', { name: 'Task Management' })).toBeVisible();
  // Read only: nothing offered that the server would have to check.
  await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
  await expect(page.getByText("Couldn't load the tasks")).toHaveCount(0);

  await goTo('Students');
  await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();
  await expect(page.getByText('Offline: showing the students kept on this phone')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your students' })).toContainText(student);
  await expect(page.getByRole('button', { name: 'Add Student' })).toHaveCount(0);

  // The network back: the server's own list again.
  await context.setOffline(false);
  await expect(page.getByRole('searchbox', { name: 'Search students' })).toBeVisible();
  await expect(page.getByText('Offline: showing the students kept on this phone')).toHaveCount(0);
});

test('signing out with a form not synced asks first, and Sync now sends it before signing out', async ({
  page,
  context,
}) => {
  await signIn(page, 'PO001');
  await expect(syncState(page)).toHaveText('All changes synced');
  const student = await ownStudent(page);
  const marker = `Before sign-out ${Date.now()}`;
  await page.goto('/forms');
  const form = await startHomeVisit(page, student, marker);
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Logout' }).click();
  const asking = page.getByRole('dialog', { name: 'Work on this phone is not synced yet' });
  await expect(asking.getByRole('button', { name: 'Export as a file' })).toBeVisible();
  await expect(asking.getByRole('button', { name: 'Discard and sign out' })).toBeVisible();
  // Still offline: nothing went, so it stays signed in with the work.
  await asking.getByRole('button', { name: 'Sync now' }).click();
  await expect(asking).toBeVisible();
  await expect(asking.getByRole('button', { name: 'Sync now' })).toBeEnabled();

  await context.setOffline(false);
  await asking.getByRole('button', { name: 'Sync now' }).click();
  await expect(page).toHaveURL(/login/);
  await signIn(page, 'PO001');
  expect(await formsNamed(page, marker)).toHaveLength(1);
});
