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

/** What a parse reads its rows into: one for the browser's preview and the server's file. */
function rowReader({ maxRows = Number.POSITIVE_INFINITY, commentRows = false }: CsvOptions) {
  let headers: string[] | null = null;
  let rowNumber = 0;
  let quoteFault: ParsedCsv['malformed'] = null;
  const rows: CsvTable['rows'] = [];
  return {
    /** Takes one row; false once the file has more rows than it may (the parser is stopped). */
    step({ data, errors }: Papa.ParseStepResult<string[]>, parser: Papa.Parser): boolean {
      rowNumber++;
      const quotes = errors.find((e) => e.type === 'Quotes');
      if (quotes) quoteFault ??= { row: rowNumber, message: quotes.message };
      const cells = data.map(String);
      // The first row is the header, blank or not.
      if (headers === null) {
        headers = cells.map((h) => h.trim().toLowerCase());
        return true;
      }
      if (isBlankCsvRow(cells)) return true;
      if (commentRows && isCommentRow(cells)) return true;
      const values: Record<string, string> = {};
      headers.forEach((header, column) => {
        if (header) values[header] = withoutSpreadsheetGuard((cells[column] ?? '').trim());
      });
      rows.push({ rowNumber, values });
      if (rows.length <= maxRows) return true;
      parser.abort();
      return false;
    },
    table(delimiterFault: ParsedCsv['malformed']): ParsedCsv {
      return { headers: headers ?? [], rows, malformed: quoteFault ?? delimiterFault };
    },
  };
}

export interface CsvOptions {
  maxRows?: number;
  commentRows?: boolean;
}

/** The text without its byte-order mark, and the delimiter Papa Parse makes out of its first rows. */
function delimiterOf(text: string) {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // Papa Parse guesses the delimiter (comma, semicolon, tab...) only when not reading in steps.
  const guess = Papa.parse<string[]>(source, { preview: DELIMITER_GUESS_ROWS, skipEmptyLines: 'greedy' });
  const undetectable = guess.errors.find((e) => e.type === 'Delimiter');
  return {
    source,
    delimiter: guess.meta.delimiter,
    fault: undetectable ? { row: null, message: undetectable.message } : null,
  };
}

/**
 * In slices: without them Papa splits the whole text into lines (and guesses the delimiter on all
 * of them) before the first row, 1.7 s for a million rows against 16 ms.
 */
const inSlices = (delimiter: string) => ({ delimiter, skipEmptyLines: false, chunkSize: PARSE_SLICE_CHARS });

/**
 * Parses CSV text: strips a byte-order mark, trims and lower-cases headers, keeps quoted commas,
 * skips blank rows but keeps the row numbers a spreadsheet shows (header = row 1), trims cells and
 * takes off the formula guard our own exports add (docs/decisions/006), so an exported file
 * re-imports unchanged. With `commentRows`, a row whose first cell starts with '#' (a template's
 * example) is skipped like a blank one. With `maxRows` it stops after one data row more than that: the extra row is
 * enough to refuse the file, and a 10 MB file of a million rows is not read further.
 */
export function parseCsv(text: string, options: CsvOptions = {}): ParsedCsv {
  const { source, delimiter, fault } = delimiterOf(text);
  const reader = rowReader(options);
  Papa.parse<string[]>(source, { ...inSlices(delimiter), step: reader.step });
  return reader.table(fault);
}

/**
 * parseCsv for a server that answers others meanwhile: whenever `turn` has a turn to give (a
 * promise), the parse pauses until it has been given. Parsing a 10,000-row file in one piece held
 * every other request for 60-85 ms (docs/decisions/009).
 */
export function parseCsvInTurns(
  text: string,
  options: CsvOptions,
  turn: () => Promise<void> | undefined,
): Promise<ParsedCsv> {
  const { source, delimiter, fault } = delimiterOf(text);
  const reader = rowReader(options);
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(source, {
      ...inSlices(delimiter),
      step: (result, parser) => {
        if (!reader.step(result, parser)) return;
        const given = turn();
        if (!given) return;
        parser.pause();
        given.then(() => parser.resume(), reject);
      },
      complete: () => resolve(reader.table(fault)),
    });
  });
}
