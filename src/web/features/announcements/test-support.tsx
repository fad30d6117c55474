import type { Announcement, AnnouncementListResponse } from '../../../contracts/announcements';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export const ANNOUNCEMENT_ID = 'c7a2d4ef-0000-4000-8000-0000000000e1';
export const AUTHOR_ID = 'c7a2d4ef-0000-4000-8000-0000000000a1';

export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: ANNOUNCEMENT_ID,
    title: 'Exam timetable published',
    content: 'The exam timetable for the second term is on the notice board.',
    type: 'academic',
    priority: 'medium',
    target_audience: 'students',
    author_id: AUTHOR_ID,
    author_name: 'Peter Banda',
    created_date: '2026-03-16',
    expiry_date: null,
    is_active: true,
    attachments: [],
    read_count: 0,
    read_by_me: false,
    created_at: '2026-03-16T08:00:00.000Z',
    updated_at: '2026-03-16T08:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (items: Announcement[]): AnnouncementListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts: { general: 4, urgent: 1, academic: 2, financial: 3 },
});

export { json, renderWithClient, stubApi } from '../../testing/api-stub';

/** A YYYY-MM-DD day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
