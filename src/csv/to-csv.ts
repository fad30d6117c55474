import Papa from 'papaparse';
import { spreadsheetSafe } from '../domain/spreadsheet-cells';

/** Builds a CSV file (with a BOM so Excel reads UTF-8) from rows, guarding every cell. */
export function toCsv(headers: string[], rows: unknown[][]): string {
  const safeRows = rows.map((row) => row.map(spreadsheetSafe));
  return `\ufeff${Papa.unparse({ fields: headers, data: safeRows }, { newline: '\r\n' })}\r\n`;
}
