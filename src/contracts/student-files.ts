import { z } from 'zod';
import { FILE_CATEGORIES, FILE_MESSAGES as M } from '../domain/student-files';
import { PageQuerySchema, pagedResponseSchema } from './common';
import { blankAsMissing, choiceFilter, searchField, studentFilter } from './fields';

/*
 * Student Files (docs/product.md §2, §3, D14): documents kept for a student, uploaded as multipart
 * form data (`file`, `student_id`, `category`, optionally `form_id`), downloaded as attachments.
 */

export const StudentFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mime_type: z.string(),
    size: z.number().int(),
    category: z.enum(FILE_CATEGORIES),
    student_id: z.string(),
    form_id: z.string().nullable(),
    uploaded_by_id: z.string().nullable(),
    created_at: z.string(),
    // Last: the list adds the names to what the file's row keeps.
    student_name: z.string(),
    uploaded_by_name: z.string().nullable(),
  })
  .meta({ id: 'StudentFile' });
export type StudentFile = z.infer<typeof StudentFileSchema>;

/** The fields sent beside the file. */
export const StudentFileUploadFieldsSchema = z.object({
  student_id: z.uuid({ message: M.studentRequired }),
  category: z.enum(FILE_CATEGORIES, { message: M.categoryRequired }),
  form_id: blankAsMissing(z.uuid({ message: M.formNotFound }).optional()),
});
export type StudentFileUploadFields = z.output<typeof StudentFileUploadFieldsSchema>;

export const StudentFileListQuerySchema = PageQuerySchema.extend({
  student_id: studentFilter(),
  category: choiceFilter('Category', FILE_CATEGORIES),
  form_id: blankAsMissing(z.uuid({ message: 'form_id must be a form id' }).optional()),
  q: searchField().meta({ description: "Matches the file's name and the student's name" }),
});
export type StudentFileListQuery = z.output<typeof StudentFileListQuerySchema>;

export const StudentFileListResponseSchema = pagedResponseSchema(StudentFileSchema).meta({
  id: 'StudentFileList',
});
export type StudentFileListResponse = z.infer<typeof StudentFileListResponseSchema>;
