// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../../contracts/events';
import { EVENT_MESSAGES as M } from '../../../domain/events';
import { Toaster } from '../../components/ui';
import { cleanAfterEach } from '../../testing/api-stub';
import { EventsPage } from './events-page';
import {
  daysFromNow,
  EVENT_ID,
  json,
  listOf,
  makeEvent,
  ORGANIZER_ID,
  renderWithClient,
  stubApi,
} from './test-support';

const session = vi.hoisted(() => ({ user: { id: '', role: 'student' } }));
vi.mock('../../lib/session', () => ({ useCurrentUser: () => session.user }));

cleanAfterEach();

const showPage = async (path = '/events') => {
  renderWithClient(
    <>
      <EventsPage />
      <Toaster />
    </>,
    path,
  );
  return screen.findByRole('list', { name: 'Event list' });
};

const cardOf = (list: HTMLElement, event: Event = makeEvent()) =>
  within(list).getByRole('article', { name: event.title });

describe('EventsPage', () => {
  it.each<[string, Partial<Event>, string, boolean]>([
    ['open', {}, 'Register', true],
    ['past its deadline', { registration_deadline: daysFromNow(-1) }, 'Registration Closed', false],
    ['cancelled', { status: 'cancelled' }, 'Registration Closed', false],
    ['completed', { status: 'completed', registration_deadline: daysFromNow(-5) }, 'Completed', false],
    ['full', { max_attendees: 12, current_attendees: 12 }, 'Event Full', false],
    ['registered', { registered: true, max_attendees: 12 }, 'Cancel Registration', true],
  ])('the register button of an event %s reads its state', async (_state, overrides, label, enabled) => {
    session.user = { id: 'someone-else', role: 'student' };
    stubApi(() => json(listOf([makeEvent(overrides)])));
    const card = cardOf(await showPage());
    const button = within(card).getByRole('button', { name: `${label}: CV Writing Workshop` });
    expect(button.textContent).toBe(label);
    expect((button as HTMLButtonElement).disabled).toBe(!enabled);
  });

  it.each([
    ['a student', { id: 'someone-else', role: 'student' }, false, false],
    ['another program officer', { id: 'someone-else', role: 'program_officer' }, true, false],
    ['the organizer', { id: ORGANIZER_ID, role: 'program_officer' }, true, true],
    ['an admin', { id: 'someone-else', role: 'admin' }, true, true],
  ])('shows Create Event and Edit/Delete to whom may use them: %s', async (_who, user, create, manage) => {
    session.user = user;
    stubApi((_method, url) =>
      url.endsWith('/attendees') ? json({ items: [] }) : json(listOf([makeEvent()])),
    );
    const list = await showPage();
    expect(screen.queryByRole('button', { name: 'Create Event' }) !== null).toBe(create);
    expect(within(list).queryByRole('button', { name: /^Edit / }) !== null).toBe(manage);
    expect(within(list).queryByRole('button', { name: /^Delete / }) !== null).toBe(manage);
    await userEvent.click(within(list).getByRole('button', { name: 'CV Writing Workshop' }));
    const dialog = await screen.findByRole('dialog', { name: 'CV Writing Workshop' });
    expect(within(dialog).queryByRole('button', { name: 'Edit' }) !== null).toBe(manage);
    expect(within(dialog).queryByRole('button', { name: 'Delete' }) !== null).toBe(manage);
    expect(within(dialog).queryByRole('link', { name: /Export CSV/ }) !== null).toBe(manage);
    expect(
      within(dialog)
        .getByRole('link', { name: /Add to Calendar/ })
        .getAttribute('href'),
    ).toBe(`/api/events/${EVENT_ID}/event.ics`);
  });

  it('registers with POST /registration, says so and refreshes the list', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    let registered = false;
    const seen = stubApi((method) => {
      if (method === 'POST') {
        registered = true;
        return json({ registered: true, current_attendees: 13 });
      }
      return json(listOf([makeEvent({ registered, current_attendees: registered ? 13 : 12 })]));
    });
    const card = cardOf(await showPage());
    await userEvent.click(within(card).getByRole('button', { name: 'Register: CV Writing Workshop' }));
    expect(await screen.findByText(M.registered)).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/events/${EVENT_ID}/registration`,
    ]);
    expect(await within(card).findByRole('button', { name: /^Cancel Registration/ })).toBeTruthy();
    expect(within(card).getByText('13 attendees')).toBeTruthy();
  });

  it("shows the server's reason when registration is refused (409)", async () => {
    session.user = { id: 'someone-else', role: 'student' };
    stubApi((method) => (method === 'POST' ? json({ error: M.full }, 409) : json(listOf([makeEvent()]))));
    const card = cardOf(await showPage());
    await userEvent.click(within(card).getByRole('button', { name: 'Register: CV Writing Workshop' }));
    expect(await screen.findByText(M.full)).toBeTruthy();
  });

  it('cancels a registration with DELETE /registration', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const seen = stubApi((method) =>
      method === 'DELETE'
        ? json({ registered: false, current_attendees: 11 })
        : json(listOf([makeEvent({ registered: true })])),
    );
    const card = cardOf(await showPage());
    await userEvent.click(within(card).getByRole('button', { name: /^Cancel Registration/ }));
    expect(await screen.findByText(M.cancelled)).toBeTruthy();
    expect(seen.some((c) => c.method === 'DELETE' && c.url === `/api/events/${EVENT_ID}/registration`)).toBe(
      true,
    );
  });

  it('shows a card as the spec says: badges, date and time, place, attendees of a maximum, three tags', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const seen = stubApi(() => json(listOf([makeEvent({ max_attendees: 30 })])));
    const card = cardOf(await showPage('/events?type=workshop&status=upcoming'));
    expect(seen[0]!.url).toBe('/api/events?type=workshop&status=upcoming&page=1&pageSize=20');
    expect(within(card).getByText('Workshop')).toBeTruthy();
    expect(within(card).getByText('Upcoming')).toBeTruthy();
    expect(within(card).getByText('20/03/2099 at 14:00')).toBeTruthy();
    expect(within(card).getByText('Lusaka Hub')).toBeTruthy();
    expect(within(card).getByText('12 / 30')).toBeTruthy();
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['career', 'cv', 'jobs']);
    const tiles = screen.getByRole('region', { name: 'Events by type' });
    for (const label of ['Workshops', 'Seminars', 'Networking', 'Graduations', 'Total Events'])
      expect(within(tiles).getByText(label)).toBeTruthy();
    expect(within(tiles).getByRole('button', { name: /Workshops/, pressed: true })).toBeTruthy();
  });

  it("shows the List view with the spec's columns", async () => {
    session.user = { id: 'someone-else', role: 'student' };
    stubApi(() => json(listOf([makeEvent({ is_virtual: true, location: null })])));
    renderWithClient(<EventsPage />, '/events?view=list');
    const table = await screen.findByRole('table', { name: 'Events' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Event', 'Date & Time', 'Location', 'Status', 'Attendees', 'Actions']);
    expect(await within(table).findByText('Virtual')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'List', pressed: true })).toBeTruthy();
  });

  it('opens the event a link names (?open=<id>), fetching one not on the page', async () => {
    session.user = { id: 'someone-else', role: 'student' };
    const other = makeEvent({ id: 'c7a2d4ef-0000-4000-8000-0000000000f9', title: 'Graduation 2026' });
    stubApi((_method, url) =>
      url === `/api/events/${other.id}` ? json(other) : json(listOf([makeEvent()])),
    );
    renderWithClient(<EventsPage />, `/events?open=${other.id}`);
    expect(await screen.findByRole('dialog', { name: 'Graduation 2026' })).toBeTruthy();
  });

  it("says 'No events found matching your criteria.' when nothing matches", async () => {
    session.user = { id: 'someone-else', role: 'student' };
    stubApi(() => json(listOf([])));
    renderWithClient(<EventsPage />, '/events?q=nothing');
    expect(await screen.findByText(M.noneFound)).toBeTruthy();
  });

  it('lists attendees for the organizer and deletes after asking', async () => {
    session.user = { id: ORGANIZER_ID, role: 'program_officer' };
    const attendee = {
      user_id: 'u1',
      name: 'Mary Phiri',
      email: 'mary@example.org',
      role: 'student',
      registered_at: '2026-03-17T08:00:00.000Z',
    };
    const seen = stubApi((method, url) => {
      if (method === 'DELETE') return json(null, 204);
      if (url.endsWith('/attendees')) return json({ items: [attendee] });
      return json(listOf([makeEvent()]));
    });
    renderWithClient(
      <>
        <EventsPage />
        <Toaster />
      </>,
      `/events?open=${EVENT_ID}`,
    );
    const dialog = await screen.findByRole('dialog', { name: 'CV Writing Workshop' });
    expect(await within(dialog).findByText('Mary Phiri')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: /Export CSV/ })
        .getAttribute('href'),
    ).toBe(`/api/events/${EVENT_ID}/attendees.csv`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete event' });
    expect(within(confirm).getByText('Delete this event? Registrations are removed with it.')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(seen.some((c) => c.method === 'DELETE' && c.url === `/api/events/${EVENT_ID}`)).toBe(true),
    );
  });
});
