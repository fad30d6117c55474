/**
 * Announcements (docs/product.md §2, §3, §4, D11, D16): news for students and staff, shown to its
 * audience while active and not expired. The rules the server enforces and the screen asks.
 */
import { hasRoleRank, isStaffRole } from './roles';

export const ANNOUNCEMENT_TYPES = ['general', 'urgent', 'academic', 'financial', 'event'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const ANNOUNCEMENT_TYPE_LABELS: Record<AnnouncementType, string> = {
  general: 'General',
  urgent: 'Urgent',
  academic: 'Academic',
  financial: 'Financial',
  event: 'Event',
};

export const ANNOUNCEMENT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
export const ANNOUNCEMENT_PRIORITY_LABELS: Record<AnnouncementPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** students: student accounts and staff; officers: staff only; all: everyone, `user` accounts too. */
export const AUDIENCES = ['students', 'all', 'officers'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  students: 'Students',
  all: 'Everyone',
  officers: 'Officers',
};

/** The audiences a role belongs to. */
export function audiencesOf(role: string): Audience[] {
  if (isStaffRole(role)) return ['students', 'all', 'officers'];
  if (role === 'student') return ['students', 'all'];
  return ['all'];
}

export const PREVIEW_LENGTH = 200;
export const EXPIRING_SOON_DAYS = 3;

/** The card's text: the first 200 characters and '...' when there is more. */
export const announcementPreview = (content: string) =>
  content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** 'Expiring Soon': the expiry date is 1 to 3 days after today (Lusaka days, YYYY-MM-DD). */
export function isExpiringSoon(expiryDate: string | null, today: string): boolean {
  if (!expiryDate) return false;
  const days = dayNumber(expiryDate) - dayNumber(today);
  return days >= 1 && days <= EXPIRING_SOON_DAYS;
}

/** Shown to its audience: active, and not past its expiry date (it shows on that day itself). */
export const isShown = (a: { is_active: boolean; expiry_date: string | null }, today: string) =>
  a.is_active && (a.expiry_date === null || a.expiry_date >= today);

/** Urgent by type or by priority: it goes to the audience's bell (D16). */
export const isUrgent = (a: { type: string; priority: string }) =>
  a.type === 'urgent' || a.priority === 'urgent';

/** New Announcement: program officers and above. */
export const canPostAnnouncements = (role: string) => hasRoleRank(role, 'program_officer');

/** Edit and delete: the author (by account) or an admin. */
export const canChangeAnnouncement = (actor: { id: string; role: string }, a: { author_id: string | null }) =>
  actor.role === 'admin' || (a.author_id !== null && a.author_id === actor.id);

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Announcement not found',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
  notYours: 'Only its author or an admin can change this announcement.',
  expiryPast: 'The expiry date cannot be in the past',
  created: 'Announcement published.',
  saved: 'Announcement saved.',
  deleted: 'Announcement deleted.',
  noneFound: 'No announcements found matching your criteria.',
  readBy: (n: number) => `Read by ${n} ${n === 1 ? 'person' : 'people'}`,
} as const;

/** The fields of an announcement as its History and the Activity Log name them (domain/audit-labels.ts). */
export const ANNOUNCEMENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Title',
  content: 'Content',
  type: 'Type',
  priority: 'Priority',
  target_audience: 'Target audience',
  author_id: 'Author',
  author_name: 'Author name',
  created_date: 'Created date',
  expiry_date: 'Expiry date',
  is_active: 'Active',
};
