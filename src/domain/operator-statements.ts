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

/** One attempt at paying an item through the operator (its reference is the external id we sent). */
export interface AttemptToMatch {
  id: string;
  reference: string;
  status: PayoutStatus;
}

/** A payment of the part as matching needs it: the item and its attempts, oldest first (none for a portal file). */
export interface PartPaymentToMatch {
  item_id: string;
  /** The item's own reference ('PB-2026-11-001-0007'), which a portal file carries. */
  reference: string;
  amount: string;
  item_status: 'pending' | 'paid' | 'reconciled';
  student_name: string;
  attempts: AttemptToMatch[];
}

export interface MatchedLine<T extends PartPaymentToMatch = PartPaymentToMatch> {
  line: OperatorStatementLine;
  outcome: OperatorLineOutcome;
  /** The payment it is about (none for an unmatched line). */
  payment: T | null;
  /** The attempt it names: by its reference, or the latest one for the item's own reference. */
  attempt: AttemptToMatch | null;
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
 * Matches the statement's lines against the part's payments, in file order, each transfer (an
 * attempt, or an item paid by the portal) once. The same line again is a duplicate after its
 * first; one transfer shown by different lines (successful and failed: which is true?) makes every
 * one of them a duplicate, changing nothing.
 */
export function matchOperatorStatement<T extends PartPaymentToMatch>(
  payments: T[],
  lines: OperatorStatementLine[],
): MatchedLine<T>[] {
  const byKey = new Map<string, { payment: T; attempt: AttemptToMatch | null }>();
  for (const payment of payments) {
    byKey.set(referenceKey(payment.reference), { payment, attempt: payment.attempts.at(-1) ?? null });
    for (const attempt of payment.attempts) byKey.set(referenceKey(attempt.reference), { payment, attempt });
  }
  const transferOf = (line: OperatorStatementLine) => {
    const found = byKey.get(referenceKey(line.reference));
    if (!found) return { found, key: `ref:${referenceKey(line.reference)}` };
    return { found, key: found.attempt ? `attempt:${found.attempt.id}` : `item:${found.payment.item_id}` };
  };
  const linesOf = new Map<string, Set<string>>();
  for (const line of lines) {
    const { key } = transferOf(line);
    linesOf.set(key, (linesOf.get(key) ?? new Set()).add(lineKey(line)));
  }
  const seen = new Set<string>();
  return lines.map((line): MatchedLine<T> => {
    const { found, key } = transferOf(line);
    if (!found) return { line, outcome: 'unmatched', payment: null, attempt: null };
    const about = { line, payment: found.payment, attempt: found.attempt };
    if (linesOf.get(key)!.size > 1 || seen.has(key)) return { ...about, outcome: 'duplicate' };
    seen.add(key);
    return { ...about, outcome: outcomeFor(line, found.payment, found.attempt) };
  });
}

/** One line about one transfer, alone in the file. */
function outcomeFor(
  line: OperatorStatementLine,
  payment: PartPaymentToMatch,
  attempt: AttemptToMatch | null,
): OperatorLineOutcome {
  const ours = attempt?.status ?? null;
  // Paid by this transfer: its attempt succeeded, or (a portal file) the item is paid.
  const paidByIt = ours === 'successful' || (ours === null && payment.item_status !== 'pending');
  if (line.status === 'reversed') return 'reversed';
  if (line.status === 'failed') return paidByIt ? 'conflict' : 'failed';
  if (ngwee(line.amount) !== ngwee(payment.amount)) return 'different_amount';
  if (ours === 'failed') return 'conflict';
  if (payment.item_status === 'reconciled') return 'duplicate';
  return ours === null || ours === 'successful' || NOT_FINAL.has(ours) ? 'matched' : 'conflict';
}

/** The count of each outcome, every outcome present (zero when none). */
export function outcomeCounts(
  matched: { outcome: OperatorLineOutcome }[],
): Record<OperatorLineOutcome, number> {
  const counts = Object.fromEntries(OPERATOR_LINE_OUTCOMES.map((o) => [o, 0])) as Record<
    OperatorLineOutcome,
    number
  >;
  for (const m of matched) counts[m.outcome]++;
  return counts;
}
