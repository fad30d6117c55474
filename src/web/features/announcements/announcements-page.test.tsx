// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_MESSAGES as M, PREVIEW_LENGTH } from '../../../domain/announcements';
import { lusakaDate } from '../../../domain/dates';
import { cleanAfterEach } from '../../testing/api-stub';
import { AnnouncementsPage } from './announcements-page';
import {
  ANNOUNCEMENT_ID,
  AUTHOR_ID,
  addDays,
  json,
  listOf,
  makeAnnouncement,
  renderWithClient,
  stubApi,
} from './test-support';

const session = vi.hoisted(() => ({ user: { id: '', role: 'student' } }));
vi.mock('../../lib/session', () => ({ useCurrentUser: () => session.user }));

cleanAfterEach();

const showPage = async (path = '/announcements') => {
  renderWithClient(<AnnouncementsPage />, path);
  return screen.findByRole('list', { name: 'Announcement list' });
};

describe('AnnouncementsPage', () => {
  it.each([
    ['a student', { id: 'someone-else', role: 'student' }, false, false],
    ['another program officer', { id: 'someone-else', role: 'program_officer' }, true, false],
    ['the author', { id: AUTHOR_ID, role: 'program_officer' }, true, true],
    ['an admin', { id: 'someone-else', role: 'admin' }, true, true],
  ])('shows New Announcement and edit/delete to whom may use them: %s', async (_who, user, post, change) => {
    session.user = user;
    stubApi(() => json(listOf([makeAnnouncement()])));
    const list = await showPage();
    expect(screen.queryByRole('button', { name: 'New Announcement' }) !== null).toBe(post);
    expect(within(list).queryByRole('button', { name: /^Edit / }) !== null).toBe(change);
    expect(within(list).queryByRole('button', { name: /^Delete / }) !== null).toBe(change);
  });

  it("shows the count cards, and a card's preview, 'Expiring Soon', audience and readers", async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const content = 'A'.repeat(150) + 'B'.repeat(100);
    const expiry = addDays(lusakaDate(new Date()), 2);
    const seen = stubApi(() =>
      json(listOf([makeAnnouncement({ content, expiry_date: expiry, read_count: 3, priority: 'urgent' })])),
    );
    const list = await showPage('/announcements?type=academic&priority=urgent');
    expect(seen[0]!.url).toBe('/api/announcements?type=academic&priority=urgent&page=1&pageSize=20');
    const card = within(list).getByRole('article', { name: 'Exam timetable published' });
    expect(within(card).getByText(`${content.slice(0, PREVIEW_LENGTH)}...`)).toBeTruthy();
    expect(within(card).queryByText(content)).toBeNull();
    expect(within(card).getByText('Expiring Soon')).toBeTruthy();
    expect(within(card).getByText('Read by 3 people')).toBeTruthy();
    expect(within(card).getByText('Students')).toBeTruthy();
    expect(within(card).getByText('16/03/2026')).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'Active announcements by type' });
    for (const label of ['General', 'Urgent', 'Academic', 'Financial'])
      expect(within(tiles).getByText(label)).toBeTruthy();
    expect(within(tiles).getByRole('button', { name: /Academic/, pressed: true })).toBeTruthy();
  });

  it('has no Expiring Soon for an expiry a week away', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const expiry = addDays(lusakaDate(new Date()), 7);
    stubApi(() => json(listOf([makeAnnouncement({ expiry_date: expiry })])));
    const list = await showPage();
    expect(within(list).queryByText('Expiring Soon')).toBeNull();
  });

  it('Read More marks it read and shows the whole text with the new count', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const content = `${'Long notice. '.repeat(30)}The end.`;
    const seen = stubApi((method, url) =>
      method === 'POST' && url === `/api/announcements/${ANNOUNCEMENT_ID}/read`
        ? json({ read_count: 4 })
        : json(listOf([makeAnnouncement({ content, read_count: 3 })])),
    );
    const list = await showPage();
    await userEvent.click(within(list).getByRole('button', { name: /^Read More/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Exam timetable published' });
    expect(
      within(dialog).getByText((_, el) => el?.textContent === content && el.tagName === 'DIV'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('Read by 4 people')).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/announcements/${ANNOUNCEMENT_ID}/read`,
    ]);
  });

  it('opens the announcement a link names (?open=<id>), fetching one not on the page', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const other = makeAnnouncement({ id: 'c7a2d4ef-0000-4000-8000-0000000000e9', title: 'Fees due' });
    stubApi((method, url) => {
      if (method === 'POST') return json({ read_count: 1 });
      if (url === `/api/announcements/${other.id}`) return json(other);
      return json(listOf([makeAnnouncement()]));
    });
    renderWithClient(<AnnouncementsPage />, `/announcements?open=${other.id}`);
    expect(await screen.findByRole('dialog', { name: 'Fees due' })).toBeTruthy();
  });

  it("says 'No announcements found matching your criteria.' when nothing matches", async () => {
    session.user = { id: 'someone-else', role: 'student' };
    stubApi(() => json(listOf([])));
    renderWithClient(<AnnouncementsPage />, '/announcements?q=nothing');
    expect(await screen.findByText(M.noneFound)).toBeTruthy();
  });

  it('deletes after asking, and says so', async () => {
    session.user = { id: AUTHOR_ID, role: 'program_officer' };
    const seen = stubApi((method) =>
      method === 'DELETE' ? json(null, 204) : json(listOf([makeAnnouncement()])),
    );
    const list = await showPage();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Exam timetable published' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete announcement' });
    expect(within(confirm).getByText('Delete this announcement? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        seen.some((c) => c.method === 'DELETE' && c.url === `/api/announcements/${ANNOUNCEMENT_ID}`),
      ).toBe(true),
    );
  });
});
