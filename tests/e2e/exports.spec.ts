import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, LUSAKA_YEAR, postJson, signedInPages, test, unique } from './support/fixtures';

/**
 * Exports that re-import unchanged (docs/decisions/006-exports-round-trip.md): a student exported
 * from Student Management and imported again, and an allowance exported from Allowance Management
 * and uploaded again, come back with the values they were made from, phone numbers and
 * formula-like text included.
 */

const YEAR = LUSAKA_YEAR;

const as = signedInPages();

/** Clicks the page's Export CSV link and answers the downloaded file, ready to be chosen in a file field. */
async function exportCsv(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  const buffer = readFileSync((await download.path())!);
  return { name: download.suggestedFilename(), mimeType: 'text/csv', buffer, text: buffer.toString('utf8') };
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

const STUDENT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'contact_number',
  'community',
  'program_level',
  'institution_name',
  'current_program',
  'chl_number',
  'gender',
  'date_of_birth',
] as const;

test('a student exported and imported again comes back unchanged', async ({ browser }) => {
  const admin = await as(browser, 'ADM001');
  const token = unique('Roundtrip');
  const original = {
    first_name: 'Chisomo',
    last_name: token,
    email: `${token.toLowerCase()}@mail.example`,
    contact_number: '+260977100001',
    community: '=Kabwata, "Block 4"',
    program_level: 'diploma',
    institution_name: 'Evelyn Hone College, Lusaka',
    current_program: '-Accounting (evening)',
    chl_number: `${token}-CHL`,
    gender: 'female',
    date_of_birth: '2004-02-29',
  };
  const created = await postJson(admin, '/api/students', original);

  await admin.goto(`/students?q=${token}`);
  await expect(admin.getByText('Showing 1–1 of 1')).toBeVisible();
  const exported = await exportCsv(admin);
  expect(exported.text).toContain('+260977100001');
  expect(exported.text).not.toContain("'+260977100001");
  expect(exported.text).toContain(`"'=Kabwata, ""Block 4"""`);

  // Gone, then back from the export.
  expect((await admin.request.delete(`/api/students/${created.id}`)).status()).toBe(204);
  await admin.goto('/students');
  await admin.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Import Students from CSV' });
  await dialog.getByLabel('CSV file').setInputFiles(exported);
  await expect(dialog.getByTestId('import-counts')).toHaveText('1 row to import, 0 rows to drop');
  await dialog.getByRole('button', { name: 'Import 1 student' }).click();
  await expect(admin.getByText('Successfully imported 1 student').first()).toBeVisible();

  const { items } = await getJson<{ items: Array<{ id: string }> }>(admin, `/api/students?q=${token}`);
  expect(items).toHaveLength(1);
  // The list sends list items; contact number and date of birth come with the whole record.
  const record = await getJson<Record<string, unknown>>(admin, `/api/students/${items[0]!.id}`);
  const back = Object.fromEntries(STUDENT_FIELDS.map((f) => [f, record[f]]));
  expect(back).toEqual(original);
});

test('an allowance exported and uploaded again comes back with the same amounts', async ({ browser }) => {
  const officer = await as(browser, 'PO001');
  const token = unique('Refiled');
  const student = await postJson(officer, '/api/students', {
    first_name: 'Mutinta',
    last_name: token,
    chl_number: `${token}-CHL`,
  });
  const allowance = await postJson(officer, '/api/allowances', {
    student_id: student.id,
    month: 'October',
    year: YEAR - 1,
    program_level: 'university',
    stipend: '1500.50',
    medical: '200',
    transportation: '0.75',
    accommodation: '800',
  });
  // Denied, so the month is open again for the same allowance filed anew.
  const manager = await as(browser, 'DPM001');
  const denied = await manager.request.post(`/api/allowances/${allowance.id}/decision`, {
    data: { decision: 'deny', comment: 'Receipts missing', expected_stage: 'pending_dpm' },
  });
  expect(denied.ok(), await denied.text()).toBe(true);

  await officer.goto(`/allowances?q=${token}`);
  await expect(officer.getByRole('table')).toContainText(`Mutinta ${token}`);
  const exported = await exportCsv(officer);

  await officer.getByRole('button', { name: 'Bulk Upload' }).click();
  const dialog = officer.getByRole('dialog', { name: 'Bulk Upload Allowances' });
  await dialog.getByLabel('CSV file').setInputFiles(exported);
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('bulk-preview-counts')).toHaveText('1 row ready to upload');
  await expect(preview).toContainText('ZMW 2,501.25');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(officer.getByText('Successfully uploaded 1 allowance!')).toBeVisible();

  const { items } = await getJson<{ items: Array<Record<string, unknown>> }>(
    officer,
    `/api/allowances?q=${token}&pageSize=10`,
  );
  const pick = (a: Record<string, unknown>) => ({
    student_id: a.student_id,
    month: a.month,
    year: a.year,
    program_level: a.program_level,
    stipend: a.stipend,
    medical: a.medical,
    transportation: a.transportation,
    school_supplies: a.school_supplies,
    accommodation: a.accommodation,
    total: a.total,
  });
  const [refiled, first] = [
    items.find((a) => a.approval_stage === 'pending_dpm')!,
    items.find((a) => a.id === allowance.id)!,
  ];
  expect(items).toHaveLength(2);
  expect(pick(refiled)).toEqual(pick(first));
  expect(refiled.total).toBe('2501.25');
});
