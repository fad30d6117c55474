import { expect, signedInPages, test, unique } from './support/fixtures';

/**
 * Announcements (/announcements): an officer publishes one for students, a student reads it (the
 * count goes up, once), and an officers-only notice never reaches the student.
 */

const as = signedInPages();

test('an officer publishes for students; a student reads it and is counted once; officers’ notices stay with staff', async ({
  browser,
}) => {
  const officer = await as(browser, 'PO001');
  const title = unique('Exam timetable posted ');
  await officer.goto('/announcements');
  await expect(officer.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await officer.getByRole('button', { name: 'New Announcement' }).click();
  const form = officer.getByRole('dialog', { name: 'New Announcement' });
  await form.getByRole('button', { name: 'Publish' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form
    .getByRole('textbox', { name: 'Content' })
    .fill(
      `The timetable for the mid-term exams is on the notice board. ${'Check your venue and time. '.repeat(10)}`,
    );
  await form.getByRole('combobox', { name: 'Audience' }).selectOption('students');
  await form.getByRole('combobox', { name: 'Priority' }).selectOption('urgent');
  await form.getByRole('button', { name: 'Publish' }).click();
  // The toast (exact); the dialog, reopened for attachments, says it too, with more words.
  await expect(officer.getByText('Announcement published.', { exact: true })).toBeVisible();

  const hidden = unique('Staff only ');
  const staffOnly = await officer.request.post('/api/announcements', {
    data: { title: hidden, content: 'Officers meet on Monday.', target_audience: 'officers' },
  });
  expect(staffOnly.status()).toBe(201);
  const staffOnlyId = ((await staffOnly.json()) as { id: string }).id;

  const student = await as(browser, 'STU001');
  await student.goto('/announcements');
  await student.getByRole('searchbox', { name: 'Search announcements' }).fill(title);
  const card = student.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('Read by 0 people');
  await expect(card).toContainText('...');
  await expect(student.getByRole('button', { name: 'New Announcement' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Read More: ${title}` }).click();
  const full = student.getByRole('dialog', { name: title });
  await expect(full).toContainText('Check your venue and time. Check your venue and time.');
  await expect(full).toContainText('Read by 1 person');
  await student.keyboard.press('Escape');
  await expect(card).toContainText('Read by 1 person');
  // Opening it again counts nobody new.
  await card.getByRole('button', { name: `Read More: ${title}` }).click();
  await expect(student.getByRole('dialog', { name: title })).toContainText('Read by 1 person');
  await student.keyboard.press('Escape');

  // The officers' notice: not in the student's list, and a hand-made request finds nothing.
  await student.getByRole('searchbox', { name: 'Search announcements' }).fill(hidden);
  await expect(student.getByText('No announcements found matching your criteria.')).toBeVisible();
  expect((await student.request.get(`/api/announcements/${staffOnlyId}`)).status()).toBe(404);
  expect((await student.request.post(`/api/announcements/${staffOnlyId}/read`)).status()).toBe(404);
  await student.goto(`/announcements?open=${staffOnlyId}`);
  await expect(student.getByText('Announcement not found')).toBeVisible();
});
