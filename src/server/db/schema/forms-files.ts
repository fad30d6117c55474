import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { FormFieldValues } from '../../../domain/forms';
import { users } from './auth';
import { createdAt, moment, randomId, searchText, searchTextIndex, updatedAt } from './columns';
import { students } from './students';

/*
 * Forms and student files (docs/product.md §3): part of a student's record (D12), so a student
 * with either cannot be deleted. A file's bytes live in the file store (file-storage.ts), under
 * `storage_key`; this table is what the lists show.
 */

export const forms = pgTable(
  'forms',
  {
    id: randomId(),
    type: text('type').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    formDate: date('form_date').notNull(),
    /** The type's own fields (domain/forms.ts FORM_FIELDS), empty ones left out. */
    fields: jsonb('fields').$type<FormFieldValues>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    completedAt: moment('completed_at'),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: moment('reviewed_at'),
    reviewNote: text('review_note'),
    /** Moved on by every change (the ETag of GET /api/forms/{id}); form_versions keeps each one's content. */
    version: integer('version').notNull().default(1),
    searchText: searchText(sql`form_field_values(fields)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('forms', t.searchText),
    // A form found by its author's name (form-records.ts, formSearch) is looked up by author.
    index('forms_author_idx').on(t.authorId),
    index('forms_student_idx').on(t.studentId, t.formDate),
    index('forms_date_idx').on(t.formDate, t.createdAt),
    index('forms_status_idx').on(t.status, t.formDate),
  ],
);

/**
 * What a form said at each of its versions (student, date, fields): the base an edit started from,
 * so that the server can merge an edit made on an older version with the changes made since
 * (forms.service.ts, form-merge.ts) and tell a resent create from a different one.
 */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    studentId: uuid('student_id').notNull(),
    formDate: date('form_date').notNull(),
    fields: jsonb('fields').$type<FormFieldValues>().notNull(),
    /** The photos it named (a home visit), sorted. */
    photoIds: jsonb('photo_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/**
 * Photos taken at a home visit (issue 48, item 7), each under the id the phone gave it and
 * uploaded before the form that names it. Until a form names it a photo is its uploader's alone;
 * then it is the form's, seen by whoever reaches the form. The bytes are in the file store, as a
 * student file's are (docs/decisions/008).
 */
export const formPhotos = pgTable(
  'form_photos',
  {
    id: uuid('id').primaryKey(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The form that names it; deleting the form leaves it its uploader's again. */
    formId: uuid('form_id').references(() => forms.id, { onDelete: 'set null' }),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes: the same photo sent again is told from different bytes under its id. */
    sha256: text('sha256').notNull(),
    storageKey: uuid('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('form_photos_form_idx').on(t.formId), index('form_photos_uploader_idx').on(t.uploadedById)],
);

export const studentFiles = pgTable(
  'student_files',
  {
    id: randomId(),
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
    searchText: searchText(sql`name`),
    createdAt: createdAt(),
  },
  (t) => [
    searchTextIndex('student_files', t.searchText),
    index('student_files_student_idx').on(t.studentId, t.createdAt),
    index('student_files_form_idx').on(t.formId),
    index('student_files_created_idx').on(t.createdAt),
  ],
);
