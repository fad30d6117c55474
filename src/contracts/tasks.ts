import { z } from 'zod';
import {
  CASE_LIMITS as L,
  CASE_MESSAGES as M,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../domain/case-work';
import { PageQuerySchema, tiledPageSchema } from './common';
import {
  assigneeFilter,
  blankAsMissing,
  blankAsNull,
  choiceField,
  choiceFilter,
  choiceOr,
  optionalDateField,
  optionalTextField,
  requiredTextField,
  searchField,
  studentFilter,
} from './fields';

/*
 * Task Management (docs/product.md §2, §3, §4): a piece of follow-up work, assigned to a staff
 * account, perhaps about a student. The creator comes from the session; completion is recorded by
 * the server when the status becomes completed.
 */

export const TaskInputSchema = z
  .object({
    title: requiredTextField('Title', M.titleRequired, L.title),
    description: optionalTextField('Description', L.description),
    assigned_to_id: z.uuid({ message: M.assigneeRequired }),
    due_date: optionalDateField('Due date'),
    priority: choiceOr('Priority', TASK_PRIORITIES, 'medium'),
    status: choiceOr('Status', TASK_STATUSES, 'todo'),
    category: choiceOr('Category', TASK_CATEGORIES, 'general'),
    /** The student the task is about, if any: one the caller reaches (D11). */
    student_id: blankAsNull(z.uuid({ message: M.studentNotFound }).nullish()),
  })
  .meta({ id: 'TaskInput' });
export type TaskInput = z.output<typeof TaskInputSchema>;
export type TaskFormInput = z.input<typeof TaskInputSchema>;

export const TaskStatusChangeSchema = z
  .object({ status: choiceField('Status', TASK_STATUSES) })
  .meta({ id: 'TaskStatusChange' });

export const TaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    assigned_to_id: z.string().nullable(),
    assigned_to_name: z.string().nullable(),
    assigned_by_id: z.string().nullable(),
    assigned_by_name: z.string().nullable(),
    due_date: z.string().nullable(),
    priority: z.enum(TASK_PRIORITIES),
    status: z.enum(TASK_STATUSES),
    category: z.enum(TASK_CATEGORIES),
    student_id: z.string().nullable(),
    student_name: z.string().nullable(),
    /** Due before today in Lusaka and not completed. */
    overdue: z.boolean(),
    completed_at: z.string().nullable(),
    completed_by_id: z.string().nullable(),
    completed_by_name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof TaskSchema>;

/** `active` is every status but completed (a student's open tasks). */
export const TASK_STATUS_FILTERS = [...TASK_STATUSES, 'active'] as const;

export const TaskListQuerySchema = PageQuerySchema.extend({
  q: searchField().meta({ description: 'Matches the title, description and student name, ignoring case' }),
  status: choiceFilter('Status', TASK_STATUS_FILTERS),
  priority: choiceFilter('Priority', TASK_PRIORITIES),
  /** A staff account's id, or `me`. */
  assignee: assigneeFilter(),
  student_id: studentFilter(),
  overdue: blankAsMissing(
    z
      .enum(['true', 'false'], { message: 'overdue must be true or false' })
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type TaskListQuery = z.output<typeof TaskListQuerySchema>;

/** The four tiles, over every task the caller reaches. */
const TASK_TILES = ['total', 'in_progress', 'completed', 'overdue'] as const;
export const TaskListResponseSchema = tiledPageSchema(TaskSchema, TASK_TILES).meta({ id: 'TaskList' });
export type TaskListResponse = z.infer<typeof TaskListResponseSchema>;
