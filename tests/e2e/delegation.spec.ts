import type { Browser, Page } from '@playwright/test';
import { dayAsWritten } from '../../src/domain/dates';
import { expectAccessible } from './support/accessibility';
import { expect, LUSAKA_YEAR, signIn, test, typeDate, unique, waitForToastsToGo } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Delegation of approvals (docs/product.md D21): DPM001 delegates their approvals to DPM002 from My
 * Profile while away; DPM002 sees DPM001's allowances in the bell, approves one, and its details
 * say "on behalf of" DPM001. A delegation changes whose decisions a whole stage records, so this
 * file runs its own server (base + 15) on the demo data.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const { origin: ORIGIN } = ownServerForThisFile(15, 'delegation');
test.use({ baseURL: ORIGIN });

const LUSAKA_DAY = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lusaka' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

async function signedIn(browser: Browser, staffId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, staffId);
  return page;
}

test('DPM001 delegates to DPM002 while away; the decision shows on whose behalf it was taken', async ({
  browser,
}) => {
  const dpm = await signedIn(browser, 'DPM001');

  // A new allowance waiting at Pending Deputy Manager: the newest, so the bell lists it first.
  const created = await dpm.request.post('/api/students', {
    data: { first_name: 'Delegated', last_name: unique('Case'), program_level: 'university' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const student = (await created.json()) as { id: string; full_name: string };
  const submitted = await dpm.request.post('/api/allowances', {
    data: { student_id: student.id, month: 'March', year: LUSAKA_YEAR + 1, stipend: '1500' },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const allowance = (await submitted.json()) as { id: string };

  // My Profile: the Delegation card, then "Delegate my approvals".
  await dpm.goto('/account');
  const card = dpm.getByRole('region', { name: 'Delegation' });
  await expect(card).toContainText('You have no current or upcoming delegations.');
  await card.getByRole('button', { name: 'Delegate my approvals' }).click();
  const dialog = dpm.getByRole('dialog', { name: 'Delegate my approvals' });
  await expect(dialog).toContainText('Pending Deputy Manager');
  // Only accounts whose role decides the stage are offered: the other deputy manager, not the admin.
  const picker = dialog.getByLabel('Delegate to');
  await expect(picker.getByRole('option', { name: /Temwani Nkhoma \(DPM002\)/ })).toHaveCount(1);
  await expect(picker.getByRole('option', { name: /ADM001/ })).toHaveCount(0);
  await picker.selectOption({ label: 'Temwani Nkhoma (DPM002) · Deputy Manager' });
  await expect(dialog.getByLabel('From')).toHaveValue(dayAsWritten(LUSAKA_DAY(0)));
  await typeDate(dialog.getByLabel('Until'), LUSAKA_DAY(2));
  await dialog.getByLabel('Reason').fill('Annual leave');
  await expectAccessible(dpm, 'the delegation dialog');
  await dialog.getByRole('button', { name: 'Delegate', exact: true }).click();
  await expect(dpm.getByText(/Your approvals are delegated to Temwani Nkhoma/)).toBeVisible();
  await expect(dialog).toBeHidden();
  const given = card.getByRole('region', { name: 'Given by you' });
  await expect(given).toContainText('To Temwani Nkhoma (DPM002)');
  await expect(given).toContainText('Active');
  await waitForToastsToGo(dpm);
  await expectAccessible(dpm, 'My Profile with a delegation');

  // DPM002 signs in: the bell says whose decision waits.
  const delegate = await signedIn(browser, 'DPM002');
  await delegate.goto('/account');
  await expect(
    delegate.getByRole('region', { name: 'Received' }).getByText('For Chipo Mwale (DPM001)'),
  ).toBeVisible();
  const bell = delegate.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const popover = delegate.getByRole('dialog', { name: 'Notifications' });
  const item = popover.getByRole('link', { name: new RegExp(student.full_name) });
  await expect(item).toContainText('Pending Deputy Manager');
  await expect(item).toContainText('For Chipo Mwale (delegated)');
  await item.click();
  await expect(delegate).toHaveURL(new RegExp(`/allowances\\?open=${allowance.id}$`));

  // Approve from the details: recorded by DPM002 on behalf of DPM001.
  const details = delegate.getByRole('dialog', { name: 'Allowance Details' });
  await details.getByRole('button', { name: 'Approve' }).click();
  const approve = delegate.getByRole('dialog', { name: 'Approve Allowance' });
  await approve.getByLabel('Comment').fill('Checked while Chipo is on leave.');
  await approve.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(delegate.getByText('Allowance approved successfully!')).toBeVisible();
  const steps = details.getByRole('list', { name: 'Approval timeline' }).getByRole('listitem');
  await expect(steps.nth(1)).toContainText('Approved by Temwani Nkhoma on behalf of Chipo Mwale');
  await expect(details.getByRole('list', { name: 'Comments' })).toContainText('on behalf of Chipo Mwale');

  // DPM001 sees the same on the allowance, then revokes: it stops at once.
  await dpm.goto(`/allowances?open=${allowance.id}`);
  const own = dpm.getByRole('dialog', { name: 'Allowance Details' });
  await expect(
    own.getByRole('list', { name: 'Approval timeline' }).getByRole('listitem').nth(1),
  ).toContainText('Approved by Temwani Nkhoma on behalf of Chipo Mwale');
  await dpm.goto('/account');
  await card.getByRole('button', { name: 'Revoke' }).click();
  const confirm = dpm.getByRole('alertdialog', { name: 'Revoke delegation' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(dpm.getByText('Delegation revoked.')).toBeVisible();
  await expect(card).toContainText('You have no current or upcoming delegations.');
  const after = (await (await delegate.request.get('/api/allowances/awaiting-me')).json()) as {
    items: Array<{ on_behalf_of?: string | null }>;
  };
  expect(after.items.every((i) => !i.on_behalf_of)).toBe(true);
});

test('an admin sees every active delegation on My Profile', async ({ browser }) => {
  const po = await signedIn(browser, 'PO001');
  const eligible = (await (await po.request.get('/api/delegations/delegates')).json()) as {
    items: Array<{ id: string; staff_id: string | null }>;
  };
  const po2 = eligible.items.find((u) => u.staff_id === 'PO002')!;
  const made = await po.request.post('/api/delegations', {
    data: { delegate_id: po2.id, starts_on: LUSAKA_DAY(0), ends_on: LUSAKA_DAY(1), reason: 'Training' },
  });
  expect(made.status(), await made.text()).toBe(201);

  const admin = await signedIn(browser, 'ADM001');
  await admin.goto('/account');
  const every = admin.getByRole('region', { name: 'Every active delegation' });
  await expect(every).toContainText('Bupe Tembo (PO001) to Mwansa Zulu (PO002)');
  await expectAccessible(admin, 'My Profile of an admin');
});
