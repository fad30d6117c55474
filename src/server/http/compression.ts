import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

/** Smaller answers go out as they are: compressing them saves less time than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Answers the API writes in memory: JSON, and the API docs' page, script and stylesheet. */
const COMPRESSIBLE_TYPE =
  /^\s*(?:application\/(?:[\w.+-]+\+)?json|text\/(?:html|css|javascript)|application\/javascript)\s*(?:;|$)/i;

type Encoding = 'br' | 'gzip';

/** The encoding the client prefers among ours (brotli on a tie), or none it accepts. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((a) => a.type === '*')?.q ?? 0;
  const q = (name: Encoding) => accepts.find((a) => a.type.toLowerCase() === name)?.q ?? wildcard;
  const br = q('br');
  const gz = q('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/**
 * In the request's own turn, not the thread pool's: on the one core the server is sized for, a
 * pool thread takes the same core and adds its hand-over (docs/decisions/009). A 25-row list page
 * (12-40 KB) takes 0.1-0.3 ms.
 */
function compress(body: Uint8Array, encoding: Encoding): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      // Quality 3: on a 50-row list (80 KB) as small as gzip makes it, in half the time.
      [constants.BROTLI_PARAM_QUALITY]: 3,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      // A window no larger than the answer: the default 4 MiB one is cleared for every answer.
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_MAX_WINDOW_BITS,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.byteLength))),
      ),
    },
  });
}

/** The header's value whatever the case of its name. */
function header(headers: OutgoingHttpHeaders, name: string): string | undefined {
  for (const key in headers) if (key.toLowerCase() === name) return String(headers[key]);
  return undefined;
}

function withoutHeader(headers: OutgoingHttpHeaders, name: string): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const key in headers) if (key.toLowerCase() !== name) out[key] = headers[key];
  return out;
}

/** Whether an answer with this status and these headers may be compressed at all. */
function compressible(method: string | undefined, status: number, headers: OutgoingHttpHeaders): boolean {
  if (method === 'HEAD' || status < 200 || [204, 206, 304].includes(status)) return false;
  // Downloads (CSV, PDF, calendar files, student files, backups) are sent exactly as stored.
  if (header(headers, 'content-encoding') || header(headers, 'content-disposition')) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(header(headers, 'cache-control') ?? '')) return false;
  const length = header(headers, 'content-length');
  if (length !== undefined && Number(length) < COMPRESS_FROM_BYTES) return false;
  return COMPRESSIBLE_TYPE.test(header(headers, 'content-type') ?? '');
}

function varyOnEncoding(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const vary = header(headers, 'vary');
  if (vary && /accept-encoding|\*/i.test(vary)) return headers;
  return { ...withoutHeader(headers, 'vary'), Vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' };
}

/**
 * The server's answers, compressed with brotli or gzip (whichever the client prefers) when they
 * are the API's larger in-memory answers (a list page, the OpenAPI document); streams and
 * downloads are left alone. It works where the answer is written to the socket, as the HTTP
 * server's own part, rather than as a Hono middleware: there the body is already the bytes to
 * send, where a middleware must read the answer back through a web stream and build it again,
 * which cost a list page about 1 ms of the core (docs/decisions/009).
 *
 * `writeHead` of an answer that may be compressed is held until its body comes to `end`; a body
 * that comes in pieces (`write`, `flushHeaders`) is sent as it is.
 */
export class CompressingResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  #held: { status: number; headers: OutgoingHttpHeaders } | undefined;

  override writeHead(status: number, ...rest: unknown[]): this {
    const headers = rest[0];
    if (rest.length === 1 && headers && typeof headers === 'object' && !Array.isArray(headers)) {
      const record = headers as OutgoingHttpHeaders;
      if (compressible(this.req.method, status, record)) {
        this.#held = { status, headers: varyOnEncoding(record) };
        return this;
      }
    }
    return super.writeHead(status, ...(rest as [OutgoingHttpHeaders]));
  }

  /** Sends the held head as it was written (a body in pieces is not compressed). */
  #release(): void {
    const held = this.#held;
    if (!held) return;
    this.#held = undefined;
    super.writeHead(held.status, held.headers);
  }

  override flushHeaders(): void {
    this.#release();
    super.flushHeaders();
  }

  // biome-ignore lint/suspicious/noExplicitAny: ServerResponse.write's overloads, passed through.
  override write(...args: any[]): boolean {
    this.#release();
    return (super.write as (...a: unknown[]) => boolean)(...args);
  }

  // biome-ignore lint/suspicious/noExplicitAny: ServerResponse.end's overloads, passed through.
  override end(...args: any[]): this {
    const held = this.#held;
    const [chunk] = args;
    const body = typeof chunk === 'string' ? Buffer.from(chunk) : chunk instanceof Uint8Array ? chunk : null;
    const encoding = held && body ? chooseEncoding(this.req.headers['accept-encoding']) : null;
    if (!held || !body || !encoding || body.byteLength < COMPRESS_FROM_BYTES) {
      this.#release();
      return (super.end as (...a: unknown[]) => this)(...args);
    }
    this.#held = undefined;
    const sent = compress(body, encoding);
    let headers = withoutHeader(held.headers, 'content-length');
    const etag = header(headers, 'etag');
    if (etag && !etag.startsWith('W/')) headers = { ...withoutHeader(headers, 'etag'), ETag: `W/${etag}` };
    super.writeHead(held.status, {
      ...headers,
      'Content-Encoding': encoding,
      'Content-Length': sent.byteLength,
    });
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    return super.end(sent, callback);
  }
}

/** The HTTP server's options that make it compress its answers (`serve`'s `serverOptions`). */
export const compressedAnswers = { ServerResponse: CompressingResponse };
