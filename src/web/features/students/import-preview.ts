/**
 * Student CSV import, the browser's part: check the chosen file, parse it for a preview, and say
 * which rows will be imported, which dropped and why. The server parses and checks the file again
 * with the same parser and row check (src/csv).
 */

import type { PaymentChannelDetails } from '../../../contracts/payment-channels';
import { STUDENT_IMPORT_TEMPLATE_HEADER } from '../../../contracts/students';
import { type CsvTable, parseCsv } from '../../../csv/parse-csv';
import { channelsTwiceInFile } from '../../../csv/student-channel-row';
import { checkStudentImportRow } from '../../../csv/student-rows';
import {
  duplicateChlNumbersInFile,
  NO_VALID_STUDENT_DATA,
  planStudentImport,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  STUDENT_IMPORT_TEMPLATE_FILENAME,
  TOO_MANY_STUDENTS,
} from '../../../domain/student-import';
import { csvFileProblem } from '../../components/forms/csv-file';

export { NO_VALID_STUDENT_DATA, STUDENT_IMPORT_TEMPLATE_FILENAME, TOO_MANY_STUDENTS };

export const IMPORT_FILE_MESSAGES = {
  notCsv: 'Only .csv files are accepted. Please choose a CSV file.',
  tooLarge: 'The file is larger than 10 MB. Please split it into smaller files.',
  empty: 'The file is empty. Please choose a CSV file with a header row and at least one student.',
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.join(' or ')} column. Use the template's header row.`,
  parseFailed: 'Failed to parse CSV file',
  uploadFailed: 'An error occurred during import',
} as const;

/** A problem with the file itself, before reading it; null when it may be read. */
export function checkImportFile(file: { name: string; size: number }): string | null {
  return csvFileProblem(file, IMPORT_FILE_MESSAGES);
}

/**
 * The template offered for download: the header row of the import columns and an example row
 * written as a comment (its first cell starts with '#'), which an import never reads.
 */
export function importTemplateCsv(): string {
  return `${STUDENT_IMPORT_TEMPLATE_HEADER}\r\n${TEMPLATE_EXAMPLE}\r\n`;
}

const TEMPLATE_EXAMPLE = [
  '# Example row never imported: Mwila',
  'Chanda',
  'mwila.chanda@example.org',
  '+260977100001',
  'Kalingalinga',
  'university',
  'University of Zambia',
  'BSc Computer Science',
  'CHL-S-0001',
  'female',
  '2004-03-12',
  // The optional payment channel: bank (bank_name, bank_branch, account_number, account_name) or a wallet.
  'mtn_momo',
  '',
  '',
  '',
  '',
  '0961234567',
  'Mwila Chanda',
].join(',');

/** The file as the server will read it, stopping one row past the most one import takes. */
export function parseCsvText(text: string): CsvTable {
  return parseCsv(text, { maxRows: STUDENT_IMPORT_MAX_ROWS, commentRows: true });
}

export type PreviewStatus = 'import' | 'drop' | 'error';

export interface PreviewRow {
  row: number;
  values: Record<string, string>;
  status: PreviewStatus;
  /** Why a row is dropped ('Missing first_name') or what is wrong with it. */
  reasons: string[];
}

export interface ImportPreview {
  /** The template's columns found in the file, in template order (what the preview table shows). */
  columns: string[];
  rows: PreviewRow[];
  toImport: number;
  toDrop: number;
  withErrors: number;
  /** Why nothing can be imported at all (missing columns, no valid rows); null otherwise. */
  blocker: string | null;
}

/**
 * Classifies every row of the file: imported, dropped (no first or last name; docs/product.md §5) or in
 * error (a value the server would refuse: the user imports the valid rows without it, or fixes the file).
 */
export function buildImportPreview(table: CsvTable, today: string): ImportPreview {
  const columns = STUDENT_IMPORT_COLUMNS.filter((c) => table.headers.includes(c));
  const blocked = (blocker: string): ImportPreview => ({
    columns,
    rows: [],
    toImport: 0,
    toDrop: 0,
    withErrors: 0,
    blocker,
  });
  // The server refuses such a file whole; checking its rows would only say more of the same.
  if (table.rows.length > STUDENT_IMPORT_MAX_ROWS) return blocked(TOO_MANY_STUDENTS);
  const plan = planStudentImport(table);
  if (plan.missingColumns.length > 0)
    return blocked(IMPORT_FILE_MESSAGES.missingColumns(plan.missingColumns));

  const reasons = new Map<number, string[]>();
  const add = (row: number, message: string) => reasons.set(row, [...(reasons.get(row) ?? []), message]);
  const chlRows: Array<{ row: number; chlNumber: string | null }> = [];
  const channelRows: Array<{ row: number; channel: PaymentChannelDetails }> = [];
  for (const { row, input } of plan.rows) {
    const { student, problems, channel } = checkStudentImportRow(input, today);
    for (const message of problems) add(row, message);
    if (student) chlRows.push({ row, chlNumber: student.chl_number ?? null });
    if (student && channel) channelRows.push({ row, channel });
  }
  for (const { row, message } of duplicateChlNumbersInFile(chlRows)) add(row, message);
  for (const { row, message } of channelsTwiceInFile(channelRows)) add(row, message);

  const dropped = new Map(plan.dropped.map((d) => [d.row, d.reason]));
  const rows: PreviewRow[] = table.rows.map(({ rowNumber, values }) => {
    const dropReason = dropped.get(rowNumber);
    if (dropReason) return { row: rowNumber, values, status: 'drop', reasons: [dropReason] };
    const problems = reasons.get(rowNumber);
    if (problems) return { row: rowNumber, values, status: 'error', reasons: problems };
    return { row: rowNumber, values, status: 'import', reasons: [] };
  });
  const count = (status: PreviewStatus) => rows.filter((r) => r.status === status).length;
  const toImport = count('import');
  const withErrors = count('error');
  return {
    columns,
    rows,
    toImport,
    toDrop: count('drop'),
    withErrors,
    blocker: toImport + withErrors === 0 ? NO_VALID_STUDENT_DATA : null,
  };
}

/**
 * What the import button will do: 'Import 5 students' when every row will be imported, 'Import
 * 3 valid rows' when rows with errors will be left out, and why it cannot when no row can.
 */
export function importButtonLabel(n: number, withErrors = 0): string {
  if (n === 0) return NO_VALID_ROWS_LABEL;
  if (withErrors > 0) return `Import ${n} valid ${n === 1 ? 'row' : 'rows'}`;
  return `Import ${n} ${n === 1 ? 'student' : 'students'}`;
}

export const NO_VALID_ROWS_LABEL = 'No valid rows to import';
