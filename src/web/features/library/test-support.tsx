import type { Resource, ResourceListResponse } from '../../../contracts/library';

/** Test helpers of this feature's component tests (not shipped: only the tests import it). */

export const RESOURCE_ID = 'd1b2c3e4-0000-4000-8000-0000000000a1';

export function makeResource(overrides: Partial<Resource> = {}): Resource {
  return {
    id: RESOURCE_ID,
    title: 'Things Fall Apart',
    description: 'A novel by Chinua Achebe.',
    author: 'Chinua Achebe',
    tags: ['novel', 'africa', 'classic', 'literature'],
    type: 'book',
    category: 'academic',
    thumbnail_url: null,
    duration: '209 pages',
    url: 'https://example.org/things-fall-apart',
    has_file: false,
    file_name: null,
    mime_type: null,
    downloads: 7,
    rating_average: 4.8,
    rating_count: 12,
    my_rating: null,
    created_at: '2026-03-16T08:00:00.000Z',
    updated_at: '2026-03-16T08:00:00.000Z',
    ...overrides,
  };
}

export const listOf = (items: Resource[]): ResourceListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 20,
  counts: { book: 5, audiobook: 2, video: 3, podcast: 1 },
});

export { json, renderWithClient, stubApi } from '../../testing/api-stub';
