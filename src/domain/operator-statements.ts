/**
 * A mobile-money operator's statement of a batch's wallet part (issue 49 item 7;
 * docs/decisions/014, "Operator statements"). Each line of the statement is one disbursement the
 * operator made or tried: our reference (the payout's, or the item's for a part that went out by
 * the operator's portal), the wallet, the amount, the operator's status and transaction id. Matching
 * is pure, so the preview and the import decide alike; the server applies what it decided.
 */
import { referenceKey } from './payment-batches';
import type { PayoutStatus } from './payouts';

export const OPERATOR_LINE_STATUSES = ['successful', 'failed', 'reversed'] as const;
export type OperatorLineStatus = (typeof OPERATOR_LINE_STATUSES)[number];

/** One disbursement of the statement, as read (amount exact, '1500.00'). */
export interface OperatorStatementLine {
  row: number;
  reference: string;
  msisdn: string;
  amount: string;
  status: OperatorLineStatus;
  transaction_id: string;
  date: string;
}

/**
 * What each line ends as:
 * - `matched`: successful, our amount, a payment not reconciled yet: it is reconciled (and paid,
 *   when it was still with the operator);
 * - `different_amount`: successful, but not our amount: changes nothing, kept as a mismatch;
 * - `failed`: the operator says it failed: a payout not final yet is failed, as the engine would;
 * - `reversed`: the money came back: the payout goes back to failed, its allowance is no longer paid;
 * - `conflict`: the operator's status contradicts a final one of ours (paid where we recorded a
 *   failure, or failed where we recorded it paid): changes nothing, kept for a person;
 * - `unmatched`: no payment of this part carries the reference;
 * - `duplicate`: the same line twice in the file, or a payment another statement already reconciled.
 */
export const OPERATOR_LINE_OUTCOMES = [
  'matched',
  'different_amount',
  'failed',
  'reversed',
  'conflict',
  'unmatched',
  'duplicate',
] as const;
export type OperatorLineOutcome = (typeof OPERATOR_LINE_OUTCOMES)[number];

export const OPERATOR_LINE_OUTCOME_LABELS: Record<OperatorLineOutcome, string> = {
  matched: 'Matched',
  different_amount: 'Matched, different amount',
  failed: 'Failed',
  reversed: 'Reversed',
  conflict: 'Status differs from ours',
  unmatched: 'Unmatched',
  duplicate: 'Duplicate',
};

/** A payment of the part as matching needs it: the item and its latest payout (none for a portal file). */
export interface PartPaymentToMatch {
  item_id: string;
  /** The item's own reference ('PB-2026-11-001-0007'). */
  reference: string;
  amount: string;
  item_status: 'pending' | 'paid' | 'reconciled';
  student_name: string;
  /** Every attempt's reference, by which the operator knows the transfer (its external id). */
  payout_references: string[];
  /** The latest attempt's state, or null when the part went out by the operator's portal. */
  payout_status: PayoutStatus | null;
}

export interface MatchedLine<T extends PartPaymentToMatch = PartPaymentToMatch> {
  line: OperatorStatementLine;
  outcome: OperatorLineOutcome;
  /** The payment it is about (none for an unmatched line or a repeat within the file). */
  payment: T | null;
}

const ngwee = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.') as [string, string?];
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

const lineKey = (line: OperatorStatementLine) =>
  `${referenceKey(line.reference)}|${line.status}|${ngwee(line.amount)}|${line.transaction_id.trim().toUpperCase()}`;

/**
 * The statement's lines in one text, whatever their order or the file's format (CSV or XLSX):
 * the same statement imported again reads the same, so its hash recognises it. The part is in it,
 * so an MTN statement never passes for an Airtel one, nor for the bank's.
 */
export function operatorStatementContentKey(part: string, lines: OperatorStatementLine[]): string {
  return [`operator:${part}`, ...lines.map(lineKey).sort()].join('\n');
}

/** A payout state the operator may still change: a statement's word settles it. */
const NOT_FINAL: ReadonlySet<PayoutStatus> = new Set([
  'queued',
  'sending',
  'unconfirmed',
  'pending',
  'ambiguous',
]);

/**
 * Matches the statement's lines against the part's payments, each line alone, in file order. A
 * reference repeated with the same line is a duplicate after its first; repeated with different
 * lines (successful and failed: which is true?) every one of them is a duplicate and changes
 * nothing. Two lines naming one payment through different references are handled as a repeat too.
 */
export function matchOperatorStatement<T extends PartPaymentToMatch>(
  payments: T[],
  lines: OperatorStatementLine[],
): MatchedLine<T>[] {
  const byKey = new Map<string, T>();
  for (const payment of payments) {
    byKey.set(referenceKey(payment.reference), payment);
    for (const reference of payment.payout_references) byKey.set(referenceKey(reference), payment);
  }
  const linesOf = new Map<string, OperatorStatementLine[]>();
  for (const line of lines) {
    const payment = byKey.get(referenceKey(line.reference));
    const key = payment ? `item:${payment.item_id}` : `ref:${referenceKey(line.reference)}`;
    linesOf.set(key, [...(linesOf.get(key) ?? []), line]);
  }
  const seen = new Set<string>();
  return lines.map((line) => {
    const payment = byKey.get(referenceKey(line.reference)) ?? null;
    const group = linesOf.get(payment ? `item:${payment.item_id}` : `ref:${referenceKey(line.reference)}`)!;
    if (!payment) return { line, outcome: 'unmatched', payment: null };
    if (new Set(group.map(lineKey)).size > 1) return { line, outcome: 'duplicate', payment };
    if (seen.has(payment.item_id)) return { line, outcome: 'duplicate', payment };
    seen.add(payment.item_id);
    return { line, outcome: outcomeFor(line, payment), payment };
  });
}

/** One line about one payment, alone in the file. */
function outcomeFor(line: OperatorStatementLine, payment: PartPaymentToMatch): OperatorLineOutcome {
  const ours = payment.payout_status;
  const paidHere = payment.item_status !== 'pending';
  if (line.status === 'reversed') return 'reversed';
  if (line.status === 'failed') {
    if (paidHere || ours === 'successful') return 'conflict';
    return 'failed';
  }
  if (ngwee(line.amount) !== ngwee(payment.amount)) return 'different_amount';
  if (payment.item_status === 'reconciled') return 'duplicate';
  if (ours === 'failed') return 'conflict';
  if (ours === null || ours === 'successful' || NOT_FINAL.has(ours)) return 'matched';
  return 'conflict';
}

/** The count of each outcome, every outcome present (zero when none). */
export function outcomeCounts(matched: { outcome: OperatorLineOutcome }[]): Record<OperatorLineOutcome, number> {
  const counts = Object.fromEntries(OPERATOR_LINE_OUTCOMES.map((o) => [o, 0])) as Record<
    OperatorLineOutcome,
    number
  >;
  for (const m of matched) counts[m.outcome]++;
  return counts;
}
