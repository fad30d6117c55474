/** POST /api/allowances/bulk with upload progress; failures become ApiError like every API call. */
import type { BulkUploadResponse } from '../../../contracts/allowances';
import { type UploadProgress, uploadFile } from '../../lib/upload';

export type { UploadProgress };

export function uploadAllowancesCsv(
  file: File,
  onProgress: (progress: UploadProgress) => void,
): { promise: Promise<BulkUploadResponse>; abort: () => void } {
  const controller = new AbortController();
  const promise = uploadFile<BulkUploadResponse>('/api/allowances/bulk', file, onProgress, controller.signal);
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
