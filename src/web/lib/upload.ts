/**
 * File uploads with progress (fetch cannot report how much has been sent). They fail as every other
 * call does: an ApiError with the server's answer, status 0 when the server was not reached.
 */
import { ApiError, failedCall, NETWORK_ERROR_CODE } from './api';

export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

/**
 * Sends a file as multipart form data in the field `file`, reporting the percentage sent, then
 * 'processing' while the server works. Resolves the JSON answer of a 2xx; rejects with ApiError
 * otherwise, or with an AbortError when `signal` cancels it. `fields` go before the file, so a
 * server reading the stream knows what the file is for before its bytes arrive.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
  fields: Record<string, string> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress({
          phase: 'uploading',
          percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
        });
      }
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      const body = jsonOrNull(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object') resolve(body as T);
      else reject(failedCall(path, xhr.status, body));
    };
    const unreached = () => reject(new ApiError(0, '', NETWORK_ERROR_CODE));
    xhr.onerror = unreached;
    xhr.ontimeout = unreached;
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    onProgress({ phase: 'uploading', percent: 0 });
    xhr.send(form);
  });
}

function jsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}
