/**
 * The one CSV reader of the uploads, run by the browser for its preview and by the server for the
 * import itself, so both see the same rows with the same numbers.
 */
import Papa from 'papaparse';
import { withoutSpreadsheetGuard } from '../domain/spreadsheet-cells';
import type { CsvTable } from '../domain/student-import';

export type { CsvTable };

export interface ParsedCsv extends CsvTable {
  /**
   * Why the file may not read as meant: the first unclosed quote, with its spreadsheet row, else a
   * delimiter Papa Parse could not make out (no row); null when neither.
   */
  malformed: { row: number | null; message: string } | null;
}

/** Characters read at a time, so that stopping early saves the work (see maxRows). */
const PARSE_SLICE_CHARS = 64 * 1024;
/** Rows Papa Parse reads to guess the delimiter (its own default). */
const DELIMITER_GUESS_ROWS = 10;

/** A parsed row with nothing in it (blank line, or only commas and spaces): skipped, not counted. */
export function isBlankCsvRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The mark that opens a comment row of an import file: its first cell starts with it. */
export const COMMENT_MARK = '#';

/** A row an import skips: its first cell starts with '#' (the templates' example rows). */
export function isCommentRow(cells: readonly string[]): boolean {
  return (cells[0] ?? '').trim().startsWith(COMMENT_MARK);
}

/**
 * Parses CSV text: strips a byte-order mark, trims and lower-cases headers, keeps quoted commas,
 * skips blank rows but keeps the row numbers a spreadsheet shows (header = row 1), trims cells and
 * takes off the formula guard our own exports add (docs/decisions/006), so an exported file
 * re-imports unchanged. With `commentRows`, a row whose first cell starts with '#' (a template's
 * example) is skipped like a blank one. With `maxRows` it stops after one data row more than that: the extra row is
 * enough to refuse the file, and a 10 MB file of a million rows is not read further.
 */
export function parseCsv(
  text: string,
  { maxRows = Number.POSITIVE_INFINITY, commentRows = false } = {},
): ParsedCsv {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let headers: string[] | null = null;
  let rowNumber = 0;
  // Papa Parse guesses the delimiter (comma, semicolon, tab...) only when not reading in steps.
  const guess = Papa.parse<string[]>(source, { preview: DELIMITER_GUESS_ROWS, skipEmptyLines: 'greedy' });
  const undetectable = guess.errors.find((e) => e.type === 'Delimiter');
  let quoteFault: ParsedCsv['malformed'] = null;
  const rows: CsvTable['rows'] = [];
  Papa.parse<string[]>(source, {
    delimiter: guess.meta.delimiter,
    skipEmptyLines: false,
    // In slices: without them Papa splits the whole text into lines (and guesses the delimiter on
    // all of them) before the first row, 1.7 s for a million rows against 16 ms.
    chunkSize: PARSE_SLICE_CHARS,
    step: ({ data, errors }, parser) => {
      rowNumber++;
      const quotes = errors.find((e) => e.type === 'Quotes');
      if (quotes) quoteFault ??= { row: rowNumber, message: quotes.message };
      const cells = data.map(String);
      // The first row is the header, blank or not.
      if (headers === null) {
        headers = cells.map((h) => h.trim().toLowerCase());
        return;
      }
      if (isBlankCsvRow(cells)) return;
      if (commentRows && isCommentRow(cells)) return;
      const values: Record<string, string> = {};
      headers.forEach((header, column) => {
        if (header) values[header] = withoutSpreadsheetGuard((cells[column] ?? '').trim());
      });
      rows.push({ rowNumber, values });
      if (rows.length > maxRows) parser.abort();
    },
  });
  const delimiterFault = undetectable ? { row: null, message: undetectable.message } : null;
  return { headers: headers ?? [], rows, malformed: quoteFault ?? delimiterFault };
}
