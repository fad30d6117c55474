import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { RecordHistoryResponseSchema } from '../../contracts/audit';
import { ErrorResponseSchema, IdParamSchema } from '../../contracts/common';
import type { AppEnv } from '../app-env';
import { errorResponse, validationError } from './errors';

/** A router whose request validation answers 400 with field messages, like every other error. */
export function createRouter<TEnv extends AppEnv = AppEnv>() {
  return new OpenAPIHono<TEnv>({
    defaultHook: (result, c) => {
      if (!result.success) return errorResponse(c, validationError(result.error as z.ZodError));
    },
  });
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** A text field of a multipart form, as the OpenAPI document describes it. */
interface FormField {
  type: 'string';
  format?: string;
  enum?: string[];
}

/**
 * The OpenAPI request body of an upload: a multipart form whose field `file` is the file, after
 * `fields` (`required` names those that must be there besides it). A plain schema, not Zod: the
 * body is read by hand (http/uploads.ts, http/file-upload.ts), never validated by the router.
 */
export const multipartBody = (fields: Record<string, FormField> = {}, required: string[] = []) => ({
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object' as const,
          properties: { ...fields, file: { type: 'string' as const, format: 'binary' } },
          required: [...required, 'file'],
        },
      },
    },
  },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

const errorContent = { content: { 'application/json': { schema: ErrorResponseSchema } } };

/** The error answers a route may give, for the OpenAPI document. */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 422 | 429>) {
  const description: Record<number, string> = {
    400: 'Invalid input',
    401: 'Not signed in',
    403: 'Not allowed',
    404: 'Not found',
    409: 'Conflict',
    413: 'Too large',
    422: 'Unprocessable',
    429: 'Too many attempts',
  };
  return Object.fromEntries(statuses.map((s) => [s, { ...errorContent, description: description[s]! }]));
}

/**
 * GET /{id}/history: one record's audit trail (D15), oldest first; 404 for a record the caller
 * does not reach. `about` may add the route's `middleware` (roleDoor) where the router's door is wider.
 */
export function recordHistoryRoute<About extends { tags: string[]; summary: string }>(about: About) {
  return createRoute({
    method: 'get',
    path: '/{id}/history',
    ...about,
    request: { params: IdParamSchema },
    responses: {
      200: jsonResponse(RecordHistoryResponseSchema, 'The history'),
      ...errorResponses(401, 403, 404),
    },
  });
}
