import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test, unique } from './support/fixtures';

/**
 * Student Management (/students): add, edit, details, delete, search, category tiles, status
 * filter, sorting, paging, export, CSV import and who sees what. Every test makes its own students
 * with unique names, so it does not depend on other tests or on the demo data's exact contents.
 */

type StudentBody = Record<string, string | number | null>;
interface CreatedStudent {
  id: string;
  full_name: string;
  assigned_officer_name: string | null;
}

/** Adds a student through the API with the page's session (quicker than the form when the form is not under test). */
async function createStudent(page: Page, body: StudentBody): Promise<CreatedStudent> {
  const response = await page.request.post('/api/students', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedStudent;
}

const table = (page: Page) => page.getByRole('table', { name: 'Students' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search students' });

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

test.describe('Student Management', () => {
  test('an admin adds, edits, views and deletes a student', async ({ page }) => {
    await signIn(page, 'ADM001');
    await page.getByRole('link', { name: 'Students', exact: true }).click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(page.getByRole('heading', { name: 'Student Management' })).toBeVisible();

    const last = unique('Mulenga');
    const chl = unique('CHL-E2E-');
    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Natasha');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(last);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`${last.toLowerCase()}@example.org`);
    await dialog.getByRole('textbox', { name: 'Contact Number' }).fill('+260977000111');
    await dialog.getByRole('textbox', { name: 'Community' }).fill('Chawama');
    await dialog.getByRole('combobox', { name: 'Program Level' }).selectOption({ label: 'College/Diploma' });
    await dialog.getByRole('textbox', { name: 'Institution' }).fill('Evelyn Hone College');
    await dialog.getByRole('textbox', { name: 'Current Program' }).fill('Diploma in Journalism');
    await dialog.getByRole('textbox', { name: 'CHL Number' }).fill(chl);
    // Admins choose the officer; here: a program officer.
    await dialog
      .getByRole('combobox', { name: 'Assigned Officer' })
      .selectOption({ label: 'Bupe Tembo (Program Officer)' });
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    await expect(page.getByText('Student added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    await search(page, last);
    const added = row(page, `Natasha ${last}`);
    await expect(added).toBeVisible();
    await expect(added).toContainText(chl);
    await expect(added).toContainText('College/Diploma');
    await expect(added).toContainText('Diploma in Journalism');
    await expect(added).toContainText('Enrolled');
    await expect(added).toContainText('Bupe Tembo');
    await expect(table(page).getByRole('row')).toHaveCount(2);

    // Edit: change the programme and the status.
    await added.getByRole('button', { name: `Edit Natasha ${last}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Student' });
    await expect(edit.getByRole('textbox', { name: 'First Name' })).toHaveValue('Natasha');
    await expect(edit.getByRole('combobox', { name: 'Assigned Officer' })).toHaveValue(/.+/);
    await edit.getByRole('textbox', { name: 'Current Program' }).fill('Diploma in Public Relations');
    await edit.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Graduated' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Student updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(added).toContainText('Diploma in Public Relations');
    await expect(added).toContainText('Graduated');

    // Details: read-only summary.
    await added.getByRole('button', { name: `View details of Natasha ${last}` }).click();
    const details = page.getByRole('dialog', { name: 'Student Details' });
    await expect(details).toContainText(`Natasha ${last}`);
    await expect(details).toContainText(`${last.toLowerCase()}@example.org`);
    await expect(details).toContainText('Chawama');
    await expect(details).toContainText('Evelyn Hone College');
    await expect(details).toContainText('Bupe Tembo');
    await expect(details.getByRole('textbox')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // Delete, after confirmation; cancelling first keeps the student.
    await added.getByRole('button', { name: `Delete Natasha ${last}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Student' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this student? This action cannot be undone.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(added).toBeVisible();
    await added.getByRole('button', { name: `Delete Natasha ${last}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Student deleted successfully')).toBeVisible();
    await expect(page.getByText('No students match your search criteria')).toBeVisible();
  });

  test('the add form checks required fields and shows server errors without closing', async ({ page }) => {
    await signIn(page, 'ADM001');
    const taken = unique('CHL-TAKEN-');
    await createStudent(page, { first_name: 'Taken', last_name: unique('Number'), chl_number: taken });
    await page.goto('/students');

    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toBeFocused();

    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Kelvin');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(unique('Phiri'));
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    await expect(dialog.getByText('Email must be a valid email address')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Email' }).fill('');
    await dialog.getByRole('textbox', { name: 'CHL Number' }).fill(taken);
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    const message = `A student with CHL number ${taken} already exists.`;
    await expect(dialog).toBeVisible();
    // Said once, on its field: not again above the form, nor in a toast.
    await expect(dialog.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
    await expect(page.getByText(`Failed to add student: ${message}`)).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: 'CHL Number' })).toHaveAttribute('aria-invalid', 'true');

    // Esc after typing asks before discarding; keep editing leaves everything as typed.
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveValue('Kelvin');
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Student' })).toHaveCount(0);
  });

  test('keyboard: tiles, filters and dialogs work without a mouse; dialogs trap focus and close on Esc', async ({
    page,
  }) => {
    await signIn(page, 'DPM001');
    await page.goto('/students');
    const tiles = page.getByRole('region', { name: 'Categories' });
    await tiles.getByRole('button', { name: /Launch Year/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/category=launch_year/);

    const add = page.getByRole('button', { name: 'Add Student' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await expect(dialog).toBeVisible();
    // Focus stays inside the dialog however far one tabs.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // Row actions are buttons in the tab order.
    const firstView = table(page)
      .getByRole('button', { name: /^View details of / })
      .first();
    await firstView.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Student Details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(firstView).toBeFocused();
  });

  test('a refused delete explains why (student with allowance records)', async ({ page }) => {
    await signIn(page, 'ADM001');
    const last = unique('Allowance');
    const student = await createStudent(page, { first_name: 'Paid', last_name: last });
    const allowance = await page.request.post('/api/allowances', {
      data: { student_id: student.id, month: 'March', year: 2026, stipend: '1500' },
    });
    expect(allowance.ok(), await allowance.text()).toBe(true);

    await page.goto(`/students?q=${last}`);
    await row(page, `Paid ${last}`)
      .getByRole('button', { name: `Delete Paid ${last}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        "Failed to delete student: This student has allowance records and cannot be deleted. Change the student's status instead.",
      ),
    ).toBeVisible();
    await expect(row(page, `Paid ${last}`)).toBeVisible();
  });

  test('search reads ?q= from the address, and the empty states say why the list is empty', async ({
    page,
  }) => {
    await signIn(page, 'ADM001');
    const token = unique('Searchable');
    await createStudent(page, {
      first_name: 'Memory',
      last_name: token,
      institution_name: 'Mulungushi University',
    });

    // A shared link to a searched list opens it searched.
    await page.goto(`/students?q=${token}`);
    await expect(searchBox(page)).toHaveValue(token);
    await expect(row(page, `Memory ${token}`)).toBeVisible();
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    // Typing narrows the list after a pause; the URL follows.
    await search(page, `${token}-nobody`);
    await expect(page.getByText('No students match your search criteria')).toBeVisible();
    await searchBox(page).fill('');
    await expect(page).toHaveURL(/\/students$/);
    await expect(table(page).getByRole('row')).toHaveCount(26);
  });

  test('category tiles show the counts and filter the list', async ({ page }) => {
    await signIn(page, 'ADM001');
    const token = unique('Tiles');
    await createStudent(page, { first_name: 'Launch', last_name: token, program_level: 'launch_year' });
    await createStudent(page, { first_name: 'Uni', last_name: token, program_level: 'university' });
    await createStudent(page, { first_name: 'Uni2', last_name: token, program_level: 'university' });

    await page.goto('/students');
    const tiles = page.getByRole('region', { name: 'Categories' });
    await expect(tiles.getByRole('button', { name: /All Students/ })).toHaveAttribute('aria-pressed', 'true');
    await search(page, token);
    await expect(tiles.getByRole('button', { name: /All Students/ })).toContainText('3');
    await expect(tiles.getByRole('button', { name: /^University/ })).toContainText('2');
    await expect(tiles.getByRole('button', { name: /College\/Diploma/ })).toContainText('0');
    await expect(tiles.getByRole('button', { name: /Launch Year/ })).toContainText('1');

    await tiles.getByRole('button', { name: /Launch Year/ }).click();
    await expect(page).toHaveURL(/category=launch_year/);
    await expect(tiles.getByRole('button', { name: /Launch Year/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(table(page).getByRole('row')).toHaveCount(2);
    await expect(row(page, `Launch ${token}`)).toBeVisible();

    await tiles.getByRole('button', { name: /College\/Diploma/ }).click();
    await expect(page.getByText('No students match your search criteria')).toBeVisible();

    await tiles.getByRole('button', { name: /^University/ }).click();
    await expect(table(page).getByRole('row')).toHaveCount(3);
    await tiles.getByRole('button', { name: /All Students/ }).click();
    await expect(table(page).getByRole('row')).toHaveCount(4);
  });

  test('the status filter and sorting by name or date', async ({ page }) => {
    await signIn(page, 'ADM001');
    const token = unique('Status');
    await createStudent(page, { first_name: 'Mutinta', last_name: token, program_status: 'enrolled' });
    await createStudent(page, { first_name: 'Bwalya', last_name: token, program_status: 'suspended' });
    await createStudent(page, { first_name: 'Zindaba', last_name: token, program_status: 'suspended' });

    await page.goto(`/students?q=${token}`);
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status.locator('option')).toHaveText([
      'All Status',
      'Enrolled',
      'Graduated',
      'Discharged',
      'Suspended',
      'Transferred',
    ]);
    await status.selectOption({ label: 'Suspended' });
    await expect(page).toHaveURL(/status=suspended/);
    await expect(table(page).getByRole('row')).toHaveCount(3);
    await expect(row(page, `Mutinta ${token}`)).toHaveCount(0);

    await status.selectOption({ label: 'All Status' });
    await expect(table(page).getByRole('row')).toHaveCount(4);
    const names = () => table(page).locator('tbody tr td:first-child p:first-child').allTextContents();

    // Newest first by default.
    await expect.poll(names).toEqual([`Zindaba ${token}`, `Bwalya ${token}`, `Mutinta ${token}`]);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name A–Z' });
    await expect.poll(names).toEqual([`Bwalya ${token}`, `Mutinta ${token}`, `Zindaba ${token}`]);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name Z–A' });
    await expect.poll(names).toEqual([`Zindaba ${token}`, `Mutinta ${token}`, `Bwalya ${token}`]);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Oldest first' });
    await expect.poll(names).toEqual([`Mutinta ${token}`, `Bwalya ${token}`, `Zindaba ${token}`]);
  });

  test('the list pages through 25 students at a time', async ({ page }) => {
    await signIn(page, 'ADM001');
    await page.goto('/students');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager.getByText(/^Showing 1–25 of \d+$/)).toBeVisible();
    const total = Number((await pager.getByText(/^Showing/).textContent())!.split(' of ')[1]);
    expect(total).toBeGreaterThanOrEqual(100);
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(table(page).getByRole('row')).toHaveCount(26);
    const firstPage = await table(page).locator('tbody tr').first().textContent();

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pager.getByText(`Showing 26–50 of ${total}`)).toBeVisible();
    await expect(table(page).locator('tbody tr').first()).not.toHaveText(firstPage!);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByText(`Showing 1–25 of ${total}`)).toBeVisible();
  });

  test('Export CSV downloads the filtered list', async ({ page }) => {
    await signIn(page, 'ADM001');
    const token = unique('Export');
    await createStudent(page, { first_name: 'Exported', last_name: token, chl_number: `${token}-1` });
    await page.goto(`/students?q=${token}`);
    await expect(row(page, `Exported ${token}`)).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('students.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Exported ${token}`);
  });

  test('a program officer adds their own student; another officer does not see it', async ({
    page,
    browser,
  }) => {
    await signIn(page, 'PO001');
    await page.goto('/students');
    const last = unique('OwnedBy');
    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Student' });
    await expect(dialog.getByRole('combobox', { name: 'Assigned Officer' })).toHaveCount(0);
    await expect(dialog.getByText('The student will be assigned to you.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First Name' }).fill('Owned');
    await dialog.getByRole('textbox', { name: 'Last Name' }).fill(last);
    await dialog.getByRole('button', { name: 'Add Student' }).click();
    await expect(page.getByText('Student added successfully')).toBeVisible();
    await search(page, last);
    await expect(row(page, `Owned ${last}`)).toContainText('Bupe Tembo');
    // Every student a program officer sees is theirs, with edit and delete.
    await expect(
      row(page, `Owned ${last}`).getByRole('button', { name: `Edit Owned ${last}` }),
    ).toBeVisible();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, 'PO002');
    await otherPage.goto(`/students?q=${last}`);
    await expect(otherPage.getByText('No students match your search criteria')).toBeVisible();
    await otherPage.goto('/students');
    await expect(row(otherPage, 'Bupe Tembo')).toHaveCount(0);
    await expect(table(otherPage).getByRole('row').nth(1)).toContainText('Mwansa Zulu');
    await other.close();
  });

  test('a user account sees the link, and Access Denied at /students', async ({ page }) => {
    await signIn(page, 'USR001');
    await page.getByRole('link', { name: 'Students', exact: true }).click();
    await expect(page).toHaveURL(/\/students$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText("You don't have permission to access this resource. Required role: Program Officer"),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('Student CSV import', () => {
  /** The sample fixture's rows with CHL numbers nobody else uses (quoted comma, two rows to drop). */
  function sampleCsv(prefix: string): string {
    return [
      'first_name,last_name,email,contact_number,community,program_level,institution_name,current_program,chl_number,gender,date_of_birth',
      `Mwila,Chanda,mwila.chanda@example.org,+260977100001,Kalingalinga,university,University of Zambia,BSc Computer Science,${prefix}-0001,female,2004-03-12`,
      `Joseph,Mumba,joseph.mumba@example.org,+260977100002,Matero,diploma,Evelyn Hone College,Diploma in Journalism,${prefix}-0002,male,2003-11-02`,
      `Grace,Lungu,grace.lungu@example.org,+260977100003,Chipata Compound,launch_year,,Launch Year,${prefix}-0003,female,2006-07-21`,
      `Peter,Sakala,,+260977100004,George,university,Copperbelt University,BEng Mining,${prefix}-0004,male,2002-01-30`,
      `,Kabwe,missing.first@example.org,,,university,,,${prefix}-0005,,`,
      `Ruth,,missing.last@example.org,,,university,,,${prefix}-0006,,`,
      `Esther,Mwansa,esther.mwansa@example.org,+260977100007,Kanyama,diploma,"Northern Technical College, Ndola",Diploma in Electrical Engineering,${prefix}-0007,female,2005-09-09`,
      '',
    ].join('\n');
  }

  function writeTemp(name: string, content: string | Buffer): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'chl-students-import-')), name);
    writeFileSync(file, content);
    return file;
  }

  test('template, preview with dropped rows, upload with progress, result, and a second import refused', async ({
    page,
  }) => {
    await signIn(page, 'ADM001');
    await page.goto('/students');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    const template = await downloading;
    expect(template.suggestedFilename()).toBe('student_import_template.csv');
    const [header, example] = readFileSync((await template.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'first_name,last_name,email,contact_number,community,program_level,institution_name,current_program,chl_number,gender,date_of_birth,' +
        'payment_method,bank_name,bank_branch,account_number,account_name,wallet_number,wallet_name',
    );
    expect(example).toMatch(/^# Example row never imported/);

    const prefix = unique('CHL-S-');
    const file = writeTemp('students-sample.csv', sampleCsv(prefix));
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await expect(dialog.getByTestId('import-counts')).toHaveText('5 rows to import, 2 rows to drop');
    const dropped = dialog.locator('tr[data-status="drop"]');
    await expect(dropped).toHaveCount(2);
    await expect(dropped.nth(0)).toContainText('Will be dropped');
    await expect(dropped.nth(0)).toContainText('Missing first_name');
    await expect(dropped.nth(1)).toContainText('Missing last_name');
    await expect(dialog.locator('tr[data-status="import"]')).toHaveCount(5);
    await expect(dialog.getByText('Northern Technical College, Ndola')).toBeVisible();

    // Slow the upload's answer a little so the progress bar can be seen.
    await page.route('**/api/students/import', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Import 5 students' }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText('Successfully imported 5 students').first()).toBeVisible();
    await expect(dialog.getByText('Dropped rows (2)')).toBeVisible();
    await expect(dialog.getByText('Row 6')).toBeVisible();
    await expect(dialog.getByText('Missing first_name')).toBeVisible();
    await expect(dialog.getByText('Row 7')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await page.unroute('**/api/students/import');

    await search(page, prefix);
    await expect(page.getByText('Showing 1–5 of 5')).toBeVisible();
    await expect(row(page, 'Esther Mwansa')).toContainText('Northern Technical College, Ndola');
    await expect(row(page, 'Esther Mwansa')).toContainText('Mutale Bwalya');

    // The same file again: the server refuses it (CHL numbers taken) and says which rows.
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Import 5 students' }).click();
    await expect(page.getByText(/^Failed to import students: Nothing was imported\./)).toBeVisible();
    const problems = dialog.getByRole('alert').filter({ hasText: 'Failed to import students' });
    await expect(problems).toContainText(`Row 2: A student with CHL number ${prefix}-0001 already exists.`);
    await expect(problems).toContainText(`Row 8: A student with CHL number ${prefix}-0007 already exists.`);
    await expect(dialog).toBeVisible();
  });

  test('a file with errors: the user imports the valid rows, and the rows left out are listed', async ({
    page,
  }) => {
    await signIn(page, 'PO001');
    await page.goto('/students');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });
    const last = unique('Phiri');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'mixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `first_name,last_name,email\n# Example row never imported,x,\nJane,${last},jane@example.org\nBad,${last},not-an-email\nJohn,${last},\n`,
      ),
    });
    await expect(dialog.getByTestId('import-counts')).toHaveText(
      '2 rows to import, 0 rows to drop, 1 with errors',
    );
    await expect(dialog.getByText('Some rows have errors')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 2 valid rows' }).click();
    await expect(page.getByText('Successfully imported 2 students').first()).toBeVisible();
    await expect(dialog.getByText('Rows with errors left out (1)')).toBeVisible();
    await expect(dialog.getByText('Row 4: Email must be a valid email address')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await search(page, last);
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
  });

  test('refuses other file types, files over 10 MB, and files with no valid rows', async ({ page }) => {
    await signIn(page, 'PO002');
    await page.goto('/students');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Students from CSV' });
    const input = dialog.getByLabel('CSV file');

    await input.setInputFiles({
      name: 'students.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('x'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'Only .csv files are accepted. Please choose a CSV file.',
    );

    await input.setInputFiles({
      name: 'huge.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'The file is larger than 10 MB. Please split it into smaller files.',
    );

    await input.setInputFiles({
      name: 'names-missing.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('first_name,last_name,email\n,Banda,a@example.org\nJane,,b@example.org\n'),
    });
    await expect(dialog.getByTestId('import-counts')).toHaveText('0 rows to import, 2 rows to drop');
    await expect(dialog.getByText('No valid student data found in CSV')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No valid rows to import' })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Choose another file' }).click();
    await input.setInputFiles({
      name: 'bad-email.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`first_name,last_name,email\nJane,${unique('Banda')},not-an-email\n`),
    });
    await expect(dialog.locator('tr[data-status="error"]')).toContainText(
      'Email must be a valid email address',
    );
    await expect(dialog.getByRole('button', { name: 'No valid rows to import' })).toBeDisabled();
  });
});
