/**
 * A file sent to the file store (a student's file, an announcement's attachment): the same size
 * rule and the same words for a refusal wherever it is sent from.
 */
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../domain/student-files';
import { ApiError } from './api';

/** Why a file will not be sent (the server would refuse it), or null: checked before sending. */
export function storedFileProblem(file: { size: number }): string | null {
  if (file.size > MAX_FILE_BYTES) return FILE_MESSAGES.tooLarge;
  if (file.size === 0) return FILE_MESSAGES.empty;
  return null;
}

/**
 * The server's words for a refused file; the product's when it sent none (413 too large, 415 a
 * kind it does not keep); `otherwise` reads any other failure.
 */
export function storedFileRefusal(error: unknown, otherwise: (error: unknown) => string): string {
  if (error instanceof ApiError && !error.message) {
    if (error.status === 413) return FILE_MESSAGES.tooLarge;
    if (error.status === 415) return FILE_MESSAGES.refused;
  }
  return otherwise(error);
}
