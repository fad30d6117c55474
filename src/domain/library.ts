/**
 * The Students Library (docs/product.md §2, §3, D11, D14): books, audiobooks, videos and podcasts,
 * each an uploaded file or a link, read or played in the app by every signed-in user.
 */
import { isStaffRole } from './roles';

export const RESOURCE_TYPES = ['book', 'audiobook', 'video', 'podcast'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  book: 'Book',
  audiobook: 'Audiobook',
  video: 'Video',
  podcast: 'Podcast',
};
/** The count cards and the type filter name them in the plural. */
export const RESOURCE_TYPE_PLURALS: Record<ResourceType, string> = {
  book: 'Books',
  audiobook: 'Audiobooks',
  video: 'Videos',
  podcast: 'Podcasts',
};

export const RESOURCE_CATEGORIES = [
  'academic',
  'personal_development',
  'career',
  'life_skills',
  'entertainment',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];
export const RESOURCE_CATEGORY_LABELS: Record<ResourceCategory, string> = {
  academic: 'Academic',
  personal_development: 'Personal Development',
  career: 'Career',
  life_skills: 'Life Skills',
  entertainment: 'Entertainment',
};

/** Staff add, edit and delete resources; everyone signed in reads, plays and rates them. */
export const canManageLibrary = (role: string) => isStaffRole(role);

/** 'Read Now' for a book, 'Play Now' for the rest. */
export const openLabel = (type: ResourceType) => (type === 'book' ? 'Read Now' : 'Play Now');

/** The card's stars: the average floored to whole stars (4.8 shows four). */
export const wholeStars = (average: number) => Math.max(0, Math.min(5, Math.floor(average)));

/** Types a library file may have beyond a student file's: the media a player plays. */
export const MEDIA_TYPES = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
} as const;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** An audio or video file's type from its first bytes, or null when it is none of MEDIA_TYPES. */
export function detectMediaType(head: Uint8Array): string | null {
  if (startsWith(head, ascii('ID3')) || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0))
    return MEDIA_TYPES.mp3;
  if (startsWith(head, ascii('OggS'))) return MEDIA_TYPES.ogg;
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return MEDIA_TYPES.webm;
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return brand.startsWith('M4A') ? MEDIA_TYPES.m4a : MEDIA_TYPES.mp4;
  }
  return null;
}

export const LIBRARY_MESSAGES = {
  notFound: 'Resource not found',
  titleRequired: 'Title is required',
  sourceRequired: 'Give a link, or upload a file after saving',
  ratingRange: 'Rate from 1 to 5 stars',
  created: 'Resource added.',
  saved: 'Resource saved.',
  deleted: 'Resource deleted.',
  rated: 'Thank you for rating.',
  noneFound: 'No resources found matching your criteria.',
  noSource: 'This resource has no file or link yet.',
} as const;

/** The fields of a library resource as its History and the Activity Log name them (domain/audit-labels.ts). */
export const LIBRARY_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  description: 'Description',
  author: 'Author',
  tags: 'Tags',
  type: 'Type',
  category: 'Category',
  thumbnail_url: 'Thumbnail link',
  duration: 'Duration',
  url: 'Link',
  file_name: 'File name',
  mime_type: 'File type',
  file_size: 'File size (bytes)',
  storage_key: 'Stored file',
  downloads: 'Downloads',
  rating_average: 'Rating average',
  rating_count: 'Rating count',
  created_by_id: 'Created by',
};
