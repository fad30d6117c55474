/**
 * One HTTP call to a service outside the app (the SMS gateway, a mobile-money operator) with a
 * deadline, told apart by whether the request can have reached the other side. The SMS sender and
 * the payout engine both hang their "never twice" rules on that line (docs/decisions/013): only a
 * request that never left may be sent again as it is. Each caller words its own reasons.
 */

export type DeadlineCall =
  /** An answer came; reading its body stays bounded by the same deadline. */
  | { kind: 'answered'; response: Response }
  /** No connection was made: the other side cannot have the request. */
  | { kind: 'not_sent'; error: unknown }
  /** The request may have arrived (a timeout, a connection cut while waiting). */
  | { kind: 'lost'; error: unknown };

/**
 * Errors raised before the request could leave. After any other failure (a timeout, a connection
 * cut while waiting) the other side may have acted on the request.
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

/**
 * `fetch` bounded by `timeoutMs` from the start of the call to the last byte of the answer's body
 * (the signal stays with the response, so a body read after the deadline fails).
 */
export async function fetchWithDeadline(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<DeadlineCall> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return { kind: 'answered', response: await fetchImpl(url, { ...init, signal }) };
  } catch (error) {
    return nothingWasSent(error) ? { kind: 'not_sent', error } : { kind: 'lost', error };
  }
}
