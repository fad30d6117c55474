import type { Event, EventListResponse } from '../../../contracts/events';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export const EVENT_ID = 'c7a2d4ef-0000-4000-8000-0000000000f1';
export const ORGANIZER_ID = 'c7a2d4ef-0000-4000-8000-0000000000b1';

const DAY = 24 * 60 * 60 * 1000;
/** An ISO timestamp `days` from now (negative: in the past). */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: EVENT_ID,
    title: 'CV Writing Workshop',
    description: 'Bring a printed CV; we will improve it together.',
    type: 'workshop',
    date: '2099-03-20',
    time: '14:00',
    starts_at: '2099-03-20T12:00:00.000Z',
    location: 'Lusaka Hub',
    is_virtual: false,
    virtual_link: null,
    organizer_id: ORGANIZER_ID,
    organizer_name: 'Peter Banda',
    max_attendees: null,
    current_attendees: 12,
    registration_deadline: daysFromNow(10),
    status: 'upcoming',
    image_url: null,
    requirements: null,
    tags: ['career', 'cv', 'jobs', 'skills'],
    registered: false,
    created_at: '2026-03-16T08:00:00.000Z',
    updated_at: '2026-03-16T08:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (items: Event[]): EventListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts: { workshop: 4, seminar: 2, networking: 1, graduation: 3, total: 12 },
});

export { json, renderWithClient, stubApi } from '../../testing/api-stub';
