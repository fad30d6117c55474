import type { Browser, Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, signIn, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Bulk decisions on Allowance Management: DPM001 approves this month's allowances in one go, with
 * the ones not at the deputy manager's step (and one moved meanwhile) reported as exceptions; a
 * program officer denies two ticked with the keyboard. Approving a whole month would pull the
 * allowances of the specs beside it from under them, so this file runs its own server (base + 13)
 * on the demo data: this month's allowances wait at Pending Deputy Manager, some at Pending FLMI
 * Advisor, and one is rejected.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const { origin: ORIGIN } = ownServerForThisFile(13, 'bulk-decision');
test.use({ baseURL: ORIGIN });

const LUSAKA_MONTH = new Intl.DateTimeFormat('en', { timeZone: 'Africa/Lusaka', month: 'long' }).format(
  new Date(),
);

interface Listed {
  id: string;
  student_name: string;
  month: string;
  year: number;
  approval_stage: string;
}

async function signedIn(browser: Browser, staffId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staffId);
  return page;
}

async function listed(page: Page, query: string): Promise<{ items: Listed[]; total: number }> {
  const response = await page.request.get(`/api/allowances?${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

const bar = (page: Page) => page.getByRole('region', { name: 'Bulk decision' });
const table = (page: Page) => page.getByRole('table', { name: 'Allowances' });

test('DPM001 approves a month in one go; the allowances not at their step are listed as exceptions', async ({
  browser,
}) => {
  const dpm = await signedIn(browser, 'DPM001');
  const q = encodeURIComponent(LUSAKA_MONTH);
  const month = await listed(dpm, `q=${q}&pageSize=200`);
  expect(month.total).toBe(month.items.length);
  const waiting = month.items.filter((a) => a.approval_stage === 'pending_dpm');
  const elsewhere = month.items.filter((a) => a.approval_stage !== 'pending_dpm');
  expect(waiting.length).toBeGreaterThan(2);
  expect(elsewhere.length).toBeGreaterThan(0);

  await dpm.goto(`/allowances?q=${q}`);
  await expect(dpm.getByRole('heading', { name: 'Allowance Management' })).toBeVisible();
  await expect(table(dpm).getByRole('row')).toHaveCount(Math.min(25, month.total) + 1);

  // The whole page, with the keyboard, then everything the search matches.
  const pageBox = dpm.getByRole('checkbox', { name: 'Select all allowances on this page' });
  await pageBox.focus();
  await dpm.keyboard.press('Space');
  await expect(pageBox).toBeChecked();
  if (month.total > 25) {
    await expect(bar(dpm)).toContainText('25 selected');
    await bar(dpm)
      .getByRole('button', { name: `Select all ${month.total} matching` })
      .click();
  }
  await expect(bar(dpm)).toContainText(`All ${month.total} matching allowances selected`);
  await expectAccessible(dpm, 'the list with allowances ticked');

  // Meanwhile one of them is approved elsewhere (another tab): it must not be decided twice.
  const moved = waiting[0]!;
  const single = await dpm.request.post(`/api/allowances/${moved.id}/decision`, {
    data: { decision: 'approve', comment: 'Approved in another tab', expected_stage: 'pending_dpm' },
  });
  expect(single.status()).toBe(200);

  await bar(dpm).getByRole('button', { name: 'Approve selected' }).click();
  const dialog = dpm.getByRole('dialog', { name: 'Approve Selected Allowances' });
  await expect(dialog).toContainText(`Approve ${month.total} allowances at Deputy Manager Review`);
  await expect(dialog.getByLabel('Step')).toHaveCount(0);
  await dialog.getByLabel('Comment').fill('Month checked against the budget.');
  await dialog.getByRole('button', { name: `Approve ${month.total} allowances` }).click();
  await expect(dialog).toBeHidden();

  const result = dpm.getByRole('region', { name: 'Bulk approval result' });
  await expect(result.getByRole('heading', { name: 'Bulk approval result' })).toBeFocused();
  const done = waiting.length - 1;
  await expect(result).toContainText(`Done: ${done} allowances approved at Deputy Manager Review.`);
  const skipped = result.getByRole('list', { name: 'Skipped allowances' }).getByRole('listitem');
  await expect(skipped).toHaveCount(elsewhere.length + 1);
  await expect(
    skipped.filter({ hasText: `${moved.student_name}, ${moved.month} ${moved.year}` }),
  ).toContainText('Already approved at Deputy Manager Review by you; it is now Pending FLMI Advisor.');
  const atFlmi = elsewhere.find((a) => a.approval_stage === 'pending_flmi')!;
  await expect(
    skipped.filter({ hasText: `${atFlmi.student_name}, ${atFlmi.month} ${atFlmi.year}` }),
  ).toContainText(/Already approved at Deputy Manager Review by .+; it is now Pending FLMI Advisor\./);
  await expectAccessible(dpm, 'the result panel');
  const rejected = elsewhere.find((a) => a.approval_stage === 'rejected');
  if (rejected)
    await expect(
      skipped.filter({ hasText: `${rejected.student_name}, ${rejected.month} ${rejected.year}` }),
    ).toContainText(/it is now Rejected\./);

  // The selection is cleared and the list shows the month moved on.
  await expect(bar(dpm)).toHaveCount(0);
  await expect(table(dpm)).not.toContainText('Pending Deputy Manager');
  expect((await listed(dpm, `q=${q}&stage=pending_dpm`)).total).toBe(0);
  const after = await listed(dpm, `q=${q}&stage=pending_flmi&pageSize=200`);
  expect(after.total).toBe(
    waiting.length + elsewhere.filter((a) => a.approval_stage === 'pending_flmi').length,
  );

  // Each decided allowance carries the comment in its timeline, as a single decision would.
  const decided = waiting[1]!;
  await dpm.getByPlaceholder('Search allowances...').fill(decided.student_name);
  const row = table(dpm)
    .getByRole('row')
    .filter({ hasText: decided.student_name })
    .filter({ hasText: `${decided.month} ${decided.year}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^View details:/ }).click();
  const details = dpm.getByRole('dialog', { name: 'Allowance Details' });
  await expect(details).toContainText('Month checked against the budget.');
  await dpm.context().close();
});

