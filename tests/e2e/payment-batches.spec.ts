import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signedInPages, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Payment Batches: ADM001 makes a batch of a month's approved demo allowances, exports it for the
 * bank, imports a statement written here (one payment matched, one of a different amount, one
 * reference the batch does not have) and reads the result; then pays the rest. Paying a month
 * would take the approved allowances other specs work with, so this file runs its own server
 * (base + 14) on the demo data: the month before this one has approved allowances. Then ADM001
 * ticks approved allowances on Allowance Management and adds them to a batch of their own.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const { origin: ORIGIN } = ownServerForThisFile(14, 'payment-batches');
test.use({ baseURL: ORIGIN });

const as = signedInPages();

interface Listed {
  id: string;
  student_id: string;
  student_name: string;
  month: string;
  year: number;
  total: string;
}

/** The month and year with the most approved allowances, and those allowances. */
async function approvedMonth(page: Page) {
  const response = await page.request.get('/api/allowances?stage=approved&pageSize=200');
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: Listed[] };
  const byMonth = new Map<string, Listed[]>();
  for (const a of items)
    byMonth.set(`${a.month} ${a.year}`, [...(byMonth.get(`${a.month} ${a.year}`) ?? []), a]);
  const [key, allowances] = [...byMonth.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const [month, year] = key.split(' ') as [string, string];
  return { month, year, allowances };
}

/**
 * Gives each student of `allowances` a bank account as their primary channel, so that the month
 * is one bank transfer (the demo pays most students by wallet; the mixed batch is its own test).
 */
