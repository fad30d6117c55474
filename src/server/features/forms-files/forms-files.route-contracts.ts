import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  FormConflictSchema,
  FormCreateSchema,
  FormExportQuerySchema,
  FormInputSchema,
  FormListQuerySchema,
  FormListResponseSchema,
  FormPhotoSchema,
  FormReviewSchema,
  FormSchema,
} from '../../../contracts/forms';
import {
  StudentFileListQuerySchema,
  StudentFileListResponseSchema,
  StudentFileSchema,
} from '../../../contracts/student-files';
import { FILE_CATEGORIES } from '../../../domain/student-files';
import { csvDownloadResponse } from '../../http/csv-download';
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  multipartBody,
  recordHistoryRoute,
} from '../../http/openapi';

/*
 * Forms and student files as the OpenAPI document shows them (D11, D14): staff only; a record about
 * another officer's student answers 404 like a missing one. Fixed paths come first so
 * /export.csv is never taken for an id.
 */

const one = { params: IdParamSchema };
const etagHeader = {
  ETag: { schema: { type: 'string' as const }, description: 'The form\'s version, such as "3"' },
};
const formTags = ['Forms'];
const fileTags = ['Student Files'];

export const formRoutes = {
  export: createRoute({
    method: 'get',
    path: '/export.csv',
    tags: formTags,
    summary: 'The forms the list would show with these filters, as a CSV file (no paging)',
    request: { query: FormExportQuerySchema },
    responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403) },
  }),
  list: createRoute({
    method: 'get',
    path: '/',
    tags: formTags,
    summary: 'Forms the caller reaches, newest first, with the tiles',
    request: { query: FormListQuerySchema },
    responses: {
      200: jsonResponse(FormListResponseSchema, 'A page of forms'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags: formTags,
    summary:
      'Starts a form (a draft), written by the caller; with an `id` (a UUID given offline) sending it again is safe',
    request: jsonBody(FormCreateSchema),
    responses: {
      201: jsonResponse(FormSchema, 'The form as stored'),
      200: jsonResponse(FormSchema, 'A form with this id and the same content was already saved: that form'),
      ...errorResponses(400, 401, 403),
      409: { ...errorResponses(409)[409], description: 'A different form was already saved with this id' },
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags: formTags,
    summary: 'One form; its ETag is its version',
    request: one,
    responses: {
      200: { ...jsonResponse(FormSchema, 'The form'), headers: etagHeader },
      ...errorResponses(401, 403, 404),
    },
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags: formTags,
    summary:
      "Replaces the form's date, student and fields (a draft: its author or management; completed: management). If-Match names the version edited: changes saved since to other fields are merged",
    request: {
      ...one,
      headers: z.object({
        'if-match': z
          .string()
          .optional()
          .meta({ description: 'The ETag of the version edited, such as "3"' }),
      }),
      ...jsonBody(FormInputSchema),
    },
    responses: {
      200: { ...jsonResponse(FormSchema, 'The form as stored'), headers: etagHeader },
      412: jsonResponse(FormConflictSchema, 'Changed since that version, in the same fields'),
      428: { ...errorResponses(400)[400], description: 'No If-Match' },
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags: formTags,
    summary: 'Deletes the form (not once reviewed); its files stay with the student',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
  }),
  complete: createRoute({
    method: 'post',
    path: '/{id}/complete',
    tags: formTags,
    summary: "Completes a draft once its type's required fields are filled in",
    request: one,
    responses: {
      200: jsonResponse(FormSchema, 'The completed form'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  review: createRoute({
    method: 'post',
    path: '/{id}/review',
    tags: formTags,
    summary: 'Reviews a completed form with a note, which locks it (deputy manager or admin)',
    request: { ...one, ...jsonBody(FormReviewSchema) },
    responses: {
      200: jsonResponse(FormSchema, 'The reviewed form'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  pdf: createRoute({
    method: 'get',
    path: '/{id}/pdf',
    tags: formTags,
    summary: 'The form as a printable PDF',
    request: one,
    responses: {
      200: { description: 'PDF file', content: { 'application/pdf': { schema: z.string() } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  history: recordHistoryRoute({
    tags: formTags,
    summary: "The form's audit trail, oldest first",
  }),
};

export const fileRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags: fileTags,
    summary: 'Files the caller reaches, newest first',
    request: { query: StudentFileListQuerySchema },
    responses: {
      200: jsonResponse(StudentFileListResponseSchema, 'A page of files'),
      ...errorResponses(400, 401, 403),
    },
  }),
  upload: createRoute({
    method: 'post',
    path: '/',
    tags: fileTags,
    summary: 'Uploads one file for a student: PDF, PNG, JPEG, WebP, text, CSV, Word or Excel, at most 10 MB',
    request: multipartBody(
      {
        student_id: { type: 'string', format: 'uuid' },
        category: { type: 'string', enum: [...FILE_CATEGORIES] },
        form_id: { type: 'string', format: 'uuid' },
      },
      ['student_id', 'category'],
    ),
    responses: {
      201: jsonResponse(StudentFileSchema, 'The file as stored'),
      415: { description: 'A type of file that is not accepted (checked from the content)' },
      ...errorResponses(400, 401, 403, 413),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags: fileTags,
    summary: "One file's record",
    request: one,
    responses: { 200: jsonResponse(StudentFileSchema, 'The file'), ...errorResponses(401, 403, 404) },
  }),
  download: createRoute({
    method: 'get',
    path: '/{id}/download',
    tags: fileTags,
    summary: 'The file itself, always as an attachment, with its type',
    request: one,
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags: fileTags,
    summary: 'Deletes the file',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
};

const photoTags = ['Forms'];
const imageBody = { schema: { type: 'string' as const, format: 'binary' } };

/** /api/form-photos: a home visit's photos, each under the id the phone gave it (issue 48). */
export const formPhotoRoutes = {
  put: createRoute({
    method: 'put',
    path: '/{id}',
    tags: photoTags,
    summary:
      'Uploads a photo (the body is the image: JPEG, PNG or WebP, at most 5 MB) under its id; the same bytes again answer the stored photo',
    request: {
      ...one,
      body: {
        required: true,
        content: { 'image/jpeg': imageBody, 'image/png': imageBody, 'image/webp': imageBody },
      },
    },
    responses: {
      201: jsonResponse(FormPhotoSchema, 'The photo as stored'),
      200: jsonResponse(FormPhotoSchema, 'This photo was already uploaded: the stored one'),
      ...errorResponses(400, 401, 403, 409, 413),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags: photoTags,
    summary: "The photo itself: the uploader's until a form names it, then the form's readers'",
    request: one,
    responses: {
      200: { description: 'The image', content: { 'image/jpeg': imageBody } },
      ...errorResponses(401, 403, 404),
    },
  }),
};
