import { ApiError, failedCall, NETWORK_ERROR_CODE } from './api';

/**
 * Reads a stored file through its download, with the session cookie (a preview shows it from a
 * blob: address, in the app). Null once `signal` aborted it; the API's error, as `api` throws
 * it, when the network fails or the server refuses.
 */
export async function fetchFile(path: string, signal: AbortSignal): Promise<Response | null> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal });
  } catch {
    if (signal.aborted) return null;
    throw new ApiError(0, '', NETWORK_ERROR_CODE);
  }
  if (!response.ok) {
    const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
    const body: unknown = isJson ? await response.json().catch(() => null) : null;
    throw failedCall(path, response.status, body);
  }
  return response;
}
