/**
 * The bank's statement of a payment batch, read the same way by the browser's preview and by the
 * server's reconciliation (docs/product.md D6, D20). Banks name their columns as they like and
 * write amounts as people do, so the reader is forgiving where it can be sure and refuses the
 * file, saying why and on which row, where it cannot.
 */
import Papa from 'papaparse';
import type { RowProblem } from '../contracts/common';
import { isChargeLine, referenceIn, type StatementLine } from '../domain/payment-batches';
import { parseCsv } from './parse-csv';

/**
 * Column names read as the reference and as the amount paid, best first, compared after
 * headerWords (lower case, words only, a currency word dropped): 'Payment Ref.' reads 'payment ref',
 * 'Amount (ZMW)' reads 'amount'.
 */
export const REFERENCE_HEADERS = [
  'reference',
  'payment reference',
  'ref',
  'payment ref',
  'bank reference',
  'bank ref',
  'ref no',
  'ref number',
  'reference no',
  'reference number',
  'reference code',
  'transaction reference',
  'transaction ref',
  'trans ref',
  'txn ref',
  'customer reference',
  'customer ref',
  'beneficiary reference',
  'your reference',
  'narration',
  'narrative',
  'particulars',
  'description',
  'transaction description',
  'details',
  'transaction details',
  'payment details',
  'remarks',
  'memo',
] as const;

export const AMOUNT_HEADERS = [
  'amount',
  'amt',
  'amount paid',
  'paid amount',
  'payment amount',
  'transaction amount',
  'credit',
  'credits',
  'credit amount',
  'deposit',
  'deposits',
  'value',
  'debit',
  'debits',
  'debit amount',
  'withdrawal',
  'withdrawals',
  'paid',
] as const;

/**
 * A statement downloaded from online banking often opens with the bank's name, the account and the
 * period before its header row: the header is looked for among this many first rows.
 */
export const HEADER_SEARCH_ROWS = 20;

/** At most this many rows' problems are listed; the count of the rest is given. */
export const LISTED_PROBLEMS = 100;

export const STATEMENT_MESSAGES = {
  empty: 'The file is empty: it has no header row.',
  notText: 'The file is not text: save the bank statement as CSV (comma separated) and choose that file.',
  noReference: (columns: string) =>
    `The file has no reference column (a column named Reference, Bank Reference, Transaction Reference, Customer Reference, Narration or Details). Its columns are: ${columns}.`,
  noAmount: (columns: string) =>
    `The file has no amount column (a column named Amount, Amount Paid, Credit or Value). Its columns are: ${columns}.`,
  noPayments: 'The file has no payments: no row has both a reference and an amount.',
  malformed: (row: number | null, message: string) =>
    row === null
      ? `The file cannot be read as CSV: ${message}`
      : `The file cannot be read as CSV (row ${row}): ${message}`,
  badAmount: (text: string) =>
    `the amount "${text}" is not an amount (write it like 1234.50 or ZMW 1,234.50)`,
  missingAmount: (reference: string) => `the payment ${reference} has no amount`,
  refused: (count: number, first: string) =>
    `The bank statement cannot be read: ${first}${count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'problem' : 'problems'})` : ''}.`,
} as const;

/** A header as matching reads it: lower case, words only, without a currency word. */
export function headerWords(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => !['zmw', 'kwacha', 'k', 'zk'].includes(word))
    .join(' ');
}

/** The file's columns that hold `names`, best first (several amount columns: debit and credit). */
function columnsOf(headers: string[], names: readonly string[]): string[] {
  const words = headers.map(headerWords);
  return names.flatMap((name) => headers.filter((header, i) => header && words[i] === name));
}

const CURRENCY = /^(zmw|zk|k|kwacha)\.?\s*|\s*(zmw|zk|k|kwacha)$/i;
const DRCR = /\s*(cr|dr)\.?$/i;
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;
const PLAIN = /^\d+(\.\d+)?$/;

/**
 * A statement's amount as exact money ('1234.50'), or null when it is not one. Takes 'ZMW 1,234.50',
 * 'K1234.5', '1 234.50', '1234.50 CR', '-1,234.50' and '(1,234.50)' (a debit: the amount paid out),
 * never a comma as the decimal point ('1,50' is refused, not read as 150).
 */
export function parseStatementAmount(text: string): string | null {
  let value = text
    .replace(/[\s\u00a0]+/g, ' ')
    .trim()
    .replace(DRCR, '');
  // One sign at most, written -, + or as brackets, before or after the currency ('-ZMW 5', 'ZMW -5').
  const bracketed = /^\(.*\)$/.test(value);
  if (bracketed) value = value.slice(1, -1).trim();
  value = value.replace(CURRENCY, '').trim();
  if (/^[-+]/.test(value)) {
    if (bracketed) return null;
    value = value.slice(1).trim().replace(CURRENCY, '').trim();
  }
  value = value.replace(/(?<=\d) (?=\d{3}\b)/g, '');
  if (!GROUPED.test(value) && !PLAIN.test(value)) return null;
  const [whole, fraction = ''] = value.replaceAll(',', '').split('.') as [string, string?];
  // More than two decimal places only when the rest are zeros ('1234.500').
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) return null;
  if (whole.length > 13) return null;
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.slice(0, 2).padEnd(2, '0')}`;
}

