import { expect, signedInPages, test, unique } from './support/fixtures';

/**
 * The Students Library (/library): an officer adds a book with its PDF; a student reads it in the
 * app (one download counted for the day, however often), and rates it.
 */

const as = signedInPages();

test('a student reads a book in the app and rates it; the download counts once a day', async ({
  browser,
}) => {
  const officer = await as(browser, 'PO001');
  const title = unique('Study Habits Handbook ');
  const created = await officer.request.post('/api/library', {
    data: { title, author: 'Programme staff', type: 'book', category: 'academic', tags: ['study'] },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  const uploaded = await officer.request.post(`/api/library/${id}/file`, {
    multipart: { file: { name: 'handbook.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(uploaded.status()).toBe(200);

  const student = await as(browser, 'STU001');
  await student.goto('/library');
  await expect(student.getByRole('heading', { name: 'Students Library' })).toBeVisible();
  await expect(student.getByRole('button', { name: 'Add Resource' })).toHaveCount(0);
  await student.getByRole('searchbox', { name: /Search library/ }).fill(title);
  const card = student.getByRole('article', { name: title });
  await expect(card).toContainText('0 downloads');
  await card.getByRole('button', { name: `Read Now: ${title}` }).click();
  const reader = student.getByRole('dialog', { name: title });
  await expect(reader.locator('iframe')).toBeVisible();
  // Reading the book itself is what counts, and the figure shown follows.
  await expect(reader).toContainText('1 download');
  // The star a user clicks is the radio's label (the radio itself is visually hidden).
  await reader.locator('label').filter({ hasText: '4 stars' }).click();
  await expect(reader.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(student.getByText('Thank you for rating.', { exact: true })).toBeVisible();
  await expect(reader).toContainText('You gave 4 of 5');
  // Closed with its button: a PDF in the frame may hold the keyboard, so Escape can go to the reader.
  await reader.getByRole('button', { name: 'Close' }).first().click();
  await expect(reader).toBeHidden();
  // Opening it again the same day counts nobody new.
  expect(await (await student.request.post(`/api/library/${id}/open`)).json()).toEqual({ downloads: 1 });

  const resource = (await (await student.request.get(`/api/library/${id}`)).json()) as {
    downloads: number;
    rating_count: number;
    rating_average: number;
  };
  expect(resource).toMatchObject({ downloads: 1, rating_count: 1, rating_average: 4 });
  await expect(card.getByRole('img', { name: /^4 of 5 stars, 1 rating/ })).toBeVisible();
});
