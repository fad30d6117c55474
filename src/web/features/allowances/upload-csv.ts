/**
 * POST /api/allowances/bulk with XMLHttpRequest, for its upload progress (fetch has none). The
 * session cookie goes with it as with every same-origin call; failures become ApiError like api.ts.
 */
import type { BulkUploadResponse } from '../../../contracts/allowances';
import { ApiError, apiErrorFromResponse, NETWORK_ERROR_CODE } from '../../lib/api';

export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

export function uploadAllowancesCsv(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): { promise: Promise<BulkUploadResponse>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<BulkUploadResponse>((resolve, reject) => {
    xhr.open('POST', '/api/allowances/bulk');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress({
          phase: 'uploading',
          percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
        });
    };
    // Every byte sent: the server now validates and writes the rows.
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object')
        resolve(body as BulkUploadResponse);
      else reject(apiErrorFromResponse(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, '', NETWORK_ERROR_CODE));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('file', file, file.name);
    onProgress({ phase: 'uploading', percent: 0 });
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** Saves text as a file in the browser (template, error list). */
export function downloadTextFile(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
