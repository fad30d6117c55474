/** Largest file an upload takes (the server refuses bigger ones with 413). */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

/** What to say about a file that is not a .csv, too large, or empty: each upload has its words. */
export interface CsvFileMessages {
  notCsv: string;
  tooLarge: string;
  empty: string;
}

/** Why a chosen file may not be read, or null when it may. */
export function csvFileProblem(
  file: { name: string; size: number },
  messages: CsvFileMessages,
): string | null {
  if (!file.name.toLowerCase().endsWith('.csv')) return messages.notCsv;
  if (file.size > CSV_MAX_BYTES) return messages.tooLarge;
  if (file.size === 0) return messages.empty;
  return null;
}