async function payByBank(page: Page, allowances: Listed[]) {
  const stamp = String(Date.now()).slice(-6);
  for (const [i, a] of allowances.entries()) {
    const res = await page.request.post(`/api/students/${a.student_id}/payment-channels`, {
      data: {
        kind: 'bank',
        bank_name: 'Zanaco',
        bank_branch: 'Cairo Road',
        account_number: `9${stamp}${String(i).padStart(4, '0')}`,
        account_name: a.student_name,
        primary: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const zmw = (amount: string) =>
  `ZMW ${Number(amount.split('.')[0]).toLocaleString('en')}.${amount.split('.')[1]}`;

test('ADM001 batches a month, exports it, reconciles a bank statement and pays the rest', async ({
  browser,
}) => {
  const admin = await as(browser, 'ADM001');
  const { month, year, allowances } = await approvedMonth(admin);
  expect(allowances.length).toBeGreaterThanOrEqual(2);
  await payByBank(admin, allowances);
  const total = allowances.reduce((sum, a) => sum + Math.round(Number(a.total) * 100), 0);
  const totalText = zmw((total / 100).toFixed(2));

  // The sidebar's link, right after Allowances.
  const nav = admin.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Payment Batches' }).click();
  await expect(admin.getByRole('heading', { name: 'Payment Batches', level: 1 })).toBeVisible();
  await expect(admin.getByText('No payment batches yet.', { exact: false })).toBeVisible();

  await admin.getByRole('button', { name: 'New Payment Batch' }).click();
  const create = admin.getByRole('dialog', { name: 'New Payment Batch' });
  await create.getByLabel('Month').selectOption(month);
  await create.getByLabel('Year').fill(year);
  await expect(create.getByTestId('batch-preview')).toContainText(
    `${allowances.length} approved allowances, ${totalText}`,
  );
  await create.getByRole('button', { name: 'Create Batch' }).click();
  const reference = `PB-${year}-`;
  await expect(
    admin.getByRole('heading', { name: new RegExp(`^Payment Batch ${reference}\\d{2}-001$`) }),
  ).toBeVisible();
  const heading = (await admin.getByRole('heading', { level: 1 }).textContent())!;
  const batchRef = heading.replace('Payment Batch ', '');
  const items = admin.getByRole('table', { name: 'Allowances in this batch' });
  await expect(items.getByRole('row')).toHaveCount(allowances.length + 1);

  // Export for Bank: the allowances without an NRC are named first; then the file the bank gets,
  // and the batch reads Exported.
  const listed = await admin.request.get('/api/payment-batches?pageSize=1');
  const batchId = ((await listed.json()) as { items: Array<{ id: string }> }).items[0]!.id;
  const detail = (await (await admin.request.get(`/api/payment-batches/${batchId}`)).json()) as {
    items: Array<{ student_name: string; nrc_number: string | null }>;
  };
  const withoutNrc = detail.items.filter((i) => !i.nrc_number);
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Export for Bank' }).click();
  if (withoutNrc.length > 0) {
    const warning = admin.getByRole('alertdialog', { name: 'Some allowances have no NRC' });
    await expect(warning).toContainText(
      `${withoutNrc.length} of ${detail.items.length} allowances have no NRC number`,
    );
    for (const item of withoutNrc) await expect(warning).toContainText(item.student_name);
    await warning.getByRole('button', { name: 'Export anyway' }).click();
  }
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${batchRef.toLowerCase()}.csv`);
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('student,nrc,amount,reference');
  expect(lines).toHaveLength(allowances.length + 2);
  expect(lines.at(-1)).toBe(`Total (${allowances.length} payments),,${(total / 100).toFixed(2)},`);
  const rows = lines.slice(1, -1).map((line) => {
    const cells = line.split(',');
    return { amount: cells.at(-2)!, reference: cells.at(-1)! };
  });
  await expect(admin.getByRole('region', { name: 'Batch summary' })).toContainText('Exported');

  // The bank's statement, as a bank writes it: its own column names, ZMW amounts, a balance line.
  const [paid, short] = rows as [(typeof rows)[number], (typeof rows)[number]];
  const shortBy = (Number(short.amount) - 1).toFixed(2);
  const statement = [
    'Value Date,Narration,Amount Paid,Balance',
    `01/01/${year},Opening balance,,"250,000.00"`,
    `02/01/${year},TRF ${paid.reference},"ZMW ${Number(paid.amount).toLocaleString('en', { minimumFractionDigits: 2 })}",`,
    `02/01/${year},${short.reference},${shortBy},`,
    `02/01/${year},PB-2000-01-001-0001,75.00,`,
    `02/01/${year},Bank charges,15.00,`,
  ].join('\r\n');
  await admin.getByRole('button', { name: 'Import Bank Statement' }).click();
  const importing = admin.getByRole('dialog', { name: `Import Bank Statement for ${batchRef}` });
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'bank-statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement),
  });
  const preview = importing.getByRole('table', { name: 'Statement payments' });
  await expect(preview.getByRole('row')).toHaveCount(5);
  await expect(preview.getByRole('row').filter({ hasText: 'Bank charges' })).toContainText('Bank charge');
  await expect(importing.getByTestId('statement-counts')).toContainText('1 to reconcile');
  await importing.getByRole('button', { name: 'Reconcile' }).click();

  const result = importing.getByRole('region', { name: 'Reconciliation result' });
  await expect(result).toContainText('Matched: 1 payment');
  await expect(result).toContainText('1 allowance marked as paid.');
  const mismatches = result.getByRole('table', { name: 'Mismatches' });
  await expect(mismatches.getByRole('row').filter({ hasText: 'Different amount' })).toContainText(
    short.reference,
  );
  await expect(mismatches.getByRole('row').filter({ hasText: 'Unknown reference' })).toContainText(
    'PB-2000-01-001-0001',
  );
  await expect(mismatches.getByRole('row').filter({ hasText: 'Missing from the statement' })).toHaveCount(
    allowances.length - 2,
  );
  // The bank's fee is listed apart, not as an unknown reference.
  await expect(result.getByRole('region', { name: 'Bank charges' })).toContainText(
    'Row 6: Bank charges, ZMW 15.00',
  );
  await expect(mismatches.getByRole('row').filter({ hasText: 'Bank charges' })).toHaveCount(0);
  await importing.getByRole('button', { name: 'Done' }).click();

  // The mismatches stay on the batch as a list to work through: one resolved with a note.
  const kept = admin.getByRole('list', { name: 'Mismatches' });
  await expect(kept.getByRole('listitem')).toHaveCount(allowances.length);
  const unknown = kept.getByRole('listitem').filter({ hasText: 'PB-2000-01-001-0001' });
  await unknown.getByRole('button', { name: 'Mark resolved' }).click();
  const resolving = admin.getByRole('dialog', { name: 'Mark mismatch resolved' });
  await resolving.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(resolving.getByText('Say how the mismatch was resolved.')).toBeVisible();
  await resolving.getByLabel('Note').fill('Returned by the bank: not a payment of this programme.');
  await resolving.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(resolving).toBeHidden();
  await expect(unknown).toContainText('Resolved');
  await expect(unknown).toContainText('Returned by the bank: not a payment of this programme.');
  await expect(unknown.getByRole('button', { name: 'Mark resolved' })).toHaveCount(0);

  // The same statement again: recognised, nothing changed.
  await admin.getByRole('button', { name: 'Import Bank Statement' }).click();
  await importing.getByLabel('CSV file').setInputFiles({
    name: 'bank-statement-again.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(statement),
  });
  await importing.getByRole('button', { name: 'Reconcile' }).click();
  await expect(
    importing.getByRole('alert').filter({ hasText: 'Failed to import the bank statement' }),
  ).toContainText('This bank statement was already reconciled with this batch');
  await admin.keyboard.press('Escape');
  await expect(importing).toBeHidden();
  await expect(kept.getByRole('listitem')).toHaveCount(allowances.length);

  // Only the matched payment changed: it is reconciled and its allowance paid; the rest wait.
  await expect(items.getByRole('row').filter({ hasText: paid.reference })).toContainText('Reconciled');
  await expect(items.getByRole('row').filter({ hasText: short.reference })).toContainText('Pending');
  await expect(admin.getByRole('region', { name: 'Batch summary' })).toContainText(
    `${allowances.length - 1} pending · 0 paid · 1 reconciled`,
  );

  // Mark as Paid pays the rest, with the keyboard.
  await admin.getByRole('button', { name: 'Mark as Paid' }).click();
  const paying = admin.getByRole('dialog', { name: `Mark ${batchRef} as Paid` });
  await expect(paying).toContainText(`${allowances.length - 1} allowances still to pay`);
  await paying.getByRole('button', { name: 'Mark as Paid' }).focus();
  await admin.keyboard.press('Enter');
  await expect(paying).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Batch summary' })).toContainText(
    `0 pending · ${allowances.length - 1} paid · 1 reconciled`,
  );
  const stillApproved = await admin.request.get('/api/allowances?stage=approved&pageSize=200');
  const left = ((await stillApproved.json()) as { items: Listed[] }).items.filter(
    (a) => `${a.month} ${a.year}` === `${month} ${year}`,
  );
  expect(left).toEqual([]);

  // Back to the list: the batch with its count, total and status.
  await admin.getByRole('button', { name: 'All payment batches' }).click();
  const list = admin.getByRole('table', { name: 'Payment batches' });
  await expect(list.getByRole('row').filter({ hasText: batchRef })).toContainText(totalText);
  await expect(list.getByRole('row').filter({ hasText: batchRef })).toContainText('Paid');
});

test('ADM001 adds ticked approved allowances to a batch on Allowance Management; one already batched is left out', async ({
  browser,
}) => {
  const admin = await as(browser, 'ADM001');
  // The first page of approved allowances, as Allowance Management lists them (25 a page).
  const response = await admin.request.get('/api/allowances?stage=approved&page=1&pageSize=25');
  const listed = ((await response.json()) as { items: Listed[] }).items;
  // A row is ticked by its label (student, period): the demo has a student with two of a month.
  const label = (a: Listed) => `${a.student_name}, ${a.month} ${a.year}`;
  const items = listed.filter((a) => listed.filter((b) => label(b) === label(a)).length === 1);
  expect(items.length).toBeGreaterThanOrEqual(3);
  const [taken, ...rest] = items as [Listed, ...Listed[]];
  const chosen = rest.slice(0, 2);
  // One of them goes into a batch first, through the API: still approved, but not batchable again.
  const first = await admin.request.post('/api/payment-batches', { data: { allowance_ids: [taken.id] } });
  expect(first.status(), await first.text()).toBe(201);
  const takenRef = ((await first.json()) as { reference: string }).reference;
  const total = chosen.reduce((sum, a) => sum + Math.round(Number(a.total) * 100), 0);
  const totalText = zmw((total / 100).toFixed(2));

  await admin.goto('/allowances');
  await admin.getByLabel('Filter by stage').selectOption('approved');
  await expect(admin).toHaveURL(/stage=approved/);
  const table = admin.getByRole('table');
  for (const a of [taken, ...chosen])
    await table.getByRole('checkbox', { name: `Select ${label(a)}` }).check();
  const bar = admin.getByRole('region', { name: 'Bulk decision' });
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: 'Add to Payment Batch' }).click();

  const dialog = admin.getByRole('dialog', { name: 'Add to Payment Batch' });
  await expect(dialog).toContainText('3 allowances selected.');
  // With the keyboard, as the bulk decision dialog is used.
  await dialog.getByRole('button', { name: 'Create Batch' }).focus();
  await admin.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const result = admin.getByRole('region', { name: 'Payment batch created' });
  await expect(result.getByRole('heading', { name: 'Payment batch created' })).toBeFocused();
  await expect(result.getByTestId('batch-created')).toContainText(`: 2 allowances, ${totalText}.`);
  const batchRef = ((await result.getByTestId('batch-created').textContent()) ?? '').split(':')[0]!;
  expect(batchRef).toMatch(/^PB-\d{4}-\d{2}-\d{3}$/);
  const leftOut = result.getByRole('list', { name: 'Allowances left out' }).getByRole('listitem');
  await expect(leftOut).toHaveCount(1);
  await expect(leftOut).toContainText(label(taken));
  await expect(leftOut).toContainText(`It is already in payment batch ${takenRef}.`);
  await expect(bar).toBeHidden();

  await result.getByRole('link', { name: `Open payment batch ${batchRef}` }).click();
  await expect(admin).toHaveURL(/\/payment-batches\?open=/);
  await expect(admin.getByRole('heading', { name: `Payment Batch ${batchRef}` })).toBeVisible();
  await expect(admin.getByText(`Selection · 2 allowances · ${totalText}`)).toBeVisible();
  const batchItems = admin.getByRole('table', { name: 'Allowances in this batch' });
  await expect(batchItems.getByRole('row')).toHaveCount(3);
  for (const a of chosen) await expect(batchItems).toContainText(a.student_name);
});

test('a deputy manager is told the screen is for admins, and the API refuses them', async ({ browser }) => {
  const manager = await as(browser, 'DPM001');
  await manager.goto('/payment-batches');
  await expect(manager.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect((await manager.request.get('/api/payment-batches')).status()).toBe(403);
});
