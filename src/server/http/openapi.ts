import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { ErrorResponseSchema } from '../../contracts/common';
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
