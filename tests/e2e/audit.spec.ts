import type { Page } from '@playwright/test';
import { expect, LUSAKA_YEAR, postJson, signedInPages, test, unique } from './support/fixtures';

/**
 * The audit trail on screen (docs/product.md D15): an allowance taken through its whole chain
 * shows every step with its actor in its History tab, and a student's History tab its changes.
 * Each step is taken through the API by the account whose step it is.
 */

const YEAR = LUSAKA_YEAR;

const as = signedInPages();
const post = postJson;

test('an allowance shows its whole chain, with each actor, in its History tab', async ({ browser }) => {
  const officer = await as(browser, 'PO001');
  const student = await post(officer, '/api/students', {
    first_name: 'History',
    last_name: unique('Chain'),
    chl_number: unique('CHL-AU-'),
  });
  const allowance = await post(officer, '/api/allowances', {
    student_id: student.id,
    month: 'May',
    year: YEAR - 1,
    program_level: 'university',
    stipend: '1500',
  });
  const decide = async (page: Page, stage: string, comment: string) =>
    post(page, `/api/allowances/${allowance.id}/decision`, {
      decision: 'approve',
      comment,
      expected_stage: stage,
    });
  await decide(await as(browser, 'DPM001'), 'pending_dpm', 'Within budget');
  await decide(officer, 'pending_flmi', 'Receipts checked');
  const admin = await as(browser, 'ADM001');
  await decide(admin, 'pending_pm', 'Go ahead');
  await post(admin, `/api/allowances/${allowance.id}/pay`, { expected_stage: 'approved' });

  await admin.goto(`/allowances?open=${allowance.id}`);
  const dialog = admin.getByRole('dialog');
  // Who commented, in the role the screens name: the officer took the FLMI advisor's step.
  await expect(
    dialog
      .getByRole('list', { name: 'Comments' })
      .getByRole('listitem')
      .filter({ hasText: 'Receipts checked' }),
  ).toContainText('Bupe Tembo (FLMI Advisor)');
  await dialog.getByRole('tab', { name: 'History' }).click();
  const entries = dialog.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(0)).toContainText('Bupe Tembo submitted an allowance of');
  await expect(entries.nth(1)).toContainText('Chipo Mwale approved');
  await expect(entries.nth(2)).toContainText('Bupe Tembo approved');
  await expect(entries.nth(3)).toContainText('Mutale Bwalya approved');
  await expect(entries.nth(4)).toContainText('Mutale Bwalya marked');
  await expect(entries.nth(1)).toContainText('Within budget');
  // Fields by their labels, stages in the screens' words, people by name: no codes, no ids.
  await expect(entries.nth(1)).toContainText('Approval stage:');
  await expect(entries.nth(1)).toContainText('Pending Deputy Manager');
  await expect(entries.nth(1)).toContainText('Pending FLMI Advisor');
  await expect(entries.nth(1)).toContainText('Deputy manager approved by:');
  await expect(entries.nth(0).getByText('Student:', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'History' })).not.toContainText(
    /pending_|_id|[0-9a-f]{8}-[0-9a-f]{4}-/,
  );
});

test("a student's History tab shows a change with its value before and after", async ({ browser }) => {
  const officer = await as(browser, 'PO001');
  const lastName = unique('Before');
  const student = await post(officer, '/api/students', { first_name: 'History', last_name: lastName });
  const response = await officer.request.put(`/api/students/${student.id}`, {
    data: { community: 'Kabwata' },
  });
  expect(response.status()).toBe(200);

  await officer.goto('/students');
  await officer.getByRole('searchbox', { name: 'Search students' }).fill(lastName);
  await officer
    .getByRole('button', { name: `View details of History ${lastName}` })
    .first()
    .click();
  const dialog = officer.getByRole('dialog', { name: 'Student Details' });
  await dialog.getByRole('tab', { name: 'History' }).click();
  const updated = dialog.getByRole('listitem').filter({ hasText: 'updated' });
  await expect(updated).toContainText('Community:');
  await expect(updated).toContainText('Kabwata');
  await expect(dialog.getByRole('listitem').first()).toContainText('Bupe Tembo added History');
});

test('ADM001 filters the Activity Log and exports what it shows; others are refused', async ({ browser }) => {
  const admin = await as(browser, 'ADM001');
  const officer = await as(browser, 'PO001');
  const lastName = unique('Logged');
  await post(officer, '/api/students', { first_name: 'Activity', last_name: lastName });

  await admin.getByRole('link', { name: 'Activity Log' }).click();
  await expect(admin.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  await admin.getByLabel('Who').selectOption({ label: 'Bupe Tembo (PO001)' });
  await admin.getByLabel('Action').selectOption({ label: 'Student added' });
  await expect(admin).toHaveURL(/actor_id=.*action=student.created/);
  const table = admin.getByRole('table', { name: 'Activity Log' });
  await expect(
    table.getByRole('row').filter({ hasText: `Bupe Tembo added Activity ${lastName}` }),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Mutale Bwalya' })).toHaveCount(0);
  // Fields changed, by their labels.
  const added = table.getByRole('row').filter({ hasText: `Bupe Tembo added Activity ${lastName}` });
  await expect(added).toContainText('First name');
  await expect(added).toContainText('Assigned officer');
  await expect(added).not.toContainText('_');
  // Every kind of record that has entries can be picked.
  for (const kind of [
    'Forms',
    'Student files',
    'Announcements',
    'Events',
    'Library resources',
    'System settings',
  ])
    await expect(admin.getByLabel('Record kind')).toContainText(kind);

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('activity-log.csv');
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text).toContain(`Bupe Tembo added Activity ${lastName}`);
  expect(text).not.toContain('auth.signed_in');

  await officer.goto('/activity-log');
  await expect(officer.getByText('Access Denied')).toBeVisible();
  await expect(officer.getByRole('link', { name: 'Activity Log' })).toHaveCount(0);
});
