import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ErrorResponseSchema, NO_SUCH_RECORD, RECORD_ID_ISSUE } from '../../contracts/common';
import type { AppEnv } from '../app-env';
import { errorResponse, notFound, validationError } from './errors';

/** Whether a failed check is a path's record id that is not a uuid (RecordIdParam). */
const namesNoRecord = (target: string, error: z.ZodError) =>
  target === 'param' &&
  error.issues.some((issue) => issue.code === 'custom' && issue.params?.[RECORD_ID_ISSUE] === true);

/**
 * A router whose request validation answers 400 with field messages, like every other error, but
 * 404 for a path whose record id is not a uuid: it names no record, like an unknown one.
 */
export function createRouter<TEnv extends AppEnv = AppEnv>() {
  return new OpenAPIHono<TEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const error = result.error as z.ZodError;
      if (namesNoRecord(result.target, error)) return errorResponse(c, notFound(NO_SUCH_RECORD));
      return errorResponse(c, validationError(error));
    },
  });
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
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
