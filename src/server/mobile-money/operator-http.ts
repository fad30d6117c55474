/**
 * The mechanics both operators' clients share, their protocols staying in their own files: one
 * HTTP call with a deadline, told apart by whether the request can have reached the operator (the
 * exactly-once rules of operator.ts hang on it), an access token kept until shortly before it runs
 * out and renewed once when refused, the answers both operators' calls come to alike, and reasons
 * cleaned of every secret.
 */
import { fetchWithDeadline } from '../outbound-http';
import type { SendOutcome } from './operator';

/** What became of one HTTP call. */
export type CallResult =
  | { kind: 'answered'; status: number; text: string }
  /** No connection was made: the operator cannot have the request. */
  | { kind: 'not_sent'; reason: string }
  /** The request may have arrived (a timeout, a cut connection while waiting or reading). */
  | { kind: 'lost'; reason: string };

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
  const sent = await fetchWithDeadline(url, init, options.timeoutMs, options.fetchImpl);
  if (sent.kind === 'not_sent')
    return {
      kind: 'not_sent',
      reason: withoutSecrets(`could not connect (${errorText(sent.error)})`, secrets()),
    };
  if (sent.kind === 'lost')
    return { kind: 'lost', reason: withoutSecrets(`no answer (${errorText(sent.error)})`, secrets()) };
  const { response } = sent;
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
function secondsOf(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/** A token request's answer: `{ access_token, expires_in }` with a 200, in both operators' APIs. */
export function tokenAnswer(operator: OperatorName, result: CallResult): TokenAnswer {
  if (result.kind !== 'answered') return { kind: 'failed', reason: `${operator}'s token: ${result.reason}` };
  const body = parseJson(result.text);
  if (result.status !== 200 || typeof body?.access_token !== 'string')
    return {
      kind: 'failed',
      reason: `${operator} refused a token (${result.status}): ${excerpt(result.text)}`,
    };
  return { kind: 'token', value: body.access_token, expiresInSeconds: secondsOf(body.expires_in) };
}

/** The operator's name as its reasons begin. */
export type OperatorName = 'MTN' | 'Airtel';

/** A call with the token, or why none could be made: without a token nothing left. */
export type TokenCallResult = CallResult | { kind: 'no_token'; reason: string };

/**
 * A call with the access token, `authorisation` giving the operator's headers for it; a 401 (the
 * token lapsed or was revoked) is asked once more with a new one, since a refused token means the
 * operator did nothing with the request.
 */
export async function callWithToken(
  tokens: TokenCache,
  authorisation: (token: string) => Record<string, string>,
  url: string,
  init: RequestInit,
  options: HttpOptions,
  secrets: () => readonly string[],
): Promise<TokenCallResult> {
  for (let attempt = 0; ; attempt++) {
    const token = await tokens.get();
    if (token.kind === 'failed') return { kind: 'no_token', reason: token.reason };
    const result = await call(
      url,
      { ...init, headers: { ...(init.headers as Record<string, string>), ...authorisation(token.value) } },
      options,
      secrets,
    );
    if (result.kind === 'answered' && result.status === 401 && attempt === 0) {
      tokens.forget();
      continue;
    }
    return result;
  }
}

type Answered = Extract<CallResult, { kind: 'answered' }>;

/**
 * A transfer's call as both operators' APIs end it, or its answer for the operator's own words:
 * no token or no connection is `unreachable` (nothing left, so it may be sent again as it is), no
 * answer or a 5xx is `no_answer`, and our credentials refused twice are `unreachable`.
 */
export function sendCallOutcome(
  operator: OperatorName,
  result: TokenCallResult,
  clean: (text: string) => string,
): SendOutcome | Answered {
  if (result.kind === 'no_token') return { kind: 'unreachable', reason: clean(result.reason) };
  if (result.kind === 'not_sent')
    return { kind: 'unreachable', reason: clean(`${operator} ${result.reason}`) };
  if (result.kind === 'lost')
    return { kind: 'no_answer', reason: clean(`${operator} gave ${result.reason}`) };
  if (result.status === 401)
    return { kind: 'unreachable', reason: `${operator} refused our credentials twice; nothing was sent` };
  if (result.status >= 500)
    return {
      kind: 'no_answer',
      reason: clean(`${operator} answered ${result.status}: ${excerpt(result.text)}`),
    };
  return result;
}

/**
 * A question's call (a status, a name) as both operators' APIs end it, or the JSON it answered:
 * no answer is `unknown`, a 404 `not_found`, anything but JSON with a 200 `unknown`.
 */
export function questionAnswer(
  operator: OperatorName,
  result: TokenCallResult,
  clean: (text: string) => string,
):
  | { kind: 'unknown'; reason: string }
  | { kind: 'not_found' }
  | { kind: 'json'; body: Record<string, unknown> } {
  if (result.kind !== 'answered') return { kind: 'unknown', reason: clean(`${operator}: ${result.reason}`) };
  if (result.status === 404) return { kind: 'not_found' };
  const body = parseJson(result.text);
  if (result.status !== 200 || !body)
    return {
      kind: 'unknown',
      reason: clean(`${operator} answered ${result.status}: ${excerpt(result.text)}`),
    };
  return { kind: 'json', body };
}
