/**
 * What both operators' clients share: one HTTP call with a deadline, told apart by whether the
 * request can have reached the operator (the exactly-once rules of operator.ts hang on it), an
 * access token kept until shortly before it runs out, and reasons cleaned of every secret.
 */

/** What became of one HTTP call. */
export type CallResult =
  | { kind: 'answered'; status: number; text: string }
  /** No connection was made: the operator cannot have the request. */
  | { kind: 'not_sent'; reason: string }
  /** The request may have arrived (a timeout, a cut connection while waiting or reading). */
  | { kind: 'lost'; reason: string };

/**
 * Errors raised before the request could leave. After any other failure (a timeout, a connection
 * cut while waiting) the operator may have acted on the request.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function nothingWasSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && NOT_SENT_CODES.has(cause.code);
}

function errorText(error: unknown): string {
  const err = error as { name?: string; message?: string; cause?: { code?: unknown; message?: unknown } };
  if (err?.name === 'TimeoutError') return 'no answer in time';
  const code = typeof err?.cause?.code === 'string' ? err.cause.code : null;
  return code ?? err?.message ?? String(error);
}

export interface HttpOptions {
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * One call, the answer's text read within the same deadline (a body cut halfway is `lost`), and
 * cleaned of `secrets` before anything cuts it short (a secret cut in half would escape).
 */
export async function call(
  url: string,
  init: RequestInit,
  options: HttpOptions,
  secrets: () => readonly string[] = () => [],
): Promise<CallResult> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal });
  } catch (error) {
    return nothingWasSent(error)
      ? { kind: 'not_sent', reason: withoutSecrets(`could not connect (${errorText(error)})`, secrets()) }
      : { kind: 'lost', reason: withoutSecrets(`no answer (${errorText(error)})`, secrets()) };
  }
  try {
    return {
      kind: 'answered',
      status: response.status,
      text: withoutSecrets(await response.text(), secrets()),
    };
  } catch (error) {
    return {
      kind: 'lost',
      reason: withoutSecrets(`the answer was cut off (${errorText(error)})`, secrets()),
    };
  }
}

/** The JSON of an answer, or null when it is none. */
export function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Each secret (a key, a token, the PIN) replaced, so a reason can be stored, shown and logged. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let clean = text;
  for (const secret of secrets) if (secret.length >= 4) clean = clean.split(secret).join('[hidden]');
  return clean;
}

/** A short excerpt of an answer's text for a reason. */
export const excerpt = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

export type TokenAnswer =
  | { kind: 'token'; value: string; expiresInSeconds: number }
  | { kind: 'failed'; reason: string };

/**
 * An operator's access token, asked once and reused until shortly before `expires_in` runs out
 * (a fifth of its life or a minute, whichever is less, so a call never starts with a token about
 * to lapse). Calls made while it is being asked wait for the same answer.
 */
export class TokenCache {
  private current: { value: string; renewAt: number } | null = null;
  private asking: Promise<TokenAnswer> | null = null;

  constructor(
    private readonly ask: () => Promise<TokenAnswer>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The token in use (to hide it from reasons), if any. */
  get value(): string | null {
    return this.current?.value ?? null;
  }

  async get(): Promise<TokenAnswer> {
    if (this.current && this.now() < this.current.renewAt)
      return { kind: 'token', value: this.current.value, expiresInSeconds: 0 };
    this.asking ??= this.ask().finally(() => {
      this.asking = null;
    });
    const answer = await this.asking;
    if (answer.kind === 'token') {
      const life = answer.expiresInSeconds * 1000;
      this.current = { value: answer.value, renewAt: this.now() + life - Math.min(60_000, life / 5) };
    }
    return answer;
  }

  /** The operator refused the token: the next call asks for another. */
  forget() {
    this.current = null;
  }
}

/** `expires_in` as a number of seconds (Airtel writes it as text), 0 when unreadable. */
export function secondsOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : 0;
}
