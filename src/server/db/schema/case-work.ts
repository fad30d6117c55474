import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';
import { students } from './students';

/*
 * Tasks and issues (docs/product.md §3): follow-up work and students' problems. A task may be about
 * a student and loses that link if the student goes; an issue is part of the student's record
 * (D12), so a student with issues cannot be deleted.
 */

export const tasks = pgTable(
  'tasks',
  {
    id: randomId(),
    title: text('title').notNull(),
    description: text('description'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    assignedById: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('todo'),
    category: text('category').notNull().default('general'),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'set null' }),
    completedAt: moment('completed_at'),
    completedById: uuid('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: searchText(sql`title || ' ' || coalesce(description, '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('tasks', t.searchText),
    index('tasks_assigned_to_idx').on(t.assignedToId, t.status, t.dueDate),
    index('tasks_assigned_by_idx').on(t.assignedById),
    index('tasks_student_idx').on(t.studentId),
    index('tasks_due_idx').on(t.dueDate, t.createdAt),
    // Overdue tasks are found by due date among those not completed.
    index('tasks_open_due_idx').on(t.dueDate).where(sql`${t.status} <> 'completed'`),
  ],
);

export const issues = pgTable(
  'issues',
  {
    id: randomId(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    priority: text('priority').notNull().default('medium'),
    category: text('category').notNull().default('other'),
    status: text('status').notNull().default('open'),
    resolutionNote: text('resolution_note'),
    resolvedAt: moment('resolved_at'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    searchText: searchText(sql`title || ' ' || description`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('issues', t.searchText),
    index('issues_created_idx').on(t.createdAt),
    index('issues_student_idx').on(t.studentId),
    index('issues_assigned_to_idx').on(t.assignedToId, t.status),
    index('issues_reporter_idx').on(t.reporterId),
    index('issues_status_idx').on(t.status, t.createdAt),
  ],
);

/** An issue's thread, oldest first; the author's name is kept as it was when they wrote. */
export const issueComments = pgTable(
  'issue_comments',
  {
    id: randomId(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('issue_comments_issue_idx').on(t.issueId, t.createdAt)],
);
