import type { Page } from '@playwright/test';
import { expect, LUSAKA_YEAR, postJson, signedInPages, test, unique } from './support/fixtures';

/**
 * The top bar's search by keyboard (docs/product.md D17, D9): Ctrl+K, type, arrows, Enter; a
 * program officer never finds another officer's student, by name or by number.
 */

const YEAR = LUSAKA_YEAR;

const as = signedInPages();

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: 'Search' });
  // The shortcut works once the signed-in layout is on screen.
  await expect(box).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(box).toBeFocused();
  await box.fill(text);
  return page.getByRole('listbox', { name: 'Search results' });
}

test('finds a student and their allowance by keyboard and opens each', async ({ browser }) => {
  const officer = await as(browser, 'PO001');
  const lastName = unique('Sokoni');
  const student = await postJson(officer, '/api/students', {
    first_name: 'Chileshe',
    last_name: lastName,
    chl_number: unique('CHL-S-'),
  });
  const allowance = await postJson(officer, '/api/allowances', {
    student_id: student.id,
    month: 'April',
    year: YEAR - 1,
    program_level: 'university',
    stipend: '1200',
  });

  await officer.goto('/dashboard');
  let results = await searchFor(officer, lastName);
  await expect(results.getByRole('group', { name: 'Students' })).toContainText(`Chileshe ${lastName}`);
  await expect(results.getByRole('group', { name: 'Allowances' })).toContainText(`April ${YEAR - 1}`);
  await expect(results.getByRole('option')).toHaveCount(2);
  await officer.keyboard.press('ArrowDown');
  await expect(results.getByRole('option', { selected: true })).toContainText(`Chileshe ${lastName}`);
  await officer.keyboard.press('Enter');
  const details = officer.getByRole('dialog', { name: 'Student Details' });
  await expect(details).toContainText(`Chileshe ${lastName}`);
  await expect(officer).toHaveURL(/\/students$/);
  await officer.keyboard.press('Escape');
  await expect(details).toBeHidden();

  results = await searchFor(officer, lastName);
  await expect(results.getByRole('option')).toHaveCount(2);
  await officer.keyboard.press('ArrowDown');
  await officer.keyboard.press('ArrowDown');
  await expect(results.getByRole('option', { selected: true })).toContainText(`April ${YEAR - 1}`);
  await officer.keyboard.press('Enter');
  await expect(officer).toHaveURL(new RegExp(`/allowances\\?open=${allowance.id}$`));
  await expect(officer.getByRole('dialog', { name: 'Allowance Details' })).toContainText(
    `Chileshe ${lastName}`,
  );
});

test("a program officer finds nothing of another officer's student, by name or by number", async ({
  browser,
}) => {
  const owner = await as(browser, 'PO001');
  const lastName = unique('Hidden');
  const number = unique('CHL-H-');
  const student = await postJson(owner, '/api/students', {
    first_name: 'Mirriam',
    last_name: lastName,
    chl_number: number,
  });
  await postJson(owner, '/api/allowances', {
    student_id: student.id,
    month: 'March',
    year: YEAR - 1,
    program_level: 'university',
    stipend: '900',
  });

  const other = await as(browser, 'PO002');
  for (const text of [lastName, `Mirriam ${lastName}`, number]) {
    const results = await searchFor(other, text);
    await expect(results).toContainText(`No matches for "${text}".`);
    await expect(results.getByRole('option')).toHaveCount(0);
    await other.keyboard.press('Escape');
  }
  // And a link to the student opens nothing either.
  await other.goto(`/students?open=${student.id}`);
  await expect(other.getByText('This student does not exist, or you may not see it.')).toBeVisible();
  await expect(other.getByRole('dialog', { name: 'Student Details' })).toHaveCount(0);

  // The deputy manager reaches every student.
  const manager = await as(browser, 'DPM001');
  const results = await searchFor(manager, number);
  await expect(results.getByRole('group', { name: 'Students' })).toContainText(`Mirriam ${lastName}`);
});
