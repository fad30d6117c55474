import Papa from 'papaparse';
import { spreadsheetSafe, withoutSpreadsheetGuard } from '../../domain/spreadsheet-cells';

export { spreadsheetSafe };

export interface ParsedCsv {
  /** Header names trimmed and lower-cased. */
  headers: string[];
  /** Data rows with their line number in the file (the header is line 1, so rows start at 2). */
  rows: Array<{ rowNumber: number; values: Record<string, string> }>;
}

/**
 * Parses CSV text: strips a byte-order mark, trims and lower-cases headers, keeps quoted commas,
 * skips blank lines but keeps the row numbers a person sees in a spreadsheet, and takes off the
 * formula guard our own exports add, so an exported file re-imports unchanged.
 */
export function parseCsv(text: string): ParsedCsv {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(source, { skipEmptyLines: false });
  const [headerRow, ...dataRows] = result.data;
  const headers = (headerRow ?? []).map((h) => h.trim().toLowerCase());
  const rows: ParsedCsv['rows'] = [];
  dataRows.forEach((cells, index) => {
    if (cells.every((cell) => cell.trim() === '')) return;
    const values: Record<string, string> = {};
    headers.forEach((header, column) => {
      if (header) values[header] = withoutSpreadsheetGuard((cells[column] ?? '').trim());
    });
    rows.push({ rowNumber: index + 2, values });
  });
  return { headers, rows };
}

/** Builds a CSV file (with a BOM so Excel reads UTF-8) from rows, guarding every cell. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  const safeRows = rows.map((row) => row.map(spreadsheetSafe));
  return `\ufeff${Papa.unparse({ fields: headers, data: safeRows }, { newline: '\r\n' })}\r\n`;
}
