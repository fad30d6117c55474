/** POST /api/students/import with upload progress, and how its answer reads to the import dialog. */
import type { StudentImportError, StudentImportResponse } from '../../../contracts/students';
import { uploadWithProgress } from '../../lib/api';

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
export async function uploadStudentCsv(
  file: File,
  onPhase: (phase: ImportPhase) => void,
  signal?: AbortSignal,
): Promise<ImportUploadResult> {
  try {
    const { status, body } = await uploadWithProgress(
      '/api/students/import',
      file,
      (progress) =>
        onPhase(
          progress.phase === 'uploading'
            ? { kind: 'uploading', percent: progress.percent }
            : { kind: 'importing' },
        ),
      signal,
    );
    return readImportAnswer(status, body);
  } catch {
    // Cancelled: reported like an upload that never got an answer.
    return readImportAnswer(0, null);
  }
}
