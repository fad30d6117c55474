/**
 * The browser side of the bulk allowance upload (docs/product.md §5, §9; docs/product.md D6): file checks before
 * sending, the row-by-row preview, the template, the first-ten error preview and the error list CSV.
 * Pure functions, unit-tested; the file is read by the same parser as the server's (src/csv).
 */
import Papa from 'papaparse';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../../../contracts/allowances';
import { parseCsv } from '../../../csv/parse-csv';
import { toCsv } from '../../../csv/to-csv';
import { validateBulkRow } from '../../../domain/allowance-rows';
import { csvFileProblem } from '../../components/forms/csv-file';
import { formatMoney } from '../../lib/format';
import { ALLOWANCE_UI } from './messages';

/** Row errors shown before '... and N more errors'; the error list download has them all. */
export const ERROR_PREVIEW_LIMIT = 10;
export const ERROR_LIST_FILENAME = 'allowance_upload_errors.csv';

/** Why this file may not be sent, or null when it may. */
export function uploadFileProblem(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return ALLOWANCE_UI.noFile;
  return csvFileProblem(file, {
    notCsv: ALLOWANCE_UI.onlyCsv,
    tooLarge: ALLOWANCE_UI.tooLarge,
    empty: ALLOWANCE_UI.noRows,
  });
}

/** One row of the file as the preview lists it: the row number a spreadsheet shows, what it asks, and its fault. */
export interface BulkPreviewRow {
  row: number;
  student: string;
  period: string;
  /** 'ZMW 2,750.00' once the amounts check out. */
  total: string | null;
  /** Why the server will refuse the row, in its words; null when the row passes the file's checks. */
  problem: string | null;
}

export type CsvPreview =
  | { ok: true; rows: BulkPreviewRow[]; ready: number; withErrors: number; missingColumns: string[] }
  | { ok: false; message: string };

/**
 * The file row by row as the server will read it (headers trimmed and lower-cased, empty lines
 * skipped), each row put through the server's own row check (validateBulkRow), and the template
 * columns the file lacks. Whether each student exists and has no allowance for that month yet only
 * the server can tell; it checks every row again.
 */
export function previewAllowanceCsv(text: string): CsvPreview {
  const { headers, rows, malformed } = parseCsv(text, { commentRows: true });
  if (malformed) {
    const where = malformed.row === null ? '' : ` (row ${malformed.row})`;
    return { ok: false, message: ALLOWANCE_UI.csvParsing(`${malformed.message}${where}`) };
  }
  if (rows.length === 0) return { ok: false, message: ALLOWANCE_UI.noRows };
  const missingColumns = ALLOWANCE_TEMPLATE_COLUMNS.filter((c) => !headers.includes(c));
  const previewRows = rows.map((row): BulkPreviewRow => {
    const cell = (name: string) => (row.values[name] ?? '').trim();
    const checked = validateBulkRow(row);
    return {
      row: row.rowNumber,
      student: cell('student_name') || cell('chl_number') || cell('student_id'),
      period: checked.ok
        ? `${checked.row.month} ${checked.row.year}`
        : [cell('month'), cell('year')].join(' ').trim(),
      total: checked.ok ? formatMoney(checked.row.amounts.total) : null,
      problem: checked.ok ? null : splitRowError(checked.error).message,
    };
  });
  const withErrors = previewRows.filter((r) => r.problem !== null).length;
  return { ok: true, rows: previewRows, ready: previewRows.length - withErrors, withErrors, missingColumns };
}

/** What the example row of a template says in its first cell: it is a comment, never imported. */
export const TEMPLATE_EXAMPLE_MARK = '# Example row never imported';

/**
 * allowances_template.csv: the contract's columns and one example row, written as a comment (its
 * first cell starts with '#'), so a template uploaded as it is imports nothing rather than failing
 * on a student the user may not have.
 */
export function allowanceTemplateCsv(year: number): string {
  const example = {
    student_id: TEMPLATE_EXAMPLE_MARK,
    student_name: 'Mwila Chanda',
    chl_number: 'CHL-S-0001',
    month: 'January',
    year: String(year),
    program_level: 'university',
    stipend: '1500',
    medical: '200',
    transportation: '150',
    school_supplies: '100',
    accommodation: '800',
    flmi_comments: 'Term fees confirmed',
  } satisfies Record<(typeof ALLOWANCE_TEMPLATE_COLUMNS)[number], string>;
  return `${Papa.unparse(
    { fields: [...ALLOWANCE_TEMPLATE_COLUMNS], data: [ALLOWANCE_TEMPLATE_COLUMNS.map((c) => example[c])] },
    { newline: '\r\n' },
  )}\r\n`;
}

/**
 * What the upload button will do: 'Upload' when the file has no row with errors (the server
 * takes it whole or refuses it), 'Import 3 valid rows' when the rows with errors will be left out,
 * and why it cannot when no row can be uploaded.
 */
export function uploadButtonLabel(preview: CsvPreview | null): string {
  if (!preview?.ok || preview.withErrors === 0) return 'Upload';
  if (preview.ready === 0) return 'No valid rows to import';
  return `Import ${preview.ready} valid ${preview.ready === 1 ? 'row' : 'rows'}`;
}

/** 'Row 5: month is required' -> { row: 5, message: 'month is required' }. */
export function splitRowError(error: string): { row: number | null; message: string } {
  const m = /^Row (\d+): ([\s\S]*)$/.exec(error);
  return m ? { row: Number(m[1]), message: m[2]! } : { row: null, message: error };
}

/** Every error as CSV (row, message), UTF-8 with a BOM so spreadsheets read it. */
export function errorListCsv(errors: readonly string[]): string {
  const rows = errors.map((e) => {
    const { row, message } = splitRowError(e);
    return [row === null ? '' : String(row), message];
  });
  return toCsv(['row', 'message'], rows);
}

/** '2.4 MB', '812 KB', '96 bytes'. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
