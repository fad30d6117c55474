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

export const DATABASE_UNAVAILABLE = 'The database is not answering. Please try again in a moment.';

/** The error and what it wraps (Drizzle puts the driver's error in `cause`), a few levels deep. */
export function errorChain(error: unknown): Array<Record<string, unknown>> {
  const chain: Array<Record<string, unknown>> = [];
  for (let current = error; current && typeof current === 'object' && chain.length < 5; ) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

// Socket errors of a connection to PostgreSQL that cannot be made or was lost.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL: connection exceptions (class 08), shutting down or starting up (57P01-57P03), too
// many connections (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
// pg and pg-pool say these in words, without a code.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|Client was closed and is not queryable/i;

/** Whether the error means PostgreSQL cannot be reached right now (worth a 503, not a 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const code = typeof link.code === 'string' ? link.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
    // A Unix socket not there (yet): the embedded database's worker is being restarted.
    if (code === 'ENOENT' && link.syscall === 'connect') return true;
    return typeof link.message === 'string' && UNAVAILABLE_MESSAGE.test(link.message);
  });
}
