import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const MB = 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 10 * MB;
// Multipart framing around a 10 MB file; the services check the file itself.
const UPLOAD_BODY_LIMIT = UPLOAD_LIMIT_BYTES + 256 * 1024;
const JSON_BODY_LIMIT = 1 * MB;
/**
 * A refused body is still read to its end (and thrown away), so that a client that sends the whole
 * body before reading the answer gets the 413 instead of a connection cut under it (EPIPE). Past
 * this much the connection is closed instead: reading on would only cost us.
 */
export const DRAIN_LIMIT_BYTES = 64 * MB;

const isBackupRestore = (path: string) => path === '/api/backups/restore';

/** The routes that take a file (multipart form data, or a photo as the body); every other route takes JSON. */
export const isUploadPath = (path: string) =>
  /\/(import|bulk)$/.test(path) ||
  path === '/api/files' ||
  // A home visit's photo (5 MB at most, checked by the route), sent as the body itself.
  /^\/api\/form-photos\/[^/]+$/.test(path) ||
  isBackupRestore(path) ||
  /^\/api\/announcements\/[^/]+\/attachments$/.test(path) ||
  /^\/api\/library\/[^/]+\/file$/.test(path) ||
  /^\/api\/payment-batches\/[^/]+\/(reconcile|operator-statement)$/.test(path);

export const tooLargeMessage = (limit: number) =>
  `The request is too large (limit ${Math.round(limit / MB)} MB).`;

/** Reads and drops the rest of a body, up to `budget` bytes; true when it reached the end. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let left = budget;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      left -= value.byteLength;
      if (left < 0) return false;
    }
  } catch {
    return false; // the client went away; nobody reads the answer
  }
}

async function refuse(
  c: Context,
  limit: number,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
) {
  const drained = await drain(reader, budget);
  if (!drained) c.header('Connection', 'close');
  return c.json({ error: tooLargeMessage(limit) }, 413);
}

/**
 * Whether the request may carry a body: a GET's or HEAD's never reaches a route (a Fetch Request of
 * either has none). Asking a request for its body makes the Node adapter build a whole Fetch Request
 * for it, with an abort signal: about a tenth of a signed-in GET's cost in a profile, for nothing.
 */
export function mayCarryBody(c: Context): boolean {
  return c.req.method !== 'GET' && c.req.method !== 'HEAD';
}

/**
 * Refuses a body over `limit`: by its Content-Length before reading any of it, or, sent in chunks,
 * as soon as it passes the limit (the part read so far is kept for the route, as Hono's bodyLimit
 * does). Either way the answer is a 413 with a message, sent once the body is drained.
 */
function limitBody(limit: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!mayCarryBody(c)) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && !c.req.header('transfer-encoding')) {
      const length = Number(declared);
      if (!(length > limit)) return next();
      if (length > DRAIN_LIMIT_BYTES) {
        c.header('Connection', 'close');
        return c.json({ error: tooLargeMessage(limit) }, 413);
      }
      return refuse(c, limit, body.getReader(), length);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) return refuse(c, limit, reader, DRAIN_LIMIT_BYTES - size);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/** Refuses bodies over the limit, declared or streamed: 10 MB for uploads, 1 MB for everything else. */
export function bodyLimit(): MiddlewareHandler<AppEnv> {
  const uploads = limitBody(UPLOAD_BODY_LIMIT);
  const others = limitBody(JSON_BODY_LIMIT);
  // A restore reads its file itself, after its admin check, and stops past 200 MB: limitBody would
  // hold a chunked body in memory before anyone is known to be signed in.
  return (c, next) =>
    isBackupRestore(c.req.path) ? next() : isUploadPath(c.req.path) ? uploads(c, next) : others(c, next);
}
