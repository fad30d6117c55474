import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, signIn, test, unique } from './support/fixtures';

/**
 * Allowance Management (/allowances): the approval chain across roles, what each role is shown,
 * denial, launch-year rules, the one-open-allowance-per-period rule, the notification bell and bulk
 * upload. Every test makes its own students (unique names and CHL numbers) through the API, so it
 * never collides with the demo data, with other tests or with other spec files.
 */

const YEAR = Number(
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka', year: 'numeric' }).format(new Date()),
);

interface CreatedStudent {
  id: string;
  full_name: string;
  chl_number: string;
}
interface CreatedAllowance {
  id: string;
  student_name: string;
}

type Level = 'university' | 'diploma' | 'launch_year';

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

/** A user signed in in their own browser context (closed after the test). */
async function as(browser: Browser, staffId: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, staffId);
  return page;
}

/** A fresh student assigned to the signed-in program officer. */
async function createStudent(page: Page, programLevel: Level = 'university'): Promise<CreatedStudent> {
  const response = await page.request.post('/api/students', {
    data: {
      first_name: 'Allow',
      last_name: unique('Test'),
      chl_number: unique('CHL-AL-'),
      program_level: programLevel,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedStudent;
}

async function createAllowance(page: Page, studentId: string, month: string): Promise<CreatedAllowance> {
  const response = await page.request.post('/api/allowances', {
    data: {
      student_id: studentId,
      month,
      year: YEAR,
      stipend: '1500',
      medical: '200',
      transportation: '150',
      school_supplies: '100',
      accommodation: '800',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedAllowance;
}

/** A decision as the screen sends it: naming the stage it was taken at (a stale one gets 409). */
async function decideByApi(
  page: Page,
  id: string,
  expectedStage: 'pending_dpm' | 'pending_flmi' | 'pending_pm',
  decision: 'approve' | 'deny',
  comment: string,
) {
  const response = await page.request.post(`/api/allowances/${id}/decision`, {
    data: { decision, comment, expected_stage: expectedStage },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function myName(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  return ((await response.json()) as { user: { name: string } }).user.name;
}

const table = (page: Page) => page.getByRole('table', { name: 'Allowances' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const rowButton = (page: Page, name: string, action: string) =>
  row(page, name).getByRole('button', { name: new RegExp(`^${action}:`) });

/** Opens Allowance Management and searches for one student's allowances. */
async function openList(page: Page, studentName: string) {
  await page.goto('/allowances');
  await expect(page.getByRole('heading', { name: 'Allowance Management' })).toBeVisible();
  await page.getByPlaceholder('Search allowances...').fill(studentName);
  await expect(row(page, studentName)).toHaveCount(1);
}

async function expectStage(page: Page, name: string, label: string) {
  await expect(row(page, name)).toContainText(label);
}

async function expectNoDecisionButtons(page: Page, name: string) {
  await expect(rowButton(page, name, 'View details')).toBeVisible();
  await expect(rowButton(page, name, 'Approve')).toHaveCount(0);
  await expect(rowButton(page, name, 'Deny')).toHaveCount(0);
  await expect(rowButton(page, name, 'Mark as paid')).toHaveCount(0);
}

/** Approves through the row's button and the comment dialog. */
async function approveInRow(page: Page, name: string, comment: string) {
  await rowButton(page, name, 'Approve').click();
  const dialog = page.getByRole('dialog', { name: 'Approve Allowance' });
  await dialog.getByLabel('Comment').fill(comment);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Allowance approved successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openDetails(page: Page, name: string): Promise<Locator> {
  await rowButton(page, name, 'View details').click();
  const dialog = page.getByRole('dialog', { name: 'Allowance Details' });
  await expect(dialog.getByRole('list', { name: 'Approval timeline' })).toBeVisible();
  return dialog;
}

const timelineSteps = (details: Locator) =>
  details.getByRole('list', { name: 'Approval timeline' }).getByRole('listitem');

test.describe('Allowance Management', () => {
  // Several signed-in users per test: give a busy machine room.
  test.describe.configure({ timeout: 180_000 });

  test('an allowance goes through the whole approval chain, each role seeing only its own actions', async ({
    browser,
  }) => {
    test.setTimeout(360_000);
    const po = await as(browser, 'PO001');
    const student = await createStudent(po);
    const name = student.full_name;

    // PO001 submits through the form, picking the student with the keyboard.
    await po.goto('/allowances');
    await po.getByRole('button', { name: 'Add Allowance' }).click();
    const add = po.getByRole('dialog', { name: 'Add New Allowance' });
    const picker = add.getByRole('combobox', { name: 'Student' });
    // The picker has focus, but its list waits to be asked: nothing covers the fields below.
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute('aria-expanded', 'false');
    await expect(add.getByRole('listbox')).toHaveCount(0);
    await picker.fill(student.chl_number);
    // Wait for the list to answer this search (not an earlier one).
    await expect(add.getByRole('listbox', { name: 'Students' }).getByRole('option')).toHaveCount(1);
    await expect(add.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect(picker).toHaveValue(name);
    await expect(add.getByText(student.chl_number)).toBeVisible();
    await expect(add.getByLabel('Program Level')).toHaveValue('university');
    await expect(add.getByLabel('Year')).toHaveValue(String(YEAR));
    await add.getByLabel('Month').selectOption('March');
    await add.getByLabel('Stipend').fill('1,500');
    await add.getByLabel('Medical').fill('200.50');
    await add.getByLabel('Transportation').fill('150');
    await add.getByLabel('School Supplies').fill('100');
    await add.getByLabel('Accommodation').fill('800');
    await add.getByLabel('Comments').fill('Term fees confirmed by the institution.');
    await expect(add.getByText('ZMW 2,750.50')).toBeVisible();
    await add.getByRole('button', { name: 'Submit Allowance' }).click();
    await expect(po.getByText('Allowance submitted successfully!')).toBeVisible();
    await expect(add).toBeHidden();

    await po.getByPlaceholder('Search allowances...').fill(name);
    await expect(row(po, name)).toHaveCount(1);
    await expect(row(po, name)).toContainText(`March ${YEAR}`);
    await expect(row(po, name)).toContainText('University');
    await expect(row(po, name)).toContainText('ZMW 2,750.50');
    await expectStage(po, name, 'Pending Deputy Manager');
    // A program officer does not decide at the deputy manager's step.
    await expectNoDecisionButtons(po, name);
    let details = await openDetails(po, name);
    await expect(timelineSteps(details)).toHaveCount(2);
    await expect(timelineSteps(details).nth(0)).toContainText('Submitted');
    await expect(timelineSteps(details).nth(0)).toContainText('Term fees confirmed by the institution.');
    await expect(timelineSteps(details).nth(1)).toContainText('Deputy Manager Review');
    await expect(timelineSteps(details).nth(1)).toContainText("Awaiting the deputy manager's decision");
    await expect(details).not.toContainText('FLMI Advisor Review');
    await expect(details.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await po.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // DPM001 approves at pending_dpm; an empty comment is refused without calling the server.
    const dpm = await as(browser, 'DPM001');
    const dpmName = await myName(dpm);
    await openList(dpm, name);
    let decisionCalls = 0;
    dpm.on('request', (r) => {
      if (r.url().includes('/decision')) decisionCalls++;
    });
    await rowButton(dpm, name, 'Approve').click();
    const approveDialog = dpm.getByRole('dialog', { name: 'Approve Allowance' });
    await expect(approveDialog).toContainText('ZMW 2,750.50');
    await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(approveDialog.getByText('Please provide a comment for your decision.')).toBeVisible();
    expect(decisionCalls).toBe(0);
    await approveDialog.getByLabel('Comment').fill('Within the approved budget.');
    await approveDialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dpm.getByText('Allowance approved successfully!')).toBeVisible();
    await expectStage(dpm, name, 'Pending FLMI Advisor');
    // The deputy manager does not decide at the FLMI step.
    await expectNoDecisionButtons(dpm, name);
    // The Approve button went with the decision: focus is back on the row, not the top of the page.
    await expect(rowButton(dpm, name, 'View details')).toBeFocused();
    details = await openDetails(dpm, name);
    await expect(timelineSteps(details)).toHaveCount(3);
    await expect(timelineSteps(details).nth(1)).toContainText(`Approved by ${dpmName} on `);
    await expect(timelineSteps(details).nth(1)).toContainText(/on \d{2}\/\d{2}\/\d{4}/);
    await expect(timelineSteps(details).nth(1)).toContainText('Within the approved budget.');
    await expect(timelineSteps(details).nth(2)).toContainText('FLMI Advisor Review');
    await expect(details).not.toContainText('Program Manager Review');
    await dpm.keyboard.press('Escape');

    // PO001 approves as FLMI advisor, and may not decide the next step: the row and the details say why.
    const barred = 'You approved an earlier step, so another program officer decides this one.';
    await openList(po, name);
    await expect(row(po, name)).not.toContainText(barred);
    await approveInRow(po, name, 'Receipts verified.');
    await expectStage(po, name, 'Pending Program Manager');
    await expect(rowButton(po, name, 'View details')).toBeFocused();
    await expectNoDecisionButtons(po, name);
    await expect(row(po, name)).toContainText(barred);
    details = await openDetails(po, name);
    await expect(timelineSteps(details)).toHaveCount(4);
    await expect(timelineSteps(details).nth(3)).toContainText('Program Manager Review');
    await expect(details).toContainText(barred);
    await po.keyboard.press('Escape');

    // ADM001 approves as programme manager; only then, and only for ADM001, mark as paid appears.
    const admin = await as(browser, 'ADM001');
    const adminName = await myName(admin);
    await openList(admin, name);
    await expect(row(admin, name)).not.toContainText(barred);
    await expect(rowButton(admin, name, 'Mark as paid')).toHaveCount(0);
    await approveInRow(admin, name, 'Approved for payment.');
    await expectStage(admin, name, 'Approved');
    await expect(rowButton(admin, name, 'Mark as paid')).toBeVisible();
    for (const other of [po, dpm]) {
      await openList(other, name);
      await expectStage(other, name, 'Approved');
      await expectNoDecisionButtons(other, name);
    }

    await rowButton(admin, name, 'Mark as paid').click();
    const confirm = admin.getByRole('alertdialog', { name: 'Mark as Paid' });
    await expect(confirm).toContainText(name);
    await expect(confirm).toContainText(`March ${YEAR}`);
    await expect(confirm).toContainText('ZMW 2,750.50');
    await confirm.getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(admin.getByText('Allowance marked as paid successfully!')).toBeVisible();
    await expectStage(admin, name, 'Paid');
    await expectNoDecisionButtons(admin, name);

    details = await openDetails(admin, name);
    await expect(timelineSteps(details)).toHaveCount(5);
    await expect(timelineSteps(details).nth(4)).toContainText('Payment');
    await expect(timelineSteps(details).nth(4)).toContainText(`Paid by ${adminName} on `);
    const comments = details.getByRole('list', { name: 'Comments' }).getByRole('listitem');
    await expect(comments).toHaveCount(5);
    await expect(comments.nth(0)).toContainText('Term fees confirmed by the institution.');
    await expect(comments.nth(1)).toContainText('Within the approved budget.');
    await expect(comments.nth(2)).toContainText('Receipts verified.');
    await expect(comments.nth(2)).toContainText('(FLMI Advisor)');
    await expect(comments.nth(3)).toContainText('Approved for payment.');
    await expect(comments.nth(4)).toContainText('Payment processed');
  });

  test('after a decision that takes the allowance out of the filtered list, focus goes to the next row', async ({
    browser,
  }) => {
    const po = await as(browser, 'PO001');
    const first = await createAllowance(po, (await createStudent(po)).id, 'May');
    const second = await createAllowance(po, (await createStudent(po)).id, 'May');
    const dpm = await as(browser, 'DPM001');
    await dpm.goto('/allowances?stage=pending_dpm');
    await expect(rowButton(dpm, first.student_name, 'Approve')).toBeVisible();
    await rowButton(dpm, first.student_name, 'Approve').click();
    const dialog = dpm.getByRole('dialog', { name: 'Approve Allowance' });
    await dialog.getByLabel('Comment').fill('Within budget.');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dpm.getByText('Allowance approved successfully!')).toBeVisible();
    await expect(row(dpm, first.student_name)).toHaveCount(0);
    // Another pending allowance's row has focus, so the keyboard carries on down the list.
    const focused = dpm.locator(':focus');
    await expect(focused).toHaveAttribute('aria-label', /^View details: /);
    await expect(focused).not.toHaveAttribute('aria-label', new RegExp(first.student_name));
    await expect(table(dpm).locator(':focus')).toHaveCount(1);

    // A decision taken from the details leaves them open: focus stays in them, on Close.
    await dpm.goto('/allowances?stage=pending_dpm');
    await rowButton(dpm, second.student_name, 'View details').click();
    const details = dpm.getByRole('dialog', { name: 'Allowance Details' });
    await details.getByRole('button', { name: 'Approve' }).click();
    const fromDetails = dpm.getByRole('dialog', { name: 'Approve Allowance' });
    await fromDetails.getByLabel('Comment').fill('Within budget.');
    await fromDetails.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(fromDetails).toBeHidden();
    await expect(details).toContainText('Pending FLMI Advisor');
    await expect(details.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  });

  test('every money tile shows the whole amount, clear of its icon, at phone, tablet and desktop widths', async ({
    browser,
  }) => {
    const page = await as(browser, 'ADM001');
    const largest = '9999999.99';
    // The largest figure on every tile: the list's answer with its sums replaced.
    await page.route(/\/api\/allowances(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const key of Object.keys(body.summary)) body.summary[key] = largest;
      await route.fulfill({ response, json: body });
    });
    await page.route(/\/api\/dashboard(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.allowances.paid_this_month = largest;
      await route.fulfill({ response, json: body });
    });
    for (const width of [390, 1024, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, group, count] of [
        ['/allowances', 'Totals by stage', 5],
        ['/dashboard', 'Key figures', 1],
      ] as const) {
        await page.goto(path);
        const tiles = page.getByRole('region', { name: group }).locator(':scope > *');
        const money = tiles.filter({ hasText: 'ZMW' });
        await expect(money).toHaveCount(count);
        for (const tile of await money.all()) {
          await expect(tile).toContainText('ZMW9,999,999.99');
          const fits = await tile.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const icon = el.querySelector('svg')!.parentElement!.getBoundingClientRect();
            const figure = [...el.querySelectorAll('span')].find((s) => s.textContent === '9,999,999.99')!;
            const f = figure.getBoundingClientRect();
            const inside = f.left >= box.left && f.right <= box.right;
            const clearOfIcon = f.right <= icon.left || f.left >= icon.right || f.top >= icon.bottom;
            return inside && clearOfIcon && figure.scrollWidth <= Math.ceil(f.width);
          });
          expect(fits, `${path} at ${width} px: ${await tile.textContent()}`).toBe(true);
        }
      }
    }
  });

  test('a denial shows where, why, by whom and when', async ({ browser }) => {
    const po = await as(browser, 'PO001');
    const poName = await myName(po);
    const student = await createStudent(po);
    const allowance = await createAllowance(po, student.id, 'May');
    const dpm = await as(browser, 'DPM001');
    await decideByApi(dpm, allowance.id, 'pending_dpm', 'approve', 'Fine by me.');

    await openList(po, student.full_name);
    await expectStage(po, student.full_name, 'Pending FLMI Advisor');
    await rowButton(po, student.full_name, 'Deny').click();
    const dialog = po.getByRole('dialog', { name: 'Deny Allowance' });
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(dialog.getByText('Please provide a comment for your decision.')).toBeVisible();
    await dialog.getByLabel('Comment').fill('No receipts for the medical claim.');
    await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
    await expect(po.getByText('Allowance denied successfully!')).toBeVisible();
    await expectStage(po, student.full_name, 'Rejected');
    await expectNoDecisionButtons(po, student.full_name);

    await expect(po.getByText('Showing 1–1 of 1')).toBeVisible();
    await po.getByLabel('Filter by stage').selectOption({ label: 'Rejected' });
    await expect(row(po, student.full_name)).toHaveCount(1);
    // The search and the stage live in the address bar: a reload (or a shared link) shows the same list.
    await expect(po).toHaveURL(/[?&]stage=rejected(&|$)/);
    await po.reload();
    await expect(po.getByLabel('Filter by stage')).toHaveValue('rejected');
    await expect(po.getByPlaceholder('Search allowances...')).toHaveValue(student.full_name);
    await expect(row(po, student.full_name)).toHaveCount(1);
    const [exported] = await Promise.all([
      po.waitForEvent('download'),
      po.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(exported.suggestedFilename()).toBe('allowances.csv');
    const exportLines = readFileSync(await exported.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(exportLines).toHaveLength(2);
    expect(exportLines[1]).toContain(student.full_name);
    expect(exportLines[1]).toContain('rejected');
    await po.getByLabel('Filter by stage').selectOption({ label: 'Paid' });
    await expect(po.getByText('No allowances found matching your criteria.')).toBeVisible();
    await po.getByLabel('Filter by stage').selectOption({ label: 'All Stages' });

    const details = await openDetails(po, student.full_name);
    const rejected = details.getByRole('alert');
    await expect(rejected).toContainText('Rejected at FLMI Advisor Review');
    await expect(rejected).toContainText('Reason: No receipts for the medical claim.');
    await expect(rejected).toContainText(new RegExp(`By ${poName} on \\d{2}/\\d{2}/\\d{4}`));
    await expect(timelineSteps(details)).toHaveCount(3);
    await expect(timelineSteps(details).nth(2)).toContainText('Rejected');
    await expect(details).not.toContainText('Program Manager Review');
  });

  test('a decision on an allowance someone else moved meanwhile is refused and the screen reloads it', async ({
    browser,
  }) => {
    const po = await as(browser, 'PO001');
    const student = await createStudent(po);
    const allowance = await createAllowance(po, student.id, 'July');
    const dpm = await as(browser, 'DPM001');
    await decideByApi(dpm, allowance.id, 'pending_dpm', 'approve', 'Fine by me.');

    await openList(po, student.full_name);
    await rowButton(po, student.full_name, 'Approve').click();
    const dialog = po.getByRole('dialog', { name: 'Approve Allowance' });
    await dialog.getByLabel('Comment').fill('Receipts verified.');
    // Meanwhile the admin decides the FLMI step in another browser.
    const admin = await as(browser, 'ADM001');
    await decideByApi(admin, allowance.id, 'pending_flmi', 'approve', 'Done first.');

    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    // It says what happened, and asks for no reload: the screen has already reloaded it.
    await expect(
      po.getByText(
        'Someone else decided this allowance first, so your decision was not recorded. The list now shows where it stands.',
      ),
    ).toBeVisible();
    await expect(po.getByText(/reload/i)).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await expectStage(po, student.full_name, 'Pending Program Manager');
    const details = await openDetails(po, student.full_name);
    await expect(timelineSteps(details).nth(2)).toContainText('Done first.');
  });

  test('launch year hides the four other amounts; the level follows the student', async ({ browser }) => {
    const po = await as(browser, 'PO001');
    const launch = await createStudent(po, 'launch_year');
    const diploma = await createStudent(po, 'diploma');
    const note =
      'Launch Year programs only receive stipend. University and College programs receive all allowance types.';

    await po.goto('/allowances');
    await po.getByRole('button', { name: 'Add Allowance' }).click();
    const add = po.getByRole('dialog', { name: 'Add New Allowance' });
    const picker = add.getByRole('combobox', { name: 'Student' });
    const extras = ['Medical', 'Transportation', 'School Supplies', 'Accommodation'];

    await picker.fill(diploma.chl_number);
    await add.getByRole('option', { name: new RegExp(diploma.full_name) }).click();
    await expect(add.getByLabel('Program Level')).toHaveValue('college');
    for (const label of extras) await expect(add.getByLabel(label)).toBeVisible();
    await expect(add.getByText(note)).toHaveCount(0);

    await picker.fill(launch.chl_number);
    await add.getByRole('option', { name: new RegExp(launch.full_name) }).click();
    await expect(add.getByLabel('Program Level')).toHaveValue('launch_year');
    await expect(add.getByText(note)).toBeVisible();
    for (const label of extras) await expect(add.getByLabel(label)).toHaveCount(0);
    await expect(add.getByLabel('Stipend')).toBeVisible();

    // Switching the level by hand shows them again.
    await add.getByLabel('Program Level').selectOption('university');
    for (const label of extras) await expect(add.getByLabel(label)).toBeVisible();
    await add.getByLabel('Medical').fill('500');
    await add.getByLabel('Program Level').selectOption('launch_year');
    await expect(add.getByText(note)).toBeVisible();

    // Only the stipend counts and travels.
    await add.getByLabel('Month').selectOption('April');
    await add.getByLabel('Stipend').fill('900');
    await expect(add.getByText('ZMW 900.00')).toBeVisible();
    await add.getByRole('button', { name: 'Submit Allowance' }).click();
    await expect(po.getByText('Allowance submitted successfully!')).toBeVisible();
    await po.getByPlaceholder('Search allowances...').fill(launch.full_name);
    await expect(row(po, launch.full_name)).toContainText('Launch Year');
    await expect(row(po, launch.full_name)).toContainText('ZMW 900.00');
    const details = await openDetails(po, launch.full_name);
    await expect(details).toContainText(/Medical\s*ZMW 0\.00/);
  });

  test('a second allowance for the same student and period is refused and the form stays open', async ({
    browser,
  }) => {
    const po = await as(browser, 'PO001');
    const student = await createStudent(po);
    await createAllowance(po, student.id, 'January');

    await po.goto('/allowances');
    await po.getByRole('button', { name: 'Add Allowance' }).click();
    const add = po.getByRole('dialog', { name: 'Add New Allowance' });
    // Nothing chosen: the form says what is missing and sends nothing.
    await add.getByRole('button', { name: 'Submit Allowance' }).click();
    await expect(add.getByText('Please choose a student.')).toBeVisible();
    await expect(add.getByText('Please choose a month.')).toBeVisible();

    await add.getByRole('combobox', { name: 'Student' }).fill(student.full_name);
    await add.getByRole('option', { name: new RegExp(student.full_name) }).click();
    await add.getByLabel('Month').selectOption('January');
    await add.getByLabel('Stipend').fill('1500');
    await add.getByRole('button', { name: 'Submit Allowance' }).click();
    const message = `An allowance for ${student.full_name} for January ${YEAR} already exists.`;
    await expect(add.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Stipend')).toHaveValue('1500');
  });

  test('the bell counts what awaits the user and opens it; accounts with nothing to do see it empty', async ({
    browser,
  }) => {
    const po = await as(browser, 'PO001');
    const student = await createStudent(po);
    const allowance = await createAllowance(po, student.id, 'June');

    const dpm = await as(browser, 'DPM001');
    const countNow = async () =>
      ((await (await dpm.request.get('/api/notifications')).json()) as { count: number }).count;
    const before = await countNow();
    await dpm.goto('/dashboard');
    const bell = dpm.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName(/^Notifications, (\d+|99\+) waiting$/);
    const after = await countNow();
    const badge = /, (\d+|99\+) waiting/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1];
    if (badge === '99+') expect(Math.max(before, after)).toBeGreaterThan(99);
    else {
      expect(Number(badge)).toBeGreaterThanOrEqual(Math.min(before, after));
      expect(Number(badge)).toBeLessThanOrEqual(Math.max(before, after));
    }

    await bell.click();
    const popover = dpm.getByRole('dialog', { name: 'Notifications' });
    const group = popover.getByRole('region', { name: /^Allowances awaiting your decision \(\d+\)$/ });
    const item = group.getByRole('link', { name: new RegExp(student.full_name) });
    await expect(item).toContainText(`June ${YEAR}`);
    await expect(item).toContainText('ZMW 2,750.00');
    await expect(item).toContainText('Pending Deputy Manager');
    await item.focus();
    await dpm.keyboard.press('Enter');
    await expect(dpm).toHaveURL(new RegExp(`/allowances\\?open=${allowance.id}$`));
    const details = dpm.getByRole('dialog', { name: 'Allowance Details' });
    await expect(details).toContainText(student.full_name);

    // Deciding from the details takes it off the bell's list.
    await details.getByRole('button', { name: 'Approve' }).click();
    const approve = dpm.getByRole('dialog', { name: 'Approve Allowance' });
    await approve.getByLabel('Comment').fill('Approved from the bell.');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dpm.getByText('Allowance approved successfully!')).toBeVisible();
    await expect(details.getByText('Pending FLMI Advisor').first()).toBeVisible();
    await expect(details.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await dpm.keyboard.press('Escape');
    await expect(dpm).toHaveURL(/\/allowances$/);
    await bell.click();
    await expect(popover).toBeVisible();
    await expect(popover.getByRole('link', { name: new RegExp(student.full_name) })).toHaveCount(0);
    await dpm.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    // The deep link opens the details directly, also for another officer.
    await po.goto(`/allowances?open=${allowance.id}`);
    await expect(po.getByRole('dialog', { name: 'Allowance Details' })).toContainText(student.full_name);

    const user = await as(browser, 'USR001');
    const userBell = user.getByRole('button', { name: 'Notifications', exact: true });
    await expect(userBell).toBeVisible();
    await userBell.click();
    await expect(user.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'Nothing is waiting for you.',
    );
  });

  test('a bulk upload writes the valid rows, lists every error and stays open', async ({ browser }) => {
    const po = await as(browser, 'PO001');
    const a = await createStudent(po, 'university');
    const b = await createStudent(po, 'launch_year');
    const A = `,${a.full_name},${a.chl_number}`;
    const B = `,${b.full_name},${b.chl_number}`;
    const csv = [
      'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments',
      `${A},January,${YEAR},university,1500,200,150,100,800,valid`, // 2
      `${B},January,${YEAR},launch_year,900,,,,,valid`, // 3
      `${A},February,${YEAR},university,1500,200,150,100,800,valid`, // 4
      `,${a.full_name},,March,${YEAR},university,1500,200,150,100,800,no id`, // 5
      `,,${a.chl_number},March,${YEAR},university,1500,200,150,100,800,no name`, // 6
      `${A},,${YEAR},university,1500,200,150,100,800,no month`, // 7
      `${A},April,twenty,university,1500,200,150,100,800,bad year`, // 8
      `${A},May,${YEAR},masters,1500,200,150,100,800,bad level`, // 9
      `${A},Janury,${YEAR},university,1500,200,150,100,800,bad month`, // 10
      `${A},June,${YEAR},university,-1,200,150,100,800,bad stipend`, // 11
      `${A},July,${YEAR},university,1500,abc,150,100,800,bad medical`, // 12
      `${A},January,${YEAR},university,1500,200,150,100,800,duplicate of row 2`, // 13
      `,Nobody Here,${unique('CHL-NONE-')},January,${YEAR},university,1500,200,150,100,800,unknown`, // 14
      `${A},August,${YEAR},university,1500,200,x,100,800,bad transport`, // 15
      `${B},February,${YEAR},launch_year,abc,,,,,bad stipend`, // 16
    ].join('\n');

    await po.goto('/allowances');
    await po.getByRole('button', { name: 'Bulk Upload' }).click();
    const dialog = po.getByRole('dialog', { name: 'Bulk Upload Allowances' });

    const [template] = await Promise.all([
      po.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('allowances_template.csv');
    const templateLines = readFileSync(await template.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(templateLines[0]).toBe(
      'student_id,student_name,chl_number,month,year,program_level,stipend,medical,transportation,school_supplies,accommodation,flmi_comments',
    );
    expect(templateLines).toHaveLength(2);
    // The example row is a comment: uploaded as it is, it fails on no student.
    expect(templateLines[1]).toMatch(/^# Example row never imported,/);

    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByText('Please select a file to upload.')).toBeVisible();
    const file = dialog.getByLabel('CSV file');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(dialog.getByText('Only .csv files are accepted.')).toBeVisible();

    await file.setInputFiles({ name: 'allowances.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The preview: every row with the server's own row check, before anything is sent.
    const preview = dialog.getByRole('region', { name: 'Preview' });
    await expect(preview.getByTestId('bulk-preview-counts')).toHaveText(
      '5 rows ready to upload, 10 with errors',
    );
    await expect(preview.getByRole('row').filter({ hasText: /^2Ready/ })).toContainText('ZMW 2,750.00');
    await expect(preview.getByRole('row').filter({ hasText: /^10Error/ })).toContainText(
      'month must be a valid month name',
    );
    // The user chooses to import the valid rows without the others.
    await dialog.getByRole('button', { name: 'Import 5 valid rows', exact: true }).click();

    const results = dialog.getByRole('region', { name: 'Upload results' });
    await expect(results.getByTestId('bulk-success')).toHaveText('3');
    await expect(results.getByTestId('bulk-failed')).toHaveText('12');
    const errors = results.getByRole('list', { name: 'Upload errors' }).getByRole('listitem');
    await expect(errors).toHaveCount(10);
    await expect(errors.nth(0)).toHaveText('Row 5: Either student_id or chl_number is required');
    await expect(errors.nth(1)).toHaveText('Row 6: student_name is required');
    await expect(errors.nth(2)).toHaveText('Row 7: month is required');
    await expect(errors.nth(3)).toHaveText('Row 8: valid year is required');
    await expect(errors.nth(4)).toHaveText(
      'Row 9: program_level must be one of: launch_year, university, college',
    );
    await expect(errors.nth(5)).toHaveText('Row 10: month must be a valid month name');
    await expect(errors.nth(6)).toHaveText('Row 11: valid stipend amount is required');
    await expect(errors.nth(7)).toHaveText('Row 12: medical must be a valid number');
    await expect(errors.nth(8)).toHaveText(
      `Row 13: An allowance for ${a.full_name} for January ${YEAR} already exists.`,
    );
    await expect(errors.nth(9)).toHaveText('Row 14: Student not found');
    await expect(results.getByText('... and 2 more errors')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(po.getByText(/^Successfully uploaded/)).toHaveCount(0);

    const [errorList] = await Promise.all([
      po.waitForEvent('download'),
      results.getByRole('button', { name: 'Download error list' }).click(),
    ]);
    const errorLines = readFileSync(await errorList.path(), 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(errorLines).toHaveLength(13);
    expect(errorLines[0]).toBe('row,message');
    expect(errorLines[1]).toBe('5,Either student_id or chl_number is required');
    expect(errorLines[11]).toBe('15,transportation must be a valid number');
    expect(errorLines[12]).toBe('16,valid stipend amount is required');

    // The valid rows are in the list.
    await po.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await po.getByPlaceholder('Search allowances...').fill(a.full_name);
    await expect(row(po, a.full_name)).toHaveCount(2);

    // A file where every row is valid: the toast, and the modal closes.
    await po.getByRole('button', { name: 'Bulk Upload' }).click();
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'more.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `student_id,student_name,chl_number,month,year,program_level,stipend\n,${b.full_name},${b.chl_number},March,${YEAR},launch_year,900\n`,
      ),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(po.getByText('Successfully uploaded 1 allowance!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Every row in error: the button says why nothing can be imported.
    await po.getByRole('button', { name: 'Bulk Upload' }).click();
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `student_id,student_name,chl_number,month,year,stipend\n,${b.full_name},${b.chl_number},Marchh,${YEAR},900\n`,
      ),
    });
    await expect(dialog.getByRole('button', { name: 'No valid rows to import' })).toBeDisabled();

    // A file the preview passes but the server refuses whole (its student is unknown): nothing written, every row listed.
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'unknown.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `student_id,student_name,chl_number,month,year,program_level,stipend\n,${b.full_name},${b.chl_number},April,${YEAR},launch_year,900\n,Nobody,${unique('CHL-NONE-')},April,${YEAR},launch_year,900\n`,
      ),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByText(/^Nothing was uploaded\. Row 3: Student not found/)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Upload errors' })).toContainText(
      'Row 3: Student not found',
    );
    await po.keyboard.press('Escape');
    await po.getByPlaceholder('Search allowances...').fill(b.full_name);
    await expect(row(po, b.full_name).filter({ hasText: 'April' })).toHaveCount(0);
  });
});
