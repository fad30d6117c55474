import type { Page } from '@playwright/test';
import { expect, postJson, signedInPages, test, unique, waitForToastsToGo } from './support/fixtures';

/**
 * Forms Management (/forms) and Student Files (/files): an officer fills in and completes a home
 * visit, the deputy manager reviews it and it is locked; an officer uploads files for a student
 * (one refused in the browser, one by the server), views, downloads and deletes them.
 */

const as = signedInPages();

async function newStudent(officer: Page, prefix: string) {
  const last = unique(prefix);
  await postJson(officer, '/api/students', { first_name: 'Chanda', last_name: last });
  return `Chanda ${last}`;
}

test('an officer completes a home visit; the deputy manager reviews it, which locks it', async ({
  browser,
}) => {
  const officer = await as(browser, 'PO001');
  const name = await newStudent(officer, 'Visit');
  await officer.goto('/forms');
  await expect(officer.getByRole('heading', { name: 'Forms Management' })).toBeVisible();

  await officer.getByRole('button', { name: 'New Form' }).click();
  await officer
    .getByRole('dialog', { name: 'New Form' })
    .getByRole('button', { name: /Home Visit/ })
    .click();
  const form = officer.getByRole('dialog', { name: /^(New|Edit) Home Visit$/ });
  await form.getByRole('combobox', { name: 'Student' }).fill(name);
  await form.getByRole('option').filter({ hasText: name }).first().click();
  await form.getByRole('textbox', { name: 'People present' }).fill('Chanda and her grandmother');
  await form.getByRole('textbox', { name: 'Follow-up actions' }).fill('Bring a study lamp.');
  // Completing without the living conditions: the field says what is missing and nothing is saved.
  await form.getByRole('button', { name: 'Complete Form' }).click();
  await expect(form.getByText('Living conditions is required')).toBeVisible();
  await expect(form.getByRole('heading', { name: 'New Home Visit' })).toBeVisible();
  await form.getByRole('textbox', { name: 'Living conditions' }).fill('Two rooms, dry and quiet.');
  await form.getByRole('button', { name: 'Complete Form' }).click();
  await expect(officer.getByText('Form completed.', { exact: true })).toBeVisible();

  const { items } = (await (
    await officer.request.get(`/api/forms?q=${encodeURIComponent(name)}`)
  ).json()) as {
    items: Array<{ id: string; status: string }>;
  };
  expect(items.map((f) => f.status)).toEqual(['completed']);
  const id = items[0]!.id;

  const manager = await as(browser, 'DPM001');
  await manager.goto(`/forms?open=${id}`);
  const opened = manager.getByRole('dialog', { name: `Home Visit: ${name}` });
  await expect(opened).toContainText('Two rooms, dry and quiet.');
  await opened.getByRole('button', { name: 'Review' }).click();
  const review = manager.getByRole('dialog', { name: 'Review Form' });
  await review.getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(review.getByText('Please write a review note')).toBeVisible();
  await review.getByRole('textbox', { name: 'Review note' }).fill('Thorough. Follow up on the lamp.');
  await review.getByRole('button', { name: 'Mark as Reviewed' }).click();
  await expect(manager.getByText('Form reviewed.', { exact: true })).toBeVisible();
  await expect(opened).toContainText('Thorough. Follow up on the lamp.');
  await expect(opened.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(opened.getByRole('button', { name: 'Review' })).toHaveCount(0);

  // Locked for its author too; it still prints.
  await officer.goto(`/forms?open=${id}`);
  const locked = officer.getByRole('dialog', { name: `Home Visit: ${name}` });
  await expect(locked).toContainText('Reviewed');
  await expect(locked.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(locked.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  const [pdf] = await Promise.all([
    officer.waitForEvent('download'),
    locked.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^home-visit-chanda-.*\.pdf$/);
  const stored = (await (await officer.request.get(`/api/forms/${id}`)).json()) as Record<string, unknown>;
  const { type, student_id, form_date, fields } = stored;
  const edit = await officer.request.put(`/api/forms/${id}`, {
    data: { type, student_id, form_date, fields },
  });
  expect(edit.status()).toBe(409);
});

test('a home visit shows its photo; an edit meets changes saved meanwhile: other fields merge, the same field shows both values and the officer chooses', async ({
  browser,
}) => {
  const officer = await as(browser, 'PO001');
  const name = await newStudent(officer, 'Conflict');
  const { items } = (await (
    await officer.request.get(`/api/students?q=${encodeURIComponent(name)}`)
  ).json()) as { items: Array<{ id: string }> };
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const draft = {
    type: 'home_visit',
    student_id: items[0]!.id,
    form_date: yesterday,
    fields: { people_present: 'Chanda', living_conditions: 'Two rooms.', follow_up_actions: 'Call.' },
  };
  // A photo from the visit, uploaded before the form that names it.
  const photoId = crypto.randomUUID();
  const photo = await officer.request.put(`/api/form-photos/${photoId}`, {
    data: PNG,
    headers: { 'Content-Type': 'image/png' },
  });
  expect(photo.status()).toBe(201);
  const { id } = await postJson(officer, '/api/forms', { ...draft, photo_ids: [photoId] });
  await officer.goto(`/forms?open=${id}`);
  const shown = officer
    .getByRole('region', { name: 'Photos' })
    .getByRole('img', { name: 'At the visit, 1 of 1' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await officer
    .getByRole('dialog', { name: `Home Visit: ${name}` })
    .getByRole('button', { name: 'Edit' })
    .click();
  const form = officer.getByRole('dialog', { name: 'Edit Home Visit' });
  await expect(form.getByRole('textbox', { name: 'Living conditions' })).toHaveValue('Two rooms.');

  // Meanwhile the deputy manager changes the living conditions and the concerns (version 1 -> 2).
  const manager = await as(browser, 'DPM001');
  const meanwhile = await manager.request.put(`/api/forms/${id}`, {
    data: {
      ...draft,
      fields: { ...draft.fields, living_conditions: 'Three rooms.', concerns: 'The roof leaks.' },
    },
    headers: { 'If-Match': '"1"' },
  });
  expect(meanwhile.status()).toBe(200);

  await form.getByRole('textbox', { name: 'Living conditions' }).fill('One room.');
  await form.getByRole('textbox', { name: 'Follow-up actions' }).fill('Visit again in May.');
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(
    form.getByText('Someone else changed the same fields of this form meanwhile.', { exact: false }),
  ).toBeVisible();
  const living = form.getByRole('group', { name: 'Living conditions' });
  await expect(living.getByRole('radio', { name: 'On the server: Three rooms.' })).toBeVisible();
  // The concerns only the manager changed are taken in already.
  await expect(form.getByRole('textbox', { name: 'Concerns' })).toHaveValue('The roof leaks.');
  await living.getByRole('radio', { name: 'Yours: One room.' }).check();
  await form.getByRole('button', { name: 'Save Draft' }).click();
  await expect(officer.getByText('Form saved.', { exact: true })).toBeVisible();

  const saved = await officer.request.get(`/api/forms/${id}`);
  expect(saved.headers().etag).toBe('"3"');
  const after = (await saved.json()) as { fields: unknown; photo_ids: string[] };
  expect(after.photo_ids).toEqual([photoId]);
  expect(after.fields).toEqual({
    people_present: 'Chanda',
    living_conditions: 'One room.',
    concerns: 'The roof leaks.',
    follow_up_actions: 'Visit again in May.',
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an officer uploads files for a student, views, downloads and deletes them', async ({ browser }) => {
  const officer = await as(browser, 'PO001');
  const name = await newStudent(officer, 'Files');
  await officer.goto('/files');
  await expect(officer.getByRole('heading', { name: 'Student Files' })).toBeVisible();

  await officer.getByRole('button', { name: 'Upload Files' }).click();
  const upload = officer.getByRole('dialog', { name: 'Upload Files' });
  await upload.getByRole('combobox', { name: 'Student' }).fill(name);
  await upload.getByRole('option').filter({ hasText: name }).first().click();
  await upload.getByRole('combobox', { name: 'Category' }).selectOption('academic');
  await upload.locator('input[type="file"]').setInputFiles([
    { name: 'report card.png', mimeType: 'image/png', buffer: PNG },
    { name: 'guardian notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call after 18:00.\n') },
    {
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<!doctype html><script>1</script>'),
    },
    { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(11 * 1024 * 1024, 'a') },
  ]);
  const chosen = upload.getByRole('list', { name: 'Chosen files' });
  await expect(chosen).toContainText('larger than 10 MB');
  await upload.getByRole('button', { name: 'Remove huge.txt' }).click();
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  // The disguised web page is refused by the server, on its own row; the others are stored.
  await expect(chosen).toContainText('This type of file is not accepted');
  await upload.getByRole('button', { name: 'Remove scan.pdf' }).click();
  await upload
    .getByRole('button', { name: 'Cancel' })
    .or(upload.getByRole('button', { name: 'Close' }))
    .first()
    .click();

  await officer.getByRole('searchbox', { name: /Search/ }).fill(name);
  const table = officer.getByRole('table', { name: 'Files' });
  await expect(table.getByRole('row').filter({ hasText: 'report card.png' })).toContainText('Academic');
  await expect(table.getByRole('row').filter({ hasText: 'guardian notes.txt' })).toContainText('18 Bytes');
  await expect(table).not.toContainText('scan.pdf');

  await officer.getByRole('button', { name: 'View report card.png' }).click();
  const image = officer.getByRole('dialog', { name: 'report card.png' });
  await expect(image.getByRole('img', { name: 'report card.png' })).toBeVisible();
  await image.getByRole('button', { name: 'Close' }).first().click();
  await officer.getByRole('button', { name: 'View guardian notes.txt' }).click();
  const text = officer.getByRole('dialog', { name: 'guardian notes.txt' });
  await expect(text).toContainText('Call after 18:00.');
  await text.getByRole('button', { name: 'Close' }).first().click();

  const [saved] = await Promise.all([
    officer.waitForEvent('download'),
    officer.getByRole('link', { name: 'Download guardian notes.txt' }).click(),
  ]);
  expect(saved.suggestedFilename()).toBe('guardian notes.txt');

  await waitForToastsToGo(officer);
  await officer.getByRole('button', { name: 'Delete guardian notes.txt' }).click();
  await officer.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(officer.getByText('File deleted.', { exact: true })).toBeVisible();
  await expect(table).not.toContainText('guardian notes.txt');

  // Another officer finds none of it.
  const other = await as(browser, 'PO002');
  const { items } = (await (await other.request.get(`/api/files?q=${encodeURIComponent(name)}`)).json()) as {
    items: unknown[];
  };
  expect(items).toEqual([]);
});
