import { REVIEW_STEP_RULES } from '../../../domain/allowances';
import type { BulkDecisionOutcome } from './bulk-decision-dialog';
import { OutcomePanel } from './outcome-panel';
import { TIMELINE_TITLES } from './timeline';

const count = (n: number) => `${n.toLocaleString('en')} allowance${n === 1 ? '' : 's'}`;

/**
 * What a bulk decision did: how many were decided, and each one skipped (student, period, reason).
 */
export function BulkDecisionResult({
  outcome,
  onDismiss,
}: {
  outcome: BulkDecisionOutcome;
  onDismiss: () => void;
}) {
  const { decision, stage, result } = outcome;
  const verb = decision === 'approve' ? 'approved' : 'denied';
  const step = TIMELINE_TITLES[REVIEW_STEP_RULES[stage].step];
  const skipped = result.skipped;
  return (
    <OutcomePanel
      title={decision === 'approve' ? 'Bulk approval result' : 'Bulk denial result'}
      done={`Done: ${count(result.done)} ${verb} at ${step}.`}
      doneTestId="bulk-done"
      setAside={skipped.map((s) => ({
        id: s.id,
        label: s.student_name ? `${s.student_name}, ${s.month} ${s.year}` : s.id,
        reason: s.reason,
      }))}
      setAsideWord="Skipped"
      listLabel="Skipped allowances"
      setAsideSummary={`Skipped: ${count(skipped.length)}, left as they were.`}
      onDismiss={onDismiss}
    />
  );
}
