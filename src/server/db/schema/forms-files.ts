import { bigint, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FormFieldValues } from '../../../domain/forms';
import { users } from './auth';
import { students } from './students';

/*
 * Forms and student files (docs/product.md §3): part of a student's record (D12), so a student
 * with either cannot be deleted. A file's bytes live in the file store (file-storage.ts), under
 * `storage_key`; this table is what the lists show.
 */

export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    formDate: date('form_date').notNull(),
    /** The type's own fields (domain/forms.ts FORM_FIELDS), empty ones left out. */
    fields: jsonb('fields').$type<FormFieldValues>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forms_student_idx').on(t.studentId, t.formDate),
    index('forms_date_idx').on(t.formDate, t.createdAt),
    index('forms_status_idx').on(t.status, t.formDate),
  ],
);

export const studentFiles = pgTable(
  'student_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    /** The form it is attached to, if any; deleting the form keeps the file. */
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    category: text('category').notNull(),
    storageKey: uuid('storage_key').notNull().unique(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('student_files_student_idx').on(t.studentId, t.createdAt),
    index('student_files_form_idx').on(t.formId),
    index('student_files_created_idx').on(t.createdAt),
  ],
);
