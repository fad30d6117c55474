import type { Page } from '@playwright/test';
import { expect, postJson, signedInPages, test, unique, waitForToastsToGo } from './support/fixtures';

/**
 * Graduation Yearbook (/yearbook) and Yearbook Management (/yearbook-admin): a graduate submits and
 * edits their entry and shares a memory; the deputy manager creates, publishes, approves, rejects
 * and deletes; the PDF downloads; and who may manage.
 */

const as = signedInPages();

/** A class year no yearbook has yet (each test, and each retry, makes its own yearbooks). */
async function freeYear(page: Page): Promise<number> {
  const response = await page.request.get('/api/yearbooks?pageSize=200');
  const taken = new Set(
    ((await response.json()) as { items: Array<{ year: number }> }).items.map((y) => y.year),
  );
  for (;;) {
    const year = 2030 + Math.floor(Math.random() * 70);
    if (!taken.has(year)) return year;
  }
}

/** STU001's student (Natasha Banda) and her class, as Submit Entry's page gives them. */
async function graduate(page: Page) {
  const response = await page.request.get('/api/yearbooks/my-entries');
  const body = (await response.json()) as { student: { id: string; class_year: number } };
  return body.student;
}

test('a graduate edits their entry wherever it is, is offered their own class first, and shares a memory', async ({
  browser,
}) => {
  const manager = await as(browser, 'DPM001');
  const student = await as(browser, 'STU001');
  const natasha = await graduate(student);
  const year = await freeYear(manager);
  const book = await postJson(manager, '/api/yearbooks', {
    year,
    title: unique('Rising '),
    theme: 'Ubuntu',
    status: 'published',
  });
  // Management put her entry in another class: it stays hers to see and change there.
  await postJson(manager, `/api/yearbooks/${book.id}/entries`, { student_id: natasha.id, quote: 'Hello' });

  await student.getByRole('navigation').getByRole('link', { name: 'Yearbook', exact: true }).click();
  await expect(student.getByRole('heading', { name: 'Graduation Yearbook' })).toBeVisible();
  await student.getByRole('button', { name: `Class of ${year}` }).click();
  await expect(student.getByRole('heading', { name: 'Natasha Banda' })).toBeVisible();

  await student.getByRole('tab', { name: 'Submit Entry' }).click();
  const panel = student.getByRole('tabpanel', { name: 'Submit Entry' });
  await expect(panel).toContainText(`Natasha Banda · BSc Nursing · Class of ${natasha.class_year}`);
  // Her own class first, whichever class the page shows; its entry waits in a draft.
  const mine = panel.getByRole('navigation', { name: 'Your yearbook entries' });
  await expect(mine.getByRole('button').first()).toHaveText(`Class of ${natasha.class_year} (your class)`);
  await expect(mine.getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
  const form = panel.getByRole('form', { name: 'Submit Your Yearbook Entry' });
  await expect(form).toContainText(`Your entry goes to the Class of ${natasha.class_year} yearbook`);

  await mine.getByRole('button', { name: `Class of ${year}` }).click();
  await expect(form).toContainText(`Your entry in the Class of ${year} yearbook`);
  await expect(form).toContainText(`This is not your own class (Class of ${natasha.class_year})`);
  await expect(form.getByText('Approved')).toBeVisible();
  await form.getByRole('textbox', { name: 'Profile Photo URL' }).fill('not a link');
  await form.getByRole('textbox', { name: 'Personal Quote' }).fill('Ubuntu: I am because we are.');
  await expect(form.getByText('28 / 250')).toBeVisible();
  await form.getByRole('button', { name: 'Update Entry' }).click();
  await expect(form.getByText('Enter a valid web address starting with http:// or https://')).toBeVisible();
  await form.getByRole('textbox', { name: 'Profile Photo URL' }).fill('');
  await form.getByRole('textbox', { name: 'Achievements' }).fill("Dean's list; class representative.");
  await form.getByRole('button', { name: 'Update Entry' }).click();
  await expect(student.getByText('Your entry has been updated and is pending approval!')).toBeVisible();
  await expect(form.getByText('Pending')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Personal Quote' })).toHaveValue(
    'Ubuntu: I am because we are.',
  );

  // The reviewer sees she has an entry in another class too.
  await manager.goto(`/yearbook-admin?tab=entries&yearbook=${book.id}`);
  const row = manager
    .getByRole('table', { name: `Entries for Class of ${year}` })
    .getByRole('row')
    .filter({ hasText: 'Natasha Banda' });
  await expect(row).toContainText(`Also has an entry in Class of ${natasha.class_year}`);

  await student.getByRole('tab', { name: 'Memory Wall' }).click();
  await expect(student.getByText('No memories yet. Be the first to share!')).toBeVisible();
  await student.getByRole('button', { name: 'Share a Memory' }).click();
  const share = student.getByRole('form', { name: 'Share a Memory' });
  await expect(share.getByPlaceholder('Share your favorite memory...')).toBeFocused();
  await share.getByPlaceholder('Share your favorite memory...').fill('   ');
  await share.getByRole('button', { name: 'Post Memory' }).click();
  await expect(share.getByText('Please write your memory before posting.')).toBeVisible();
  const memory = unique('Tea and fritters in the library at midnight ');
  await share.getByPlaceholder('Share your favorite memory...').fill(memory);
  await share.getByRole('button', { name: 'Post Memory' }).click();
  const post = student.getByRole('listitem').filter({ hasText: memory });
  await expect(post).toContainText('Natasha Banda');
  await expect(student.getByText('1 Memory')).toBeVisible();
});

test('Submit Entry is offered only to an account with a student record', async ({ browser }) => {
  const reader = await as(browser, 'USR001');
  await reader.goto('/yearbook?tab=submit');
  await expect(reader.getByRole('tab', { name: 'Graduates' })).toHaveAttribute('aria-selected', 'true');
  await expect(reader.getByRole('tab', { name: 'Memory Wall' })).toBeVisible();
  await expect(reader.getByRole('tab', { name: 'Submit Entry' })).toHaveCount(0);
  await expect(reader.getByText('Student profile not found')).toHaveCount(0);
});

test('the deputy manager creates, publishes, reviews and deletes; everyone reads and downloads the yearbook', async ({
  browser,
}) => {
  // A long walk through five accounts: over a minute when CI's two cores are busy.
  test.slow();
  const manager = await as(browser, 'DPM001');
  const year = await freeYear(manager);
  const lastName = unique('Mulenga');
  await postJson(manager, '/api/students', {
    first_name: 'Chola',
    last_name: lastName,
    current_program: 'BSc Nursing',
    program_status: 'graduated',
  });

  await manager.getByRole('navigation').getByRole('link', { name: 'Yearbook Admin' }).click();
  await expect(manager.getByRole('heading', { name: 'Yearbook Management' })).toBeVisible();
  await manager.getByRole('button', { name: 'Create Yearbook' }).click();
  const create = manager.getByRole('dialog', { name: 'Create Yearbook' });
  await create.getByRole('textbox', { name: 'Year' }).fill(String(year));
  await create.getByRole('button', { name: 'Create Yearbook' }).click();
  await expect(create.getByText('Title is required')).toBeVisible();
  await create.getByRole('textbox', { name: 'Title' }).fill('The Road Ahead');
  await create.getByRole('textbox', { name: 'Theme' }).fill('Graduating into a changing Zambia');
  await create.getByRole('button', { name: 'Create Yearbook' }).click();
  await expect(manager.getByText('Yearbook created.')).toBeVisible();

  const card = manager.getByRole('listitem').filter({ hasText: `Class of ${year}` });
  await expect(card).toContainText('Draft');
  await card.getByRole('button', { name: 'Publish' }).click();
  const confirm = manager.getByRole('alertdialog');
  await expect(confirm).toContainText('It will be visible to everyone');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await expect(card).toContainText('Published');
  await expect(card.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await card.getByRole('button', { name: `Class of ${year}` }).click();

  // The graduate's entry, placed here by management, is changed by her: it waits in the manager's
  // bell and entries. (A new entry of hers would go to her own class only.)
  const student = await as(browser, 'STU001');
  const graduateRecord = await graduate(student);
  const yearbookId = (
    (await (await student.request.get('/api/yearbooks?pageSize=200')).json()) as {
      items: Array<{ id: string; year: number }>;
    }
  ).items.find((y) => y.year === year)!.id;
  expect(
    (await student.request.put(`/api/yearbooks/${yearbookId}/my-entry`, { data: { quote: 'Hi' } })).status(),
  ).toBe(409);
  await postJson(manager, `/api/yearbooks/${yearbookId}/entries`, { student_id: graduateRecord.id });
  expect(
    (
      await student.request.put(`/api/yearbooks/${yearbookId}/my-entry`, { data: { quote: 'Keep going.' } })
    ).ok(),
  ).toBe(true);

  await manager.getByRole('tab', { name: 'Entries' }).click();
  await expect(manager.getByRole('heading', { name: `Entries for Class of ${year}` })).toBeVisible();
  await manager.getByRole('button', { name: 'Add Entry' }).click();
  const add = manager.getByRole('dialog', { name: 'Add Entry' });
  await add.getByRole('button', { name: 'Add Entry' }).click();
  await expect(add.getByText('Please select a student')).toBeVisible();
  await add.getByRole('combobox').fill(lastName);
  await add.getByRole('option', { name: `Chola ${lastName} - BSc Nursing` }).click();
  await add.getByRole('textbox', { name: 'Quote' }).fill('Never give up.');
  await add.getByRole('button', { name: 'Add Entry' }).click();
  await expect(manager.getByText('Entry added.')).toBeVisible();

  const table = manager.getByRole('table', { name: `Entries for Class of ${year}` });
  const added = table.getByRole('row').filter({ hasText: lastName });
  await expect(added).toContainText('Approved');
  const natasha = table.getByRole('row').filter({ hasText: 'Natasha Banda' });
  await expect(natasha).toContainText('Pending');
  await expect(manager.getByRole('region', { name: 'Entry figures' })).toContainText('Pending Review1');

  await waitForToastsToGo(manager);
  await natasha.getByRole('button', { name: 'Reject Natasha Banda' }).click();
  await expect(manager.getByRole('alertdialog')).toContainText('Are you sure you want to reject this entry?');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(natasha).toContainText('Rejected');
  await expect(natasha.getByRole('button', { name: 'Approve Natasha Banda' })).toHaveCount(0);

  // Resubmitted, it is pending again and is approved.
  expect(
    (
      await student.request.put(`/api/yearbooks/${yearbookId}/my-entry`, {
        data: { quote: 'Keep going, always.' },
      })
    ).ok(),
  ).toBe(true);
  await manager.reload();
  await expect(natasha).toContainText('Pending');
  await natasha.getByRole('button', { name: 'Approve Natasha Banda' }).click();
  await expect(manager.getByText("Natasha Banda's entry approved.")).toBeVisible();
  await expect(natasha).toContainText('Approved');

  // Everyone reads the class and downloads it.
  const reader = await as(browser, 'USR001');
  await reader.goto(`/yearbook?year=${year}`);
  await expect(reader.getByRole('heading', { name: 'The Road Ahead' })).toBeVisible();
  const graduates = reader.getByRole('list', { name: 'Graduates' });
  await expect(graduates.getByRole('heading', { name: 'Natasha Banda' })).toBeVisible();
  await expect(graduates).toContainText('Keep going, always.');
  await reader.getByPlaceholder('Search graduates...').fill(lastName.slice(0, 12));
  await expect(graduates.getByRole('heading')).toHaveText([`Chola ${lastName}`]);
  const [download] = await Promise.all([
    reader.waitForEvent('download'),
    reader.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`yearbook-class-of-${year}.pdf`);
  const pdf = await download.createReadStream().then(async (stream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Management only: others are turned away at the door.
  await reader.goto('/yearbook-admin');
  await expect(reader.getByText('Access Denied')).toBeVisible();

  // Deleting the yearbook takes its entries with it, after a warning.
  await waitForToastsToGo(manager);
  await manager.getByRole('tab', { name: 'Yearbooks' }).click();
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByRole('alertdialog')).toContainText(
    'This will also delete all entries and memories.',
  );
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByText('Yearbook deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
});
