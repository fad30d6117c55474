import { createRoute, z } from '@hono/zod-openapi';
import {
  AnnouncementAttachmentSchema,
  AnnouncementInputSchema,
  AnnouncementListQuerySchema,
  AnnouncementListResponseSchema,
  AnnouncementReadSchema,
  AnnouncementSchema,
} from '../../../contracts/announcements';
import { IdParamSchema, RecordIdParam } from '../../../contracts/common';
import { errorResponses, jsonBody, jsonResponse, multipartBody } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * Announcements as the OpenAPI document shows them: every signed-in user reads those of their
 * audience; publishing is for program officers and above (403 before the body is read); the author
 * or an admin edits, deletes and attaches files. One that the caller does not see answers 404.
 */

const tags = ['Announcements'];
const one = { params: IdParamSchema };
const attachment = { params: z.object({ id: RecordIdParam, attachmentId: RecordIdParam }) };

export const announcementRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: "Active announcements of the caller's audience, newest first, with the count cards",
    request: { query: AnnouncementListQuerySchema },
    responses: {
      200: jsonResponse(AnnouncementListResponseSchema, 'A page of announcements'),
      ...errorResponses(400, 401),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Publishes an announcement (program officers and above)',
    middleware: roleDoor('program_officer'),
    request: jsonBody(AnnouncementInputSchema),
    responses: {
      201: jsonResponse(AnnouncementSchema, 'The announcement'),
      ...errorResponses(400, 401, 403),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One announcement',
    request: one,
    responses: { 200: jsonResponse(AnnouncementSchema, 'The announcement'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Replaces the announcement (its author or an admin)',
    request: { ...one, ...jsonBody(AnnouncementInputSchema) },
    responses: {
      200: jsonResponse(AnnouncementSchema, 'The announcement'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes the announcement and its attachments (its author or an admin)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  read: createRoute({
    method: 'post',
    path: '/{id}/read',
    tags,
    summary: 'Read More: counts the caller as a reader, once',
    request: one,
    responses: {
      200: jsonResponse(AnnouncementReadSchema, 'How many people have read it'),
      ...errorResponses(401, 404),
    },
  }),
  attach: createRoute({
    method: 'post',
    path: '/{id}/attachments',
    tags,
    summary: 'Attaches a file (as Student Files accepts them, at most 10 MB; its author or an admin)',
    request: { ...one, ...multipartBody() },
    responses: {
      201: jsonResponse(AnnouncementAttachmentSchema, 'The attachment'),
      415: { description: 'A type of file that is not accepted' },
      ...errorResponses(400, 401, 403, 404, 413),
    },
  }),
  download: createRoute({
    method: 'get',
    path: '/{id}/attachments/{attachmentId}',
    tags,
    summary: 'An attachment, as an attachment',
    request: attachment,
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
      ...errorResponses(401, 404),
    },
  }),
  detach: createRoute({
    method: 'delete',
    path: '/{id}/attachments/{attachmentId}',
    tags,
    summary: 'Removes an attachment (its author or an admin)',
    request: attachment,
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
  }),
};