export interface StatementSkip {
  row: number;
  reason: string;
}

export type ParsedStatement =
  | {
      ok: true;
      /** The columns read: their names as the file writes them (several for amounts). */
      columns: { reference: string; amount: string[] };
      lines: StatementLine[];
      /** Rows left out on purpose: no reference (a balance or total line), or no amount on a line that is not ours. */
      skipped: StatementSkip[];
    }
  | { ok: false; error: string; rows: RowProblem[] };

const SKIP_REASONS = {
  noReference: 'No reference (a balance or total line).',
  noAmount: 'No amount, and not one of our payment references.',
} as const;

/**
 * Reads a bank statement: the header row (below any lines of the bank's own) names a reference
 * column and one or more amount columns (in any case, with common synonyms); each row with a
 * reference and an amount is a payment. A byte-order mark, blank lines, spaces around cells and
 * the formula guard are dropped. A row's amount is the first non-zero one of its amount columns
 * (see amountOf). A row with an amount that cannot be read, or with one of our references and no
 * amount, refuses the whole file, listing every such row.
 */
export function parseBankStatement(text: string): ParsedStatement {
  const source = text.replace(/^\ufeff/, '');
  if (source.trim() === '') return refuse(STATEMENT_MESSAGES.empty, []);
  // A spreadsheet (.xlsx), a PDF or a UTF-16 text renamed .csv holds control characters: say so,
  // rather than list its bytes as column names. (An accented letter of a Windows-1252 file only
  // reads as U+FFFD, which is no reason to refuse the statement.)
  if (BINARY.test(source.slice(0, 4096))) return refuse(STATEMENT_MESSAGES.notText, []);
  // Rows above the header (the bank's name, the account, the period) are left out, and the row
  // numbers still count them, as the spreadsheet shows the file.
  const { offset, rowsAbove } = headerRowOf(source);
  const parsed = parseCsv(source.slice(offset));
  const rowOf = (row: number) => row + rowsAbove;
  // A delimiter Papa Parse cannot make out means one column: the column checks below say it better.
  if (parsed.malformed && parsed.malformed.row !== null)
    return refuse(STATEMENT_MESSAGES.malformed(rowOf(parsed.malformed.row), parsed.malformed.message), []);
  const headers = parsed.headers;
  const named = headers.filter(Boolean);
  if (named.length === 0) return refuse(STATEMENT_MESSAGES.empty, []);
  const listed = named.join(', ');
  const referenceColumns = columnsOf(headers, REFERENCE_HEADERS);
  const referenceColumn = referenceColumnOf(referenceColumns, parsed.rows);
  if (!referenceColumn) return refuse(STATEMENT_MESSAGES.noReference(listed), []);
  const amountColumns = [...new Set(columnsOf(headers, AMOUNT_HEADERS))].filter((c) => c !== referenceColumn);
  if (amountColumns.length === 0) return refuse(STATEMENT_MESSAGES.noAmount(listed), []);

  const lines: StatementLine[] = [];
  const skipped: StatementSkip[] = [];
  const problems: RowProblem[] = [];
  for (const { rowNumber, values } of parsed.rows) {
    const row = rowOf(rowNumber);
    // A fee's line often leaves the payment reference blank and says what it is in another column.
    const cell =
      values[referenceColumn] ||
      referenceColumns.map((column) => values[column] ?? '').find(isChargeLine) ||
      '';
    if (!cell) {
      skipped.push({ row, reason: SKIP_REASONS.noReference });
      continue;
    }
    const { reference, ours } = referenceIn(cell);
    const amount = amountOf(amountColumns.map((column) => values[column] ?? ''));
    if (amount.kind === 'none') {
      if (ours) problems.push({ row, message: STATEMENT_MESSAGES.missingAmount(reference) });
      else skipped.push({ row, reason: SKIP_REASONS.noAmount });
    } else if (amount.kind === 'unreadable')
      problems.push({ row, message: STATEMENT_MESSAGES.badAmount(amount.text) });
    else lines.push({ row, reference, amount: amount.value });
  }
  if (problems.length > 0) {
    const [first] = problems as [RowProblem];
    return refuse(
      STATEMENT_MESSAGES.refused(problems.length, `row ${first.row}: ${first.message}`),
      problems,
    );
  }
  if (lines.length === 0) return refuse(STATEMENT_MESSAGES.noPayments, []);
  return { ok: true, columns: { reference: referenceColumn, amount: amountColumns }, lines, skipped };
}

