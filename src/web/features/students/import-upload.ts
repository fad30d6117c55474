/**
 * POST /api/students/import with upload progress. fetch() cannot report how much of a request
 * body has been sent, so this uses XMLHttpRequest (same origin, so the session cookie goes along).
 */
import type { StudentImportError, StudentImportResponse } from '../../../contracts/students';

export type ImportPhase = { kind: 'uploading'; percent: number } | { kind: 'importing' };

export type ImportUploadResult =
  | { ok: true; result: StudentImportResponse }
  | { ok: false; status: number; error: StudentImportError };

export const IMPORT_NETWORK_ERROR = 'An error occurred during import';

/** Reads the server's answer into a result; a body that is not the expected JSON still yields a message. */
export function readImportAnswer(status: number, body: unknown): ImportUploadResult {
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (status >= 200 && status < 300 && typeof data.imported === 'number') {
    return {
      ok: true,
      result: {
        imported: data.imported,
        dropped: Array.isArray(data.dropped) ? (data.dropped as StudentImportResponse['dropped']) : [],
        message:
          typeof data.message === 'string' ? data.message : `Successfully imported ${data.imported} students`,
      },
    };
  }
  return {
    ok: false,
    status,
    error: {
      error: typeof data.error === 'string' && data.error ? data.error : IMPORT_NETWORK_ERROR,
      code: typeof data.code === 'string' ? data.code : undefined,
      errors: Array.isArray(data.errors) ? (data.errors as string[]) : undefined,
      dropped: Array.isArray(data.dropped) ? (data.dropped as StudentImportResponse['dropped']) : undefined,
    },
  };
}

/** Sends the file; `onPhase` hears the upload percentage, then 'importing' while the server works. */
export function uploadStudentCsv(
  file: File,
  onPhase: (phase: ImportPhase) => void,
  signal?: AbortSignal,
): Promise<ImportUploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/students/import');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onPhase({
          kind: 'uploading',
          percent: Math.min(100, Math.round((event.loaded / event.total) * 100)),
        });
    };
    xhr.upload.onload = () => onPhase({ kind: 'importing' });
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve(readImportAnswer(xhr.status, body));
    };
    const networkFailure = () => resolve(readImportAnswer(0, null));
    xhr.onerror = networkFailure;
    xhr.ontimeout = networkFailure;
    xhr.onabort = networkFailure;
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append('file', file, file.name);
    onPhase({ kind: 'uploading', percent: 0 });
    xhr.send(form);
  });
}
