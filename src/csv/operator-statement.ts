/**
 * A mobile-money operator's statement (MTN MoMo's or Airtel Money's portal export), as rows of
 * text: from a CSV here, from an XLSX by the server (read-excel-file gives the same rows). The
 * operators name their columns as they like, so the reader takes the usual names in any case, and
 * refuses the file, saying why and on which row, where it cannot be sure.
 */
import Papa from 'papaparse';
import type { RowProblem } from '../contracts/common';
import type { OperatorLineStatus, OperatorStatementLine } from '../domain/operator-statements';
import { withoutSpreadsheetGuard } from '../domain/spreadsheet-cells';
import { headerWords, LISTED_PROBLEMS, parseStatementAmount } from './bank-statement';

/** Column names, best first, as headerWords reads them ('External ID' reads 'external id'). */
const COLUMNS = {
  reference: [
    'external id',
    'externalid',
    'external reference',
    'external transaction id',
    'reference id',
    'reference',
    'client reference',
    'partner reference',
    'payment reference',
    'transaction reference',
    'ref',
  ],
  amount: ['amount', 'transaction amount', 'value', 'amount paid'],
  status: ['status', 'transaction status', 'state'],
  transaction: [
    'financial transaction id',
    'transaction id',
    'airtel money id',
    'operator transaction id',
    'txn id',
    'receipt',
    'receipt number',
  ],
  msisdn: ['msisdn', 'receiver', 'payee', 'mobile number', 'phone number', 'phone', 'wallet', 'to'],
  date: ['date', 'transaction date', 'date time', 'completed', 'created', 'timestamp'],
} as const;

/** The operator's status words, letters only, upper case. */
const STATUS_WORDS: Record<string, OperatorLineStatus | 'not_final'> = {
  SUCCESSFUL: 'successful',
  SUCCESS: 'successful',
  SUCCEEDED: 'successful',
  COMPLETED: 'successful',
  TS: 'successful',
  FAILED: 'failed',
  FAILURE: 'failed',
  REJECTED: 'failed',
  TF: 'failed',
  REVERSED: 'reversed',
  REVERSAL: 'reversed',
  ROLLEDBACK: 'reversed',
  PENDING: 'not_final',
  PROCESSING: 'not_final',
  TIP: 'not_final',
  TA: 'not_final',
};

export const OPERATOR_STATEMENT_MESSAGES = {
  empty: 'The file is empty: it has no header row.',
  noColumns: (missing: string, columns: string) =>
    `The file has no ${missing} column (an operator's statement names External ID or Reference, Amount and Status). Its columns are: ${columns}.`,
  noLines: 'The file has no disbursements: no row has a reference, an amount and a status.',
  badAmount: (text: string) => `the amount "${text}" is not an amount (write it like 1234.50)`,
  missingAmount: (reference: string) => `the disbursement ${reference} has no amount`,
  badStatus: (text: string) =>
    `the status "${text}" is not one of SUCCESSFUL, FAILED, REVERSED (or PENDING, left out)`,
  refused: (count: number, first: string) =>
    `The operator's statement cannot be read: ${first}${count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'problem' : 'problems'})` : ''}.`,
  notCsv: (message: string) => `The file cannot be read as CSV: ${message}`,
} as const;

export type ParsedOperatorStatement =
  | { ok: true; lines: OperatorStatementLine[]; skipped: number }
  | { ok: false; error: string; rows: RowProblem[] };

/** A header row is looked for among this many first rows (a portal export may start with a title). */
const HEADER_SEARCH_ROWS = 20;

/**
 * The CSV's rows of text (any delimiter Papa Parse makes out), blank ones kept, so that a row's
 * number is the one the spreadsheet shows.
 */
export function operatorCsvRows(text: string): string[][] | { error: string } {
  const parsed = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: false });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) return { error: OPERATOR_STATEMENT_MESSAGES.notCsv(fatal.message) };
  return parsed.data;
}

/** The statement in `rows` (row 1 is the file's first row): its disbursements, or why it cannot be read. */
export function parseOperatorStatement(rows: string[][]): ParsedOperatorStatement {
  const cells = rows.map((row) => row.map((cell) => withoutSpreadsheetGuard(String(cell ?? '').trim())));
  if (cells.every((row) => row.every((cell) => cell === '')))
    return refuse(OPERATOR_STATEMENT_MESSAGES.empty, []);
  const headerIndex = Math.max(
    0,
    cells.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => columnsIn(row).complete),
  );
  const header = cells[headerIndex]!;
  const { at, complete, missing } = columnsIn(header);
  if (!complete)
    return refuse(OPERATOR_STATEMENT_MESSAGES.noColumns(missing, header.filter(Boolean).join(', ')), []);
  const lines: OperatorStatementLine[] = [];
  const problems: RowProblem[] = [];
  let skipped = 0;
  cells.slice(headerIndex + 1).forEach((values, i) => {
    const row = headerIndex + i + 2;
    const cell = (column: keyof typeof COLUMNS) =>
      at[column] === undefined ? '' : (values[at[column]] ?? '');
    // A blank row is no line at all, not even one left out.
    if (values.every((value) => value === '')) return;
    const reference = cell('reference');
    if (!reference) {
      skipped++;
      return;
    }
    const amountText = cell('amount');
    const amount = amountText ? parseStatementAmount(amountText) : null;
    const status =
      STATUS_WORDS[
        cell('status')
          .toUpperCase()
          .replace(/[^A-Z]/g, '')
      ];
    if (!amountText) problems.push({ row, message: OPERATOR_STATEMENT_MESSAGES.missingAmount(reference) });
    else if (amount === null)
      problems.push({ row, message: OPERATOR_STATEMENT_MESSAGES.badAmount(amountText) });
    else if (!status) problems.push({ row, message: OPERATOR_STATEMENT_MESSAGES.badStatus(cell('status')) });
    else if (status === 'not_final') skipped++;
    else
      lines.push({
        row,
        reference,
        amount,
        status,
        msisdn: cell('msisdn'),
        transaction_id: cell('transaction'),
        date: cell('date'),
      });
  });
  if (problems.length > 0) {
    const [first] = problems as [RowProblem];
    return refuse(
      OPERATOR_STATEMENT_MESSAGES.refused(problems.length, `row ${first.row}: ${first.message}`),
      problems,
    );
  }
  if (lines.length === 0) return refuse(OPERATOR_STATEMENT_MESSAGES.noLines, []);
  return { ok: true, lines, skipped };
}

/** Where each known column is in a header row, and whether the three needed ones are there. */
function columnsIn(header: string[]) {
  const words = header.map(headerWords);
  const at: Partial<Record<keyof typeof COLUMNS, number>> = {};
  const taken = new Set<number>();
  for (const column of Object.keys(COLUMNS) as (keyof typeof COLUMNS)[])
    for (const name of COLUMNS[column]) {
      const index = words.findIndex((w, i) => w === name && !taken.has(i));
      if (index >= 0) {
        at[column] = index;
        taken.add(index);
        break;
      }
    }
  const needed = (['reference', 'amount', 'status'] as const).filter((c) => at[c] === undefined);
  return { at, complete: needed.length === 0, missing: needed.join(', ') };
}

function refuse(error: string, rows: RowProblem[]): ParsedOperatorStatement {
  return { ok: false, error, rows: rows.slice(0, LISTED_PROBLEMS) };
}
