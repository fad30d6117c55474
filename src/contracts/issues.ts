import { z } from 'zod';
import {
  ISSUE_CATEGORIES,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  CASE_LIMITS as L,
  CASE_MESSAGES as M,
} from '../domain/case-work';
import { PageQuerySchema, tiledPageSchema } from './common';
import {
  assigneeFilter,
  blankAsNull,
  choiceField,
  choiceFilter,
  choiceOr,
  optionalTextField,
  requiredTextField,
  searchField,
  studentFilter,
} from './fields';

/*
 * The Issue Tracker (docs/product.md §2, §3, §4): a problem a student has, reported by a staff
 * member (from the session), worked through open -> in progress -> resolved -> closed, with a
 * comment thread. Status changes only through /status.
 */

export const IssueInputSchema = z
  .object({
    title: requiredTextField('Title', M.titleRequired, L.title),
    description: requiredTextField('Description', M.descriptionRequired, L.description),
    student_id: z.uuid({ message: M.studentRequired }),
    assigned_to_id: blankAsNull(z.uuid({ message: M.assigneeNotStaff }).nullish()),
    priority: choiceOr('Priority', ISSUE_PRIORITIES, 'medium'),
    category: choiceOr('Category', ISSUE_CATEGORIES, 'other'),
  })
  .meta({ id: 'IssueInput' });
export type IssueInput = z.output<typeof IssueInputSchema>;
export type IssueFormInput = z.input<typeof IssueInputSchema>;

export const IssueStatusChangeSchema = z
  .object({
    status: choiceField('Status', ISSUE_STATUSES),
    /** Required to resolve. */
    resolution_note: optionalTextField('Resolution note', L.resolutionNote),
  })
  .meta({ id: 'IssueStatusChange' });
export type IssueStatusChange = z.output<typeof IssueStatusChangeSchema>;

export const IssueSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    student_id: z.string(),
    student_name: z.string(),
    reporter_id: z.string().nullable(),
    reporter_name: z.string().nullable(),
    assigned_to_id: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    priority: z.enum(ISSUE_PRIORITIES),
    category: z.enum(ISSUE_CATEGORIES),
    status: z.enum(ISSUE_STATUSES),
    resolution_note: z.string().nullable(),
    resolved_at: z.string().nullable(),
    resolved_by_name: z.string().nullable(),
    comment_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Issue' });
export type Issue = z.infer<typeof IssueSchema>;

/** `active` is open or in progress (a student's open issues). */
export const ISSUE_STATUS_FILTERS = [...ISSUE_STATUSES, 'active'] as const;

export const IssueListQuerySchema = PageQuerySchema.extend({
  q: searchField().meta({ description: 'Matches the title, description and student name, ignoring case' }),
  status: choiceFilter('Status', ISSUE_STATUS_FILTERS),
  category: choiceFilter('Category', ISSUE_CATEGORIES),
  priority: choiceFilter('Priority', ISSUE_PRIORITIES),
  /** A staff account's id, or `me`. */
  assignee: assigneeFilter(),
  student_id: studentFilter(),
});
export type IssueListQuery = z.output<typeof IssueListQuerySchema>;

/** The tiles, over every issue the caller reaches. */
export const IssueListResponseSchema = tiledPageSchema(IssueSchema, ['total', ...ISSUE_STATUSES]).meta({
  id: 'IssueList',
});
export type IssueListResponse = z.infer<typeof IssueListResponseSchema>;

export const IssueCommentInputSchema = z
  .object({ text: requiredTextField('Comment', M.commentRequired, L.comment) })
  .meta({ id: 'IssueCommentInput' });

export const IssueCommentSchema = z
  .object({
    id: z.string(),
    issue_id: z.string(),
    author_id: z.string().nullable(),
    author_name: z.string(),
    text: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'IssueComment' });
export type IssueComment = z.infer<typeof IssueCommentSchema>;

export const IssueCommentListSchema = z
  .object({ items: z.array(IssueCommentSchema) })
  .meta({ id: 'IssueCommentList' });
