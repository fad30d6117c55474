// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Resource } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { LibraryPage } from './library-page';
import { json, listOf, makeResource, RESOURCE_ID, renderWithClient, stubApi } from './test-support';

const session = vi.hoisted(() => ({ user: { id: 'u1', role: 'student' } }));
vi.mock('../../lib/session', () => ({ useCurrentUser: () => session.user }));

cleanAfterEach();

const showPage = async (path = '/library') => {
  renderWithClient(
    <>
      <LibraryPage />
      <Toaster />
    </>,
    path,
  );
  return screen.findByRole('list', { name: 'Resource list' });
};

const cardOf = (list: HTMLElement, resource: Resource = makeResource()) =>
  within(list).getByRole('article', { name: resource.title });

const VIDEO = makeResource({
  id: 'd1b2c3e4-0000-4000-8000-0000000000a2',
  title: 'Interview Skills',
  type: 'video',
  category: 'career',
  has_file: true,
  file_name: 'interview.mp4',
  mime_type: 'video/mp4',
  url: null,
});

describe('LibraryPage', () => {
  it("offers 'Read Now' on a book and 'Play Now' on a video; a link's Read Now opens and counts it, its details do not", async () => {
    session.user = { id: 'u1', role: 'student' };
    const seen = stubApi((method) =>
      method === 'POST' ? json({ downloads: 8 }) : json(listOf([makeResource(), VIDEO])),
    );
    const posts = () => seen.filter((c) => c.method === 'POST').map((c) => c.url);
    const list = await showPage();
    expect(
      within(cardOf(list, VIDEO)).getByRole('button', { name: 'Play Now: Interview Skills' }).textContent,
    ).toBe('Play Now');
    const read = within(cardOf(list)).getByRole('link', { name: 'Read Now: Things Fall Apart' });
    expect(read.textContent).toBe('Read Now');
    expect(read.getAttribute('href')).toBe('https://example.org/things-fall-apart');
    expect(read.getAttribute('target')).toBe('_blank');

    // The details: no download counted until the link itself is followed.
    await userEvent.click(within(cardOf(list)).getByRole('button', { name: 'Things Fall Apart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Things Fall Apart' });
    const link = within(dialog).getByRole('link', { name: /Open link/ });
    expect(link.getAttribute('href')).toBe('https://example.org/things-fall-apart');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(posts()).toEqual([]);
    fireEvent.click(link);
    await waitFor(() => expect(posts()).toEqual([`/api/library/${RESOURCE_ID}/open`]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.click(read);
    await waitFor(() => expect(posts()).toHaveLength(2));
  });

  it('plays an uploaded video from its file, and says when a resource has no source', async () => {
    session.user = { id: 'u1', role: 'student' };
    const bare = makeResource({
      id: 'd1b2c3e4-0000-4000-8000-0000000000a3',
      title: 'Coming Soon',
      url: null,
    });
    stubApi((method) => (method === 'POST' ? json({ downloads: 1 }) : json(listOf([VIDEO, bare]))));
    const list = await showPage();
    await userEvent.click(within(cardOf(list, VIDEO)).getByRole('button', { name: /^Play Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Interview Skills' });
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe(`/api/library/${VIDEO.id}/file`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(cardOf(list, bare)).getByRole('button', { name: 'Coming Soon' }));
    expect(await screen.findByText(M.noSource)).toBeTruthy();
  });

  it('reads an uploaded book in a frame fed by a blob: address of its file', async () => {
    session.user = { id: 'u1', role: 'student' };
    const revoke = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:book-1', revokeObjectURL: revoke }),
    );
    const book = makeResource({
      has_file: true,
      file_name: 'tfa.pdf',
      mime_type: 'application/pdf',
      url: null,
    });
    const seen = stubApi((method, url) => {
      if (method === 'POST') return json({ downloads: 8 });
      if (url.endsWith('/file'))
        return Promise.resolve(new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }));
      return json(listOf([book]));
    });
    const list = await showPage();
    await userEvent.click(within(cardOf(list, book)).getByRole('button', { name: /^Read Now/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Things Fall Apart' });
    await waitFor(() => expect(dialog.querySelector('iframe')?.getAttribute('src')).toBe('blob:book-1'));
    expect(seen.some((c) => c.method === 'GET' && c.url === `/api/library/${RESOURCE_ID}/file`)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:book-1'));
  });

  it('shows the stars floored (4.8 -> 4) with the number of ratings, and rates with PUT /rating', async () => {
    session.user = { id: 'u1', role: 'student' };
    let rated = false;
    const seen = stubApi((method) => {
      if (method === 'PUT') {
        rated = true;
        return json({ rating_average: 4.6, rating_count: 13, my_rating: 3 });
      }
      return json(
        listOf([makeResource(rated ? { rating_average: 4.6, rating_count: 13, my_rating: 3 } : {})]),
      );
    });
    const card = cardOf(await showPage());
    expect(within(card).getByRole('img', { name: '4 of 5 stars, 12 ratings' })).toBeTruthy();
    expect(within(card).getByText('(12)')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Things Fall Apart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Things Fall Apart' });
    const group = within(dialog).getByRole('group', { name: 'Your rating' });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    await userEvent.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(await screen.findByText(M.rated)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: `/api/library/${RESOURCE_ID}/rating`, body: { stars: 3 } },
    ]);
    expect((within(group).getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(
      await within(card).findByRole('img', { name: '4 of 5 stars, 13 ratings', hidden: true }),
    ).toBeTruthy();
  });

  it.each([
    ['a student', 'student', false],
    ['a user', 'user', false],
    ['a program officer', 'program_officer', true],
    ['an admin', 'admin', true],
  ])('shows Add Resource, Edit and Delete only to staff: %s', async (_who, role, manage) => {
    session.user = { id: 'u1', role };
    stubApi(() => json(listOf([makeResource()])));
    const list = await showPage();
    expect(screen.queryByRole('button', { name: 'Add Resource' }) !== null).toBe(manage);
    expect(within(list).queryByRole('button', { name: /^Edit / }) !== null).toBe(manage);
    expect(within(list).queryByRole('button', { name: /^Delete / }) !== null).toBe(manage);
    await userEvent.click(within(list).getByRole('button', { name: 'Things Fall Apart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Things Fall Apart' });
    expect(within(dialog).queryByRole('button', { name: 'Edit' }) !== null).toBe(manage);
    expect(within(dialog).queryByRole('button', { name: 'Delete' }) !== null).toBe(manage);
  });

  it('shows a card as the spec says, the count cards and the filters in the query', async () => {
    session.user = { id: 'u1', role: 'student' };
    const seen = stubApi(() => json(listOf([makeResource()])));
    const card = cardOf(await showPage('/library?type=book&category=academic&q=novel'));
    expect(seen[0]!.url).toBe('/api/library?q=novel&type=book&category=academic&page=1&pageSize=20');
    expect(within(card).getByText('Book')).toBeTruthy();
    expect(within(card).getByText('Academic')).toBeTruthy();
    expect(within(card).getByText('Chinua Achebe')).toBeTruthy();
    expect(within(card).getByText('209 pages')).toBeTruthy();
    expect(within(card).getByText('7 downloads')).toBeTruthy();
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['novel', 'africa', 'classic']);
    const tiles = screen.getByRole('region', { name: 'Resources by type' });
    for (const label of ['Books', 'Audiobooks', 'Videos', 'Podcasts'])
      expect(within(tiles).getByText(label)).toBeTruthy();
    expect(within(tiles).getByRole('button', { name: /Books/, pressed: true })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search library resources...')).toBeTruthy();
  });

  it("shows the List view with the spec's columns", async () => {
    session.user = { id: 'u1', role: 'student' };
    stubApi(() => json(listOf([makeResource()])));
    renderWithClient(<LibraryPage />, '/library?view=list');
    const table = await screen.findByRole('table', { name: 'Resources' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Resource', 'Type', 'Category', 'Author', 'Rating', 'Actions']);
    expect(await within(table).findByText('Chinua Achebe')).toBeTruthy();
  });

  it("says 'No resources found matching your criteria.' when nothing matches", async () => {
    session.user = { id: 'u1', role: 'student' };
    stubApi(() => json(listOf([])));
    renderWithClient(<LibraryPage />, '/library?q=nothing');
    expect(await screen.findByText('No resources found matching your criteria.')).toBeTruthy();
  });

  it('opens the resource a link names (?open=<id>), fetching one not on the page', async () => {
    session.user = { id: 'u1', role: 'student' };
    stubApi((_method, url) =>
      url === `/api/library/${VIDEO.id}` ? json(VIDEO) : json(listOf([makeResource()])),
    );
    renderWithClient(<LibraryPage />, `/library?open=${VIDEO.id}`);
    expect(await screen.findByRole('dialog', { name: 'Interview Skills' })).toBeTruthy();
  });

  it('deletes after asking', async () => {
    session.user = { id: 'u1', role: 'admin' };
    const seen = stubApi((method) =>
      method === 'DELETE' ? json(null, 204) : json(listOf([makeResource()])),
    );
    const list = await showPage();
    await userEvent.click(within(list).getByRole('button', { name: 'Delete Things Fall Apart' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete resource' });
    expect(within(confirm).getByText('Delete this resource? This cannot be undone.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(seen.some((c) => c.method === 'DELETE' && c.url === `/api/library/${RESOURCE_ID}`)).toBe(true),
    );
    expect(await screen.findByText(M.deleted)).toBeTruthy();
  });
});
