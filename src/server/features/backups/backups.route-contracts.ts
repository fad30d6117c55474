import { createRoute, z } from '@hono/zod-openapi';
import {
  BackupListSchema,
  BackupSchema,
  RestoreFromListSchema,
  RestoreResultSchema,
} from '../../../contracts/backups';
import { IdParamSchema } from '../../../contracts/common';
import { errorResponses, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

const tags = ['Backup & Data'];
// Admins only, checked before the request is read: anyone else gets 403 whatever they send.
const admin = roleDoor('admin');
const one = { params: IdParamSchema };

export const backupRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The complete backups, newest first, and when the last one was made (admin)',
    middleware: admin,
    responses: { 200: jsonResponse(BackupListSchema, 'The backups'), ...errorResponses(401, 403) },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Create Backup Now: the whole database to a file in BACKUP_DIR (admin)',
    middleware: admin,
    responses: { 201: jsonResponse(BackupSchema, 'The backup, complete'), ...errorResponses(401, 403) },
  }),
  download: createRoute({
    method: 'get',
    path: '/{id}/download',
    tags,
    summary: 'The backup file (.json.gz), as an attachment (admin)',
    middleware: admin,
    request: one,
    responses: {
      200: { description: 'The file', content: { 'application/gzip': { schema: z.string() } } },
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes a backup: its file and its place in the list (admin)',
    middleware: admin,
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
  }),
  restore: createRoute({
    method: 'post',
    path: '/restore',
    tags,
    summary:
      'Replaces every table with a backup, one from the list ({ id, confirmation }) or an uploaded file ' +
      '(multipart: `file` and `confirmation`); all or nothing; every session ends (admin)',
    middleware: admin,
    request: {
      body: {
        // Not required as one type: the handler reads whichever was sent (an upload as a stream).
        required: false,
        content: {
          'application/json': { schema: RestoreFromListSchema },
          'multipart/form-data': {
            schema: {
              type: 'object' as const,
              properties: {
                file: { type: 'string' as const, format: 'binary' },
                confirmation: { type: 'string' as const },
              },
              required: ['file', 'confirmation'],
            },
          },
        },
      },
    },
    responses: {
      200: jsonResponse(RestoreResultSchema, 'Restored; sign in again'),
      ...errorResponses(400, 401, 403, 404, 409, 413),
    },
  }),
};
