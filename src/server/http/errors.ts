import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** An answer the API gives on purpose: a status and a message the screen can show as it is. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: { code?: string; fields?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, message, { fields });
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = "You don't have permission to do that.") => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** Field-by-field messages from a failed Zod parse, the first one as the headline. */
export function validationError(error: ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid request';
  return new HttpError(400, first, { fields });
}

export function errorResponse(c: Context, error: HttpError) {
  return c.json({ error: error.message, ...error.extra }, error.status);
}
