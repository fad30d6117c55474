import { expect, signedInPages, test, unique, waitForToastsToGo } from './support/fixtures';

/**
 * Excel Beyond Events (/events): a student registers for an event and cancels; the organizer sees
 * who is coming; a full event and a closed one say so.
 */

const as = signedInPages();

const inDays = (days: number, hour = 14) => {
  const day = new Date(Date.now() + days * 86_400_000);
  return {
    date: day.toISOString().slice(0, 10),
    iso: new Date(
      `${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+02:00`,
    ).toISOString(),
  };
};

test('a student registers for an event and cancels; the organizer sees the attendees', async ({
  browser,
}) => {
  // Two accounts, two toast waits of up to 5 s each and a download: on a loaded two-core machine
  // the default minute ran out at the last lines.
  test.slow();
  const organizer = await as(browser, 'PO001');
  const title = unique('Scholarship essay clinic ');
  const start = inDays(10);
  const created = await organizer.request.post('/api/events', {
    data: {
      title,
      description: 'Bring your essay draft.',
      type: 'workshop',
      date: start.date,
      time: '14:00',
      location: 'Programme office',
      max_attendees: 5,
      registration_deadline: inDays(9).iso,
      tags: ['essays', 'scholarships'],
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;

  const student = await as(browser, 'STU001');
  await student.goto('/events');
  await expect(student.getByRole('heading', { name: 'Excel Beyond Events' })).toBeVisible();
  await expect(student.getByRole('button', { name: 'Create Event' })).toHaveCount(0);
  await student.getByRole('searchbox', { name: /Search events/ }).fill(title);
  const card = student
    .getByRole('article')
    .filter({ hasText: title })
    .or(student.getByRole('listitem').filter({ hasText: title }))
    .first();
  await expect(card).toContainText('0 / 5');
  await card.getByRole('button', { name: `Register: ${title}` }).click();
  await expect(student.getByText('You are registered.', { exact: true })).toBeVisible();
  await expect(card).toContainText('1 / 5');
  await waitForToastsToGo(student);
  await card.getByRole('button', { name: `Cancel Registration: ${title}` }).click();
  await expect(student.getByText('Your registration is cancelled.', { exact: true })).toBeVisible();
  await expect(card).toContainText('0 / 5');
  await waitForToastsToGo(student);
  await card.getByRole('button', { name: `Register: ${title}` }).click();
  await expect(card).toContainText('1 / 5');

  // The organizer opens it: the student is on the list; the calendar file downloads.
  await organizer.goto(`/events?open=${id}`);
  const detail = organizer.getByRole('dialog', { name: title });
  await expect(detail).toContainText('Natasha Banda');
  const [ics] = await Promise.all([
    organizer.waitForEvent('download'),
    detail.getByRole('link', { name: 'Add to Calendar' }).click(),
  ]);
  expect(ics.suggestedFilename()).toMatch(/\.ics$/);

  // Nobody else may see who is coming.
  expect((await student.request.get(`/api/events/${id}/attendees`)).status()).toBe(403);
});
