/**
 * The preview of a bank statement before it is sent: the file read by the server's own reader
 * (csv/bank-statement.ts) and matched by the server's own rule against the batch on screen, so
 * what the preview says is what the reconciliation will do, unless the batch changes meanwhile.
 */
import type { PaymentBatchItem } from '../../../contracts/payment-batches';
import { parseBankStatement } from '../../../csv/bank-statement';
import { type MismatchKind, matchStatement, referenceKey } from '../../../domain/payment-batches';

export type LineOutcome = 'match' | 'already' | 'charge' | Exclude<MismatchKind, 'missing'>;

export const LINE_OUTCOME_LABELS: Record<LineOutcome, string> = {
  match: 'Matches',
  already: 'Already reconciled',
  charge: 'Bank charge',
  different_amount: 'Different amount',
  unknown_reference: 'Unknown reference',
  duplicate_reference: 'Reference repeated',
  status_conflict: 'Status differs',
};

export interface PreviewLine {
  row: number;
  reference: string;
  amount: string;
  outcome: LineOutcome;
  /** The batch's student and amount for this reference, when it is one of the batch's. */
  student_name: string | null;
  expected_amount: string | null;
}

export type StatementPreview =
  | {
      ok: true;
      columns: { reference: string; amount: string[] };
      lines: PreviewLine[];
      /** Payments of the batch the file does not show. */
      missing: PaymentBatchItem[];
      skippedRows: number;
      /** Lines that would be reconciled now. */
      toReconcile: number;
    }
  | { ok: false; error: string; problems: Array<{ row: number; message: string }> };

export function buildStatementPreview(text: string, items: PaymentBatchItem[]): StatementPreview {
  const parsed = parseBankStatement(text);
  if (!parsed.ok) return { ok: false, error: parsed.error, problems: parsed.rows };
  const match = matchStatement(items, parsed.lines);
  const outcomeOf = new Map<string, LineOutcome>();
  for (const item of match.toReconcile) outcomeOf.set(referenceKey(item.reference), 'match');
  for (const item of match.alreadyReconciled) outcomeOf.set(referenceKey(item.reference), 'already');
  for (const charge of match.charges) outcomeOf.set(referenceKey(charge.description), 'charge');
  const missing = new Set<string>();
  for (const mismatch of match.mismatches)
    if (mismatch.kind === 'missing') missing.add(mismatch.reference);
    else outcomeOf.set(referenceKey(mismatch.reference), mismatch.kind);
  const byKey = new Map(items.map((item) => [referenceKey(item.reference), item]));
  return {
    ok: true,
    columns: parsed.columns,
    lines: parsed.lines.map((line) => {
      const item = byKey.get(referenceKey(line.reference));
      return {
        ...line,
        outcome: outcomeOf.get(referenceKey(line.reference)) ?? 'unknown_reference',
        student_name: item?.student_name ?? null,
        expected_amount: item?.amount ?? null,
      };
    }),
    missing: items.filter((item) => missing.has(item.reference)),
    skippedRows: parsed.skipped.length,
    toReconcile: match.toReconcile.length,
  };
}
