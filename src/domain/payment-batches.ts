/**
 * Payment batches (docs/product.md §4, D20): approved allowances gathered for one bank transfer,
 * exported for the bank, marked paid, then checked against the bank's statement. The states, the
 * payment references and the matching of a statement live here, pure, so the server and the
 * screen's preview of a statement decide alike.
 */
import { approvalRole } from './allowances';
import { formatZmw } from './money';

export const PAYMENT_BATCH_STATUSES = ['open', 'exported', 'paid', 'reconciled'] as const;
export type PaymentBatchStatus = (typeof PAYMENT_BATCH_STATUSES)[number];

export const PAYMENT_BATCH_STATUS_LABELS: Record<PaymentBatchStatus, string> = {
  open: 'Open',
  exported: 'Exported',
  paid: 'Paid',
  reconciled: 'Reconciled',
};

/**
 * An item's payment: `pending` until its allowance is paid through the batch, `paid` once Mark as
 * Paid or a statement paid it, `reconciled` once a bank statement showed it paid.
 */
export const PAYMENT_ITEM_STATUSES = ['pending', 'paid', 'reconciled'] as const;
export type PaymentItemStatus = (typeof PAYMENT_ITEM_STATUSES)[number];

export const PAYMENT_ITEM_STATUS_LABELS: Record<PaymentItemStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  reconciled: 'Reconciled',
};

export const MISMATCH_KINDS = [
  'missing',
  'different_amount',
  'unknown_reference',
  'duplicate_reference',
  // An operator's statement whose status contradicts a final one of ours (docs/decisions/014).
  'status_conflict',
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];

/** A mismatch's kind in words (the reconciliation's result table). */
export const MISMATCH_KIND_LABELS: Record<MismatchKind, string> = {
  missing: 'Missing from the statement',
  different_amount: 'Different amount',
  unknown_reference: 'Unknown reference',
  duplicate_reference: 'Reference repeated in the statement',
  status_conflict: "Operator's status differs from ours",
};

/** The longest note a mismatch may be resolved with. */
export const RESOLUTION_NOTE_MAX = 1000;

/** At most this many allowances in one batch: item references keep four digits, so none can read as another. */
export const PAYMENT_BATCH_MAX_ITEMS = 5000;

export const PAYMENT_BATCH_MESSAGES = {
  notFound: 'Payment batch not found',
  adminOnly: 'Only an admin can manage payment batches.',
  noneQualify: (what: string) => `No approved allowances ${what} are waiting for payment.`,
  tooMany: (n: number) =>
    `A payment batch holds at most ${PAYMENT_BATCH_MAX_ITEMS.toLocaleString('en')} allowances; ${n.toLocaleString('en')} are waiting. Make batches from a selection of allowances instead.`,
  takenMeanwhile:
    'An allowance of this batch was just added to another batch. Nothing was saved; please try again.',
  totalTooLarge: 'The total of these allowances is too large for one payment batch. Make smaller batches.',
  deleteOnlyUnpaid: 'Only a batch that is not paid yet can be deleted.',
  alreadyReconciled: 'This batch is already reconciled.',
  operatorStatementAlreadyImported: (when: string, by: string) =>
    `This operator's statement was already imported for this batch (${when}, by ${by}). Nothing was changed.`,
  statementAlreadyImported: (when: string, by: string) =>
    `This bank statement was already reconciled with this batch (${when}, by ${by}). Nothing was changed.`,
  mismatchNotFound: 'Mismatch not found',
  mismatchAlreadyResolved: 'This mismatch is already resolved.',
  resolutionNoteRequired: 'note is required: say how the mismatch was resolved',
  resolutionNoteTooLong: `note must be at most ${RESOLUTION_NOTE_MAX} characters`,
  missingNrc: (n: number, total: number) =>
    `${n} of ${total} allowances have no NRC number, and the bank may refuse their payments.`,
  nothingToPay: 'Every allowance in this batch is already paid.',
  paidDateRequired: 'paid_date is required: the day the bank paid the batch (YYYY-MM-DD)',
  paidDateInvalid: 'paid_date must be a date written YYYY-MM-DD',
  paidDateFuture: 'The payment date cannot be in the future.',
  paidDateBeforeBatch: (created: string) =>
    `The payment date cannot be before the batch was created (${created}).`,
  // Why an allowance of the batch was left as it was.
  notApprovedNow: (stage: string) => `It is ${stage} now, not Approved: someone else changed it meanwhile.`,
  notApprovedToBatch: (stage: string) => `It is ${stage}, not Approved.`,
  alreadyBatched: (reference: string) => `It is already in payment batch ${reference}.`,
  notFoundAllowance: 'Not found.',
} as const;

