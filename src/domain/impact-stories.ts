/**
 * Impact Stories (docs/product.md §2 to §9, D11, D17): what the sponsorship changed in a student's
 * life, told to sponsors and staff. The rules the server enforces and the screens ask.
 */
import { hasRoleRank } from './roles';

export const STORY_COLORS = ['blue', 'green', 'purple', 'orange', 'pink'] as const;
export type StoryColor = (typeof STORY_COLORS)[number];

/** A colour stored before the list was enforced shows as blue (docs/product.md §3). */
export const storyColor = (value: string | null | undefined): StoryColor =>
  (STORY_COLORS as readonly string[]).includes(value ?? '') ? (value as StoryColor) : 'blue';

export const FEATURED_MAX = 3;

export const STORY_LIMITS = {
  studentName: 120,
  program: 200,
  title: 200,
  excerpt: 200,
  content: 20_000,
  categoryName: 60,
  yearMin: 2000,
  yearMax: 2100,
} as const;

export const STORY_MESSAGES = {
  studentNameRequired: 'Student name is required',
  year: `Year must be a whole number from ${STORY_LIMITS.yearMin} to ${STORY_LIMITS.yearMax}`,
  categoryRequired: 'Please choose a category',
  categoryNotFound: 'That category does not exist any more. Choose another.',
  titleRequired: 'Title is required',
  excerptRequired: 'Excerpt is required',
  contentRequired: 'Content is required',
  url: 'Enter a valid web address starting with http:// or https://',
  studentNotFound: 'Student not found',
  storyNotFound: 'Story not found',
  categoryNameRequired: 'Category name is required',
  categoryColor: `Colour must be one of: ${STORY_COLORS.join(', ')}`,
  categoryTaken: 'There is already a category with that name.',
  categoryMissing: 'Category not found',
  categoryInUse: (n: number) =>
    `${n} ${n === 1 ? 'story uses' : 'stories use'} this category. Move ${n === 1 ? 'it' : 'them'} to another category first.`,
  featuredLimit: 'At most 3 stories can be featured. Remove one from featured first.',
  notApprovedFeatured: 'Only an approved story can be featured.',
  // The screens' words (docs/product.md §2, §8).
  hero: 'Real Stories. Real Impact.',
  searchPlaceholder: 'Search stories by name, title, or keyword...',
  noStories: 'No stories found matching your criteria',
  deleteConfirm: 'Are you sure you want to delete this story? This action cannot be undone.',
  makeFeatured: 'Make featured',
  removeFeatured: 'Remove from featured',
  excerptHint: 'Aim for 150-200 characters',
} as const;

export const STORY_FAILURES = {
  update: 'Failed to update story',
  create: 'Failed to create story',
  delete: 'Failed to delete story',
  approve: 'Failed to approve story',
  other: 'An error occurred',
} as const;

/** Yearbook and Stories management: deputy managers and admins (D11). */
export const canManageStories = (role: string) => hasRoleRank(role, 'deputy_manager');

const YOUTUBE_ID = /^[\w-]{11}$/;

/**
 * Where a story's video plays inside the page: YouTube's privacy-enhanced player or Vimeo's with
 * Do Not Track, the only frames the Content Security Policy allows. Any other address is null:
 * the story links to it instead.
 */
export function videoEmbed(address: string | null | undefined): string | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\.|^m\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = parts[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com')
    youtube =
      parts[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
          ? (parts[1] ?? null)
          : null;
  if (youtube && YOUTUBE_ID.test(youtube)) return `https://www.youtube-nocookie.com/embed/${youtube}`;
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((p) => /^\d+$/.test(p));
    if (id) return `https://player.vimeo.com/video/${id}?dnt=1`;
  }
  return null;
}

/** The fields of an impact story as its History and the Activity Log name them (domain/audit-labels.ts). */
export const IMPACT_STORY_FIELD_LABELS: Readonly<Record<string, string>> = {
  student_id: 'Student',
  student_name: 'Student name',
  student_photo_url: 'Student photo link',
  program: 'Program',
  year: 'Year',
  title: 'Title',
  excerpt: 'Excerpt',
  content: 'Content',
  category_id: 'Category',
  image_url: 'Image link',
  video_url: 'Video link',
  featured: 'Featured',
  approved: 'Approved',
  approved_by: 'Approved by',
  approved_date: 'Approved date',
  date_posted: 'Date posted',
  views_count: 'Views count',
};

/** The fields of a story category as its History and the Activity Log name them (domain/audit-labels.ts). */
export const STORY_CATEGORY_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  color: 'Colour',
};
