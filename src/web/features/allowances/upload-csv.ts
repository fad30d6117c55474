/** POST /api/allowances/bulk with upload progress; failures become ApiError like every API call. */
import type { BulkUploadResponse } from '../../../contracts/allowances';
import {
  ApiError,
  apiErrorFromResponse,
  NETWORK_ERROR_CODE,
  type UploadProgress,
  uploadWithProgress,
} from '../../lib/api';

export type { UploadProgress };

export function uploadAllowancesCsv(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): { promise: Promise<BulkUploadResponse>; abort: () => void } {
  const controller = new AbortController();
  const promise = uploadWithProgress('/api/allowances/bulk', file, onProgress, controller.signal).then(
    ({ status, body }) => {
      if (status === 0) throw new ApiError(0, '', NETWORK_ERROR_CODE);
      if (status >= 200 && status < 300 && body && typeof body === 'object')
        return body as BulkUploadResponse;
      throw apiErrorFromResponse(status, body);
    },
  );
  return { promise, abort: () => controller.abort() };
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