/**
 * Of the columns named like a reference, the one holding our payment references in the most rows:
 * a statement's "Transaction Reference" is often the bank's own number, ours being in the
 * Description. The best-named one when none holds ours.
 */
function referenceColumnOf(
  candidates: string[],
  rows: ReturnType<typeof parseCsv>['rows'],
): string | undefined {
  if (candidates.length < 2) return candidates[0];
  const ours = candidates.map(
    (column) => rows.filter((r) => referenceIn(r.values[column] ?? '').ours).length,
  );
  const most = Math.max(...ours);
  return candidates[most > 0 ? ours.indexOf(most) : 0];
}

/** Control characters other than tab and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** What a bank writes in the column a row does not use ('-', a dash), read as an empty cell. */
const PLACEHOLDER = /^[-\u2013\u2014]$/;

/**
 * A row's amount from its amount columns: the first that holds a non-zero amount, since a
 * statement with Debit and Credit columns fills one per row and often writes 0.00 or a dash in
 * the other; zero only when every filled one is zero. Any filled cell that is not an amount makes
 * the row unreadable.
 */
function amountOf(
  cells: string[],
): { kind: 'none' } | { kind: 'unreadable'; text: string } | { kind: 'read'; value: string } {
  const filled = cells.filter((cell) => cell !== '' && !PLACEHOLDER.test(cell));
  if (filled.length === 0) return { kind: 'none' };
  const values: string[] = [];
  for (const text of filled) {
    const value = parseStatementAmount(text);
    if (value === null) return { kind: 'unreadable', text };
    values.push(value);
  }
  return { kind: 'read', value: values.find((v) => !/^0+\.00$/.test(v)) ?? (values[0] as string) };
}

/**
 * Where the header row starts: the first of the first HEADER_SEARCH_ROWS rows that names both a
 * reference and an amount column, else the first row (whose columns the refusal then lists).
 */
function headerRowOf(source: string): { offset: number; rowsAbove: number } {
  const delimiter = Papa.parse<string[]>(source, { preview: 10, skipEmptyLines: 'greedy' }).meta.delimiter;
  let found = { offset: 0, rowsAbove: 0 };
  let before = 0;
  let index = 0;
  Papa.parse<string[]>(source, {
    delimiter,
    chunkSize: 64 * 1024,
    step: ({ data, meta }, parser) => {
      const headers = data.map((cell) => String(cell).trim().toLowerCase());
      const names = (list: readonly string[]) => columnsOf(headers, list).length > 0;
      if (names(REFERENCE_HEADERS) && names(AMOUNT_HEADERS)) {
        found = { offset: before, rowsAbove: index };
        parser.abort();
        return;
      }
      before = meta.cursor;
      index++;
      if (index >= HEADER_SEARCH_ROWS) parser.abort();
    },
  });
  return found;
}

function refuse(error: string, rows: RowProblem[]): ParsedStatement {
  return { ok: false, error, rows: rows.slice(0, LISTED_PROBLEMS) };
}
