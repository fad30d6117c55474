import type { Page } from '@playwright/test';
import { expect, postJson, signedInPages, test, unique } from './support/fixtures';

/**
 * Impact Stories (/impact-stories) and their management (/impact-stories-admin): reading,
 * searching, filtering, the timeline and a story's details; management adding, approving,
 * featuring (at most 3) and deleting; who may manage.
 */

const as = signedInPages();

interface Listed {
  id: string;
  featured: boolean;
  approved: boolean;
}

async function categoryId(page: Page, name: string): Promise<string> {
  const { items } = (await (await page.request.get('/api/story-categories')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  return items.find((c) => c.name === name)!.id;
}

/** Three featured stories, as the demo has them, whatever an earlier attempt left. */
async function threeFeatured(manager: Page) {
  const { items } = (await (await manager.request.get('/api/impact-stories/manage?pageSize=200')).json()) as {
    items: Listed[];
  };
  let featured = items.filter((s) => s.featured).length;
  for (const story of items.filter((s) => s.approved && !s.featured)) {
    if (featured >= 3) break;
    await postJson(manager, `/api/impact-stories/${story.id}/feature`, { featured: true });
    featured++;
  }
}

test('a reader searches, filters, reads the timeline and opens a story with its video', async ({
  browser,
}) => {
  const manager = await as(browser, 'DPM001');
  const title = unique('Solar lamps for Mongu ');
  await postJson(manager, '/api/impact-stories', {
    student_name: 'Mutinta Hamoonga',
    year: 2025,
    title,
    excerpt: 'She fitted solar lamps in forty homes so younger pupils could study after dark.',
    content: 'Mutinta studied electrical engineering...\n\nNow she trains others.',
    category_id: await categoryId(manager, 'Community Impact'),
    video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    approved: true,
  });

  const reader = await as(browser, 'USR001');
  await reader.getByRole('navigation').getByRole('link', { name: 'Impact Stories' }).click();
  await expect(reader.getByRole('heading', { name: 'Real Stories. Real Impact.' })).toBeVisible();
  const featured = reader.getByRole('list', { name: 'Featured Stories' }).getByRole('listitem');
  await expect(featured.first()).toBeVisible();
  expect(await featured.count()).toBeLessThanOrEqual(3);

  const search = reader.getByPlaceholder('Search stories by name, title, or keyword...');
  await search.fill('Copperbelt');
  const all = reader.getByRole('list', { name: 'All stories' });
  await expect(all.getByRole('heading')).toHaveText(['Nursing on the Copperbelt']);
  await expect(reader.getByRole('list', { name: 'Featured Stories' })).toHaveCount(0);
  await search.fill('nothing like this at all');
  await expect(reader.getByText('No stories found matching your criteria')).toBeVisible();
  await search.fill('');
  // Cleared, the featured row comes back above the chips: wait for it, or it moves the chip
  // between the press and the release of the click below.
  await expect(reader.getByRole('list', { name: 'Featured Stories' })).toBeVisible();

  // A chip filters; a second click clears it. The dropdown does the same.
  const leadership = reader
    .getByRole('list', { name: 'Categories' })
    .getByRole('button', { name: 'Leadership' });
  await leadership.click();
  await expect(leadership).toHaveAttribute('aria-pressed', 'true');
  await expect(all.getByRole('listitem').first()).toContainText('Leadership');
  for (const card of await all.getByRole('listitem').all()) await expect(card).toContainText('Leadership');
  await leadership.click();
  await expect(leadership).toHaveAttribute('aria-pressed', 'false');
  await expect(reader).not.toHaveURL(/category=/);
  await reader.getByLabel('Category').selectOption({ label: 'Community Impact' });
  await expect(all).toContainText(title);
  await expect(all).not.toContainText('Leadership');

  await reader.getByRole('button', { name: 'Timeline' }).click();
  const timeline = reader.getByRole('region', { name: /^Posted in \d{4}$/ }).first();
  await expect(timeline.locator('time').first()).toBeVisible();
  await timeline.getByRole('button', { name: title }).click();

  const story = reader.getByRole('dialog', { name: title });
  await expect(story).toContainText('Mutinta Hamoonga');
  await expect(story).toContainText('Class of 2025');
  await expect(story).toContainText('Community Impact');
  await expect(story).toContainText('1 view');
  await expect(story.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  );
  // Opening it again the same day counts no more.
  await reader.keyboard.press('Escape');
  await timeline.getByRole('button', { name: title }).click();
  await expect(reader.getByRole('dialog', { name: title })).toContainText('1 view');
});

test('the deputy manager adds, approves, features (at most 3) and deletes a story; officers may not manage', async ({
  browser,
}) => {
  const manager = await as(browser, 'DPM001');
  await threeFeatured(manager);
  const lastName = unique('Hamoonga');
  await postJson(manager, '/api/students', {
    first_name: 'Mutale',
    last_name: lastName,
    current_program: 'BA Education',
  });

  await manager.getByRole('navigation').getByRole('link', { name: 'Stories Admin' }).click();
  await expect(manager.getByRole('heading', { name: 'Impact Stories Management' })).toBeVisible();
  await expect(manager.getByRole('region', { name: 'Story figures' })).toContainText('Featured3');

  await manager.getByRole('button', { name: 'Add Story' }).click();
  const form = manager.getByRole('dialog', { name: 'Add New Story' });
  await form.getByRole('textbox', { name: 'Student Name' }).fill('');
  await form.getByRole('button', { name: 'Add Story' }).click();
  for (const message of [
    'Student name is required',
    'Title is required',
    'Excerpt is required',
    'Content is required',
    'Please choose a category',
  ])
    await expect(form.getByText(message)).toBeVisible();
  await form.getByRole('combobox', { name: 'Student record' }).fill(lastName);
  await form.getByRole('option', { name: `Mutale ${lastName} - BA Education` }).click();
  await expect(form.getByRole('textbox', { name: 'Student Name' })).toHaveValue(`Mutale ${lastName}`);
  await expect(form.getByRole('textbox', { name: 'Program' })).toHaveValue('BA Education');
  const title = unique('Teaching in Kaoma ');
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Excerpt' }).fill('A new teacher returns home.');
  await expect(form.getByText('Aim for 150-200 characters · 27 / 200')).toBeVisible();
  await form
    .getByRole('textbox', { name: 'Content' })
    .fill('Mutale trained as a teacher and went back to Kaoma.');
  await form.getByLabel('Category').selectOption({ label: 'Career Success' });
  await form.getByRole('button', { name: 'Add Story' }).click();
  await expect(manager.getByText('Story added.')).toBeVisible();

  const row = manager.getByRole('table', { name: 'Stories' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Pending');
  await manager.getByRole('button', { name: /^Pending \(\d+\)$/ }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(manager.getByText('Story approved.')).toBeVisible();
  await manager.getByRole('button', { name: /^All \(\d+\)$/ }).click();
  await expect(row).toContainText('Approved');

  // A fourth featured story is refused, saying so.
  await row.getByRole('button', { name: `Make featured: ${title}` }).click();
  await expect(
    manager.getByText('At most 3 stories can be featured. Remove one from featured first.'),
  ).toBeVisible();
  const starred = manager.getByRole('button', { name: /^Remove from featured: / }).first();
  const freed = (await starred.getAttribute('aria-label'))!.replace('Remove from featured: ', '');
  await starred.click();
  await expect(manager.getByText('Removed from featured.')).toBeVisible();
  await row.getByRole('button', { name: `Make featured: ${title}` }).click();
  await expect(row.getByRole('button', { name: `Remove from featured: ${title}` })).toBeVisible();
  await expect(row.getByLabel('Featured', { exact: true })).toBeVisible();

  // Deleted after confirmation; the freed place goes back to the story that had it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(manager.getByRole('alertdialog')).toContainText('Are you sure you want to delete this story?');
  await manager.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(manager.getByText('Story deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await manager.getByRole('button', { name: `Make featured: ${freed}` }).click();
  await expect(manager.getByRole('region', { name: 'Story figures' })).toContainText('Featured3');

  const officer = await as(browser, 'PO001');
  await officer.goto('/impact-stories-admin');
  await expect(officer.getByText('Access Denied')).toBeVisible();
  await expect(officer.getByText('Required role: Deputy Manager')).toBeVisible();
});
