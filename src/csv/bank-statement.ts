/**
 * The bank's statement of a payment batch, read the same way by the browser's preview and by the
 * server's reconciliation (docs/product.md D6, D20). Banks name their columns as they like and
 * write amounts as people do, so the reader is forgiving where it can be sure and refuses the
 * file, saying why and on which row, where it cannot.
 */
import type { RowProblem } from '../contracts/common';
import { referenceIn, type StatementLine } from '../domain/payment-batches';
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
  'ref no',
  'ref number',
  'reference no',
  'reference number',
  'reference code',
  'transaction reference',
  'trans ref',
  'txn ref',
  'customer reference',
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

/** At most this many rows' problems are listed; the count of the rest is given. */
export const LISTED_PROBLEMS = 100;

export const STATEMENT_MESSAGES = {
  empty: 'The file is empty: it has no header row.',
  noReference: (columns: string) =>
    `The file has no reference column (a column named Reference, Ref, Payment Reference or Narration). Its columns are: ${columns}.`,
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
 * Reads a bank statement: the header row names a reference column and one or more amount columns
 * (in any case, with common synonyms); each row with a reference and an amount is a payment. A
 * byte-order mark, blank lines, spaces around cells and the formula guard are dropped. The first
 * amount column with something in it is read (a statement with Debit and Credit columns fills one
 * per row). A row with an amount that cannot be read, or with one of our references and no amount,
 * refuses the whole file, listing every such row.
 */
export function parseBankStatement(text: string): ParsedStatement {
  if (text.replace(/^\ufeff/, '').trim() === '') return refuse(STATEMENT_MESSAGES.empty, []);
  const parsed = parseCsv(text);
  // A delimiter Papa Parse cannot make out means one column: the column checks below say it better.
  if (parsed.malformed && parsed.malformed.row !== null)
    return refuse(STATEMENT_MESSAGES.malformed(parsed.malformed.row, parsed.malformed.message), []);
  const headers = parsed.headers;
  const named = headers.filter(Boolean);
  if (named.length === 0) return refuse(STATEMENT_MESSAGES.empty, []);
  const listed = named.join(', ');
  const [referenceColumn] = columnsOf(headers, REFERENCE_HEADERS);
  if (!referenceColumn) return refuse(STATEMENT_MESSAGES.noReference(listed), []);
  const amountColumns = [...new Set(columnsOf(headers, AMOUNT_HEADERS))].filter((c) => c !== referenceColumn);
  if (amountColumns.length === 0) return refuse(STATEMENT_MESSAGES.noAmount(listed), []);

  const lines: StatementLine[] = [];
  const skipped: StatementSkip[] = [];
  const problems: RowProblem[] = [];
  for (const { rowNumber: row, values } of parsed.rows) {
    const cell = values[referenceColumn] ?? '';
    if (!cell) {
      skipped.push({ row, reason: SKIP_REASONS.noReference });
      continue;
    }
    const { reference, ours } = referenceIn(cell);
    const amountText = amountColumns.map((column) => values[column] ?? '').find((v) => v !== '');
    if (amountText === undefined) {
      if (ours) problems.push({ row, message: STATEMENT_MESSAGES.missingAmount(reference) });
      else skipped.push({ row, reason: SKIP_REASONS.noAmount });
      continue;
    }
    const amount = parseStatementAmount(amountText);
    if (amount === null) problems.push({ row, message: STATEMENT_MESSAGES.badAmount(amountText) });
    else lines.push({ row, reference, amount });
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

function refuse(error: string, rows: RowProblem[]): ParsedStatement {
  return { ok: false, error, rows: rows.slice(0, LISTED_PROBLEMS) };
}