test('a program officer ticks two allowances with the keyboard and denies them, a comment being required', async ({
  browser,
}) => {
  const po = await signedIn(browser, 'PO001');
  const q = encodeURIComponent(LUSAKA_MONTH);
  const atFlmi = (await listed(po, `q=${q}&stage=pending_flmi&pageSize=2`)).items;
  expect(atFlmi).toHaveLength(2);

  await po.goto(`/allowances?q=${q}&stage=pending_flmi`);
  for (const a of atFlmi) {
    const box = po.getByRole('checkbox', { name: `Select ${a.student_name}, ${a.month} ${a.year}` });
    await box.focus();
    await po.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(bar(po)).toContainText('2 selected');
  await bar(po).getByRole('button', { name: 'Deny selected' }).click();
  const dialog = po.getByRole('dialog', { name: 'Deny Selected Allowances' });
  // An officer decides two steps: the list's stage filter picks FLMI Advisor Review.
  await expect(dialog.getByLabel('Step')).toHaveValue('pending_flmi');
  await dialog.getByRole('button', { name: 'Deny 2 allowances' }).click();
  await expect(dialog.getByText('Please provide a comment for your decision.')).toBeVisible();
  await dialog.getByLabel('Comment').fill('Receipts missing for the month.');
  await dialog.getByRole('button', { name: 'Deny 2 allowances' }).click();
  await expect(dialog).toBeHidden();

  const result = po.getByRole('region', { name: 'Bulk denial result' });
  await expect(result).toContainText('Done: 2 allowances denied at FLMI Advisor Review.');
  await expect(result).toContainText('Skipped: none.');
  for (const a of atFlmi) {
    const detail = await (await po.request.get(`/api/allowances/${a.id}`)).json();
    expect(detail).toMatchObject({
      approval_stage: 'rejected',
      rejection_reason: 'Receipts missing for the month.',
      rejected_at_stage: 'flmi_review',
    });
  }
  await result.getByRole('button', { name: 'Dismiss' }).click();
  await expect(result).toHaveCount(0);
  await po.context().close();
});
