/**
 * Graduation Yearbook (docs/product.md §2 to §9, D11, D17): the classes' yearbooks, each graduate's
 * entry and the memory wall. The rules the server enforces and the screens ask to hide buttons.
 */
import { hasRoleRank } from './roles';

export const YEARBOOK_STATUSES = ['draft', 'published', 'archived'] as const;
export type YearbookStatus = (typeof YEARBOOK_STATUSES)[number];
export const YEARBOOK_STATUS_LABELS: Record<YearbookStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export const ENTRY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];
export const ENTRY_STATUS_LABELS: Record<EntryStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const YEARBOOK_LIMITS = {
  yearMin: 2000,
  yearMax: 2100,
  title: 160,
  theme: 200,
  url: 2000,
  quote: 250,
  achievements: 500,
  memory: 2000,
} as const;

export const YEARBOOK_MESSAGES = {
  year: `Year must be a whole number from ${YEARBOOK_LIMITS.yearMin} to ${YEARBOOK_LIMITS.yearMax}`,
  titleRequired: 'Title is required',
  url: 'Enter a valid web address starting with http:// or https://',
  yearTaken: (year: number) => `There is already a yearbook for the Class of ${year}.`,
  yearbookNotFound: 'Yearbook not found',
  entryNotFound: 'Entry not found',
  studentRequired: 'Please select a student',
  studentNotFound: 'Student not found',
  entryTaken: 'This student already has an entry in this yearbook.',
  onlyPendingDecided: 'Only entries pending review can be approved or rejected.',
  onlyDraftsPublished: 'Only a draft yearbook can be published.',
  messageRequired: 'Please write your memory before posting.',
  profileNotFound: 'Student profile not found. Please contact admin.',
  noClassYear:
    'Your student record has no expected end date, so your class is not known yet. Please contact admin.',
  noClassYearbook: (year: number) =>
    `There is no yearbook for the Class of ${year} yet. Your entry can be submitted once it is created.`,
  notYourClass: (own: number) =>
    `Your entry goes to the Class of ${own} yearbook, your own class. You cannot submit one to another class.`,
  archivedEntry: 'This yearbook is archived: its entries can no longer be changed.',
  // The screens' words (docs/product.md §8 and §9).
  noYearbooks: 'No Yearbooks Available',
  noYearbooksHint: 'Check back later for published yearbooks',
  noGraduates: 'No graduates found',
  noMemories: 'No memories yet. Be the first to share!',
  submitted: 'Your entry has been submitted for approval!',
  updated: 'Your entry has been updated and is pending approval!',
  publishConfirm: 'Are you sure you want to publish this yearbook? It will be visible to everyone.',
  deleteYearbookConfirm:
    'Are you sure you want to delete this yearbook? This will also delete all entries and memories.',
  rejectConfirm: 'Are you sure you want to reject this entry?',
  deleteEntryConfirm: 'Are you sure you want to delete this entry?',
} as const;

/** The failure words of each action (docs/product.md §8), shown in-app with the server's reason. */
export const YEARBOOK_FAILURES = {
  addMemory: 'Failed to add memory',
  updateEntry: 'Failed to update entry',
  submitEntry: 'Failed to submit entry',
  updateYearbook: 'Failed to update yearbook',
  createYearbook: 'Failed to create yearbook',
  deleteYearbook: 'Failed to delete yearbook',
  addEntry: 'Failed to add entry',
  approveEntry: 'Failed to approve entry',
  rejectEntry: 'Failed to reject entry',
  deleteEntry: 'Failed to delete entry',
  publishYearbook: 'Failed to publish yearbook',
  other: 'An error occurred',
} as const;

/** Yearbook and Stories management: deputy managers and admins (D11). */
export const canManageYearbooks = (role: string) => hasRoleRank(role, 'deputy_manager');

/** Who sees a yearbook: management every one, everyone else the published ones (D11). */
export const yearbookVisibleTo = (role: string, status: YearbookStatus) =>
  status === 'published' || canManageYearbooks(role);

/** Who sees an entry: management every one, everyone else the approved ones. */
export const entryVisibleTo = (role: string, status: EntryStatus) =>
  status === 'approved' || canManageYearbooks(role);

/** Approve and reject are offered, and accepted, only while the entry waits for review. */
export const isDecidable = (status: EntryStatus) => status === 'pending';

/**
 * A student's change to their own entry goes back to review whatever its state (D17: the message
 * says it is pending approval, so it is); management's changes keep the state.
 */
export const statusAfterStudentEdit = (): EntryStatus => 'pending';

/**
 * A student's class: the year of their expected end date, the year they finish the programme. A
 * record without one has no class yet, so its student cannot start an entry anywhere.
 */
export const classYearOf = (expectedEndDate: string | null): number | null =>
  expectedEndDate ? Number(expectedEndDate.slice(0, 4)) : null;

/**
 * Which yearbook a student may write their entry in (issue 46): a new entry only in their own
 * class's yearbook, whatever its state, as its pages are gathered before it is published; the
 * entry they already have wherever it is, so a misplaced one stays theirs to see and change. An
 * archived yearbook takes no changes. Answers the refusal's words, or null when allowed.
 */
export function studentEntryRefusal(input: {
  classYear: number | null;
  yearbook: { year: number; status: YearbookStatus };
  hasEntry: boolean;
}): string | null {
  if (input.yearbook.status === 'archived') return YEARBOOK_MESSAGES.archivedEntry;
  if (input.hasEntry || input.classYear === input.yearbook.year) return null;
  if (input.classYear === null) return YEARBOOK_MESSAGES.noClassYear;
  return YEARBOOK_MESSAGES.notYourClass(input.classYear);
}

/** 'Class of 2026'. */
export const classOf = (year: number) => `Class of ${year}`;

/** The fields of a memory wall post as its History and the Activity Log name them (domain/audit-labels.ts). */
export const MEMORY_FIELD_LABELS: Readonly<Record<string, string>> = {
  yearbook_id: 'Yearbook',
  author_id: 'Author',
  author_name: 'Author name',
  message: 'Message',
  photo_url: 'Photo link',
};

/** The fields of a yearbook entry as its History and the Activity Log name them (domain/audit-labels.ts). */
export const YEARBOOK_ENTRY_FIELD_LABELS: Readonly<Record<string, string>> = {
  yearbook_id: 'Yearbook',
  student_id: 'Student',
  student_name: 'Student name',
  student_photo_url: 'Student photo link',
  program: 'Program',
  quote: 'Quote',
  achievements: 'Achievements',
  status: 'Status',
  approved_by: 'Approved by',
  approved_date: 'Approved date',
};

/** The fields of a yearbook as its History and the Activity Log name them (domain/audit-labels.ts). */
export const YEARBOOK_FIELD_LABELS: Readonly<Record<string, string>> = {
  year: 'Year',
  title: 'Title',
  theme: 'Theme',
  cover_image_url: 'Cover image link',
  status: 'Status',
  created_by: 'Created by',
  created_by_name: 'Created by name',
  published_date: 'Published date',
};