/** Only admins make, pay and reconcile batches: marking allowances paid is theirs alone (§6). */
export function canManagePaymentBatches(role: string): boolean {
  return approvalRole(role) === 'admin';
}

/** The batch may be deleted while nothing of it is paid: its allowances can then be batched again. */
export const canDeleteBatch = (status: PaymentBatchStatus) => status === 'open' || status === 'exported';

/** A batch is reconciled once every item is; until then statements may be imported. */
export const canReconcileBatch = (status: PaymentBatchStatus) => status !== 'reconciled';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** 'PB-2026-11-001': the batch's month (or the month it was made in) and its number in that month. */
export function batchReference(year: number, month: number, sequence: number): string {
  return `PB-${year}-${pad(month, 2)}-${pad(sequence, 3)}`;
}

/** 'PB-2026-11-001-0007': the batch's reference and the item's line. */
export function itemReference(batch: string, line: number): string {
  return `${batch}-${pad(line, 4)}`;
}

/**
 * A reference as matching reads it: letters and digits only, upper case. Banks drop or change the
 * dashes ('PB 2026 11 001 0007', 'pb2026110010007') and pad with spaces.
 */
export function referenceKey(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Our payment reference inside a longer narration ('TRF MWILA PB-2026-11-001-0007 NOV'). */
const OUR_REFERENCE = /PB[\s\-_/.]*\d{4}[\s\-_/.]*\d{2}[\s\-_/.]*\d{3,}[\s\-_/.]*\d{4}/i;

/** Our reference when the text holds one, else the text itself, trimmed. */
export function referenceIn(text: string): { reference: string; ours: boolean } {
  const found = OUR_REFERENCE.exec(text);
  return found ? { reference: found[0], ours: true } : { reference: text.trim(), ours: false };
}

/** One payment of a bank statement: its row in the file, the reference and the amount paid ('1234.50'). */
export interface StatementLine {
  row: number;
  reference: string;
  amount: string;
}

/** An item of the batch as matching needs it. */
export interface BatchItemToMatch {
  id: string;
  reference: string;
  amount: string;
  status: PaymentItemStatus;
  student_name: string;
}

export interface Mismatch {
  kind: MismatchKind;
  reference: string;
  expected_amount?: string;
  paid_amount?: string;
  student_name?: string;
  /** The statement's rows it comes from (none for an item missing from the statement). */
  rows?: number[];
}

/** A fee or charge the bank took, listed apart from the payments (it is no payment of ours). */
export interface StatementCharge {
  row: number;
  description: string;
  amount: string;
}

/**
 * Words of a line the bank writes for its own fees ('Bank charges', 'Transfer fee', 'Commission',
 * 'VAT on charges', 'Excise duty'): such a line is a charge, not an unknown payment.
 */
const CHARGE_WORDS = /\b(fees?|charges?|commissions?|levy|levies|vat|excise|duty|stamp)\b/i;

/** Whether a statement line that carries none of our references is the bank's fee or charge. */
export function isChargeLine(reference: string): boolean {
  return CHARGE_WORDS.test(reference) && !OUR_REFERENCE.test(reference);
}

/**
 * The statement's payments in one text, whatever their order or the file's layout: the same
 * statement saved again reads the same, so its hash recognises it.
 */
export function statementContentKey(lines: StatementLine[]): string {
  return lines
    .map((line) => `${referenceKey(line.reference)}=${ngwee(line.amount)}`)
    .sort()
    .join('\n');
}

/** The allowances of a batch that carry no NRC number (the bank's file would leave it blank). */
export function itemsWithoutNrc<T extends { nrc_number: string | null }>(items: T[]): T[] {
  return items.filter((item) => !item.nrc_number?.trim());
}

export interface StatementMatch<T extends BatchItemToMatch = BatchItemToMatch> {
  /** Items the statement shows paid, in full, once: not yet reconciled. */
  toReconcile: T[];
  /** Items it shows again that an earlier statement reconciled: nothing to do. */
  alreadyReconciled: T[];
  mismatches: Mismatch[];
  /** The bank's fees and charges, in row order. */
  charges: StatementCharge[];
}

const ngwee = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.') as [string, string?];
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/**
 * Matches a statement against the batch's items, by reference key and exact amount. A reference
 * repeated in the statement is a mismatch whatever its amounts (which one did the bank mean?); an
 * item not reconciled and absent from the statement is missing; a reference of no item is unknown,
 * unless it is the bank's fee or charge, listed apart.
 * Mismatches change nothing: the caller reconciles only `toReconcile`.
 */
export function matchStatement<T extends BatchItemToMatch>(
  items: T[],
  lines: StatementLine[],
): StatementMatch<T> {
  const byKey = new Map(items.map((item) => [referenceKey(item.reference), item]));
  const linesByKey = new Map<string, StatementLine[]>();
  for (const line of lines) {
    const key = referenceKey(line.reference);
    linesByKey.set(key, [...(linesByKey.get(key) ?? []), line]);
  }
  const result: StatementMatch<T> = { toReconcile: [], alreadyReconciled: [], mismatches: [], charges: [] };
  const byKind: Record<MismatchKind, Mismatch[]> = {
    missing: [],
    different_amount: [],
    unknown_reference: [],
    duplicate_reference: [],
    status_conflict: [],
  };
  for (const [key, found] of linesByKey) {
    const item = byKey.get(key);
    const rows = found.map((line) => line.row);
    const about = item
      ? { reference: item.reference, expected_amount: item.amount, student_name: item.student_name }
      : { reference: found[0]!.reference };
    if (!item && found.every((line) => isChargeLine(line.reference))) {
      for (const line of found)
        result.charges.push({ row: line.row, description: line.reference, amount: line.amount });
    } else if (found.length > 1) {
      const paid = found.reduce((sum, line) => sum + ngwee(line.amount), 0n);
      byKind.duplicate_reference.push({
        kind: 'duplicate_reference',
        ...about,
        paid_amount: money(paid),
        rows,
      });
    } else if (!item) {
      byKind.unknown_reference.push({
        kind: 'unknown_reference',
        ...about,
        paid_amount: found[0]!.amount,
        rows,
      });
    } else if (ngwee(item.amount) !== ngwee(found[0]!.amount)) {
      byKind.different_amount.push({
        kind: 'different_amount',
        ...about,
        paid_amount: found[0]!.amount,
        rows,
      });
    } else if (item.status === 'reconciled') result.alreadyReconciled.push(item);
    else result.toReconcile.push(item);
  }
  for (const item of items)
    if (item.status !== 'reconciled' && !linesByKey.has(referenceKey(item.reference)))
      byKind.missing.push({
        kind: 'missing',
        reference: item.reference,
        expected_amount: item.amount,
        student_name: item.student_name,
      });
  result.charges.sort((a, b) => a.row - b.row);
  const firstRow = (m: Mismatch) => m.rows?.[0] ?? 0;
  for (const kind of MISMATCH_KINDS) {
    const list = byKind[kind];
    list.sort((a, b) => firstRow(a) - firstRow(b) || a.reference.localeCompare(b.reference));
    result.mismatches.push(...list);
  }
  return result;
}

function money(n: bigint): string {
  const whole = n / 100n;
  return `${whole}.${String(n % 100n).padStart(2, '0')}`;
}

/** What a batch holds, in words: '12 allowances, ZMW 14,400.00'. */
export function batchSizeInWords(count: number, total: string, currency = 'ZMW'): string {
  return `${count.toLocaleString('en')} ${count === 1 ? 'allowance' : 'allowances'}, ${formatZmw(total, currency)}`;
}

/** The fields of a payment batch as its History and the Activity Log name them (domain/audit-labels.ts). */
export const PAYMENT_BATCH_FIELD_LABELS: Readonly<Record<string, string>> = {
  reference: 'Reference',
  month: 'Month',
  year: 'Year',
  status: 'Status',
  allowance_count: 'Allowance count',
  total: 'Total',
  created_by_id: 'Created by',
  created_by: 'Created by',
  exported_at: 'Exported at',
  paid_at: 'Paid at',
  paid_date: 'Paid date',
  paid_by: 'Paid by',
  paid_by_id: 'Paid by',
  reconciled_at: 'Reconciled at',
  // Parts and payouts (issue 49, docs/decisions/014).
  parts: 'Parts by channel',
  held: 'Held without a usable channel',
  payouts: 'Payouts',
  payout: 'Payout reference',
  payout_status: 'Payout status',
  transaction_id: 'Transaction ID',
  reason: 'Reason',
  payments: 'Payments',
  follow_up: 'Follow-up batch',
  follow_up_of: 'Follows up',
  // Statements, the bank's and the operators' (issue 49 item 7).
  reconciled: 'Payments reconciled',
  reversed: 'Reversed by the operator',
  mismatches: 'Mismatches',
  mismatches_recorded: 'Mismatches recorded',
  mismatches_settled: 'Mismatches settled',
  charges: 'Bank charges',
  statement: 'Statement',
};
