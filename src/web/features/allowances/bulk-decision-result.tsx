import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { REVIEW_STEP_RULES } from '../../../domain/allowances';
import { Button, Card } from '../../components/ui';
import type { BulkDecisionOutcome } from './bulk-decision-dialog';
import { TIMELINE_TITLES } from './timeline';

/** More than this many skipped are counted, not listed, so a 10,000 one does not stall the page. */
const LISTED = 200;

const count = (n: number) => `${n.toLocaleString('en')} allowance${n === 1 ? '' : 's'}`;

/**
 * What a bulk decision did: how many were decided, and each one skipped (student, period, reason).
 * It takes focus when it appears, so a keyboard or screen reader user lands on it after the dialog.
 */
export function BulkDecisionResult({
  outcome,
  onDismiss,
}: {
  outcome: BulkDecisionOutcome;
  onDismiss: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { decision, stage, result } = outcome;
  const verb = decision === 'approve' ? 'approved' : 'denied';
  const step = TIMELINE_TITLES[REVIEW_STEP_RULES[stage].step];
  const skipped = result.skipped;

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            {decision === 'approve' ? 'Bulk approval result' : 'Bulk denial result'}
          </h2>
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="bulk-done">
          <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
          <span>
            Done: {count(result.done)} {verb} at {step}.
          </span>
        </p>
        {skipped.length > 0 ? (
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-600" />
              <span>Skipped: {count(skipped.length)}, left as they were.</span>
            </p>
            <ul
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls, and keyboards must reach it to scroll it
              tabIndex={0}
              aria-label="Skipped allowances"
              className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 text-sm"
            >
              {skipped.slice(0, LISTED).map((s) => (
                <li key={s.id} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:gap-3">
                  <span className="shrink-0 font-medium text-slate-900 sm:w-64">
                    {s.student_name ? `${s.student_name}, ${s.month} ${s.year}` : s.id}
                  </span>
                  <span className="text-slate-600">{s.reason}</span>
                </li>
              ))}
            </ul>
            {skipped.length > LISTED && (
              <p className="text-sm text-slate-600">
                ... and {(skipped.length - LISTED).toLocaleString('en')} more skipped.
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-700">Skipped: none.</p>
        )}
      </section>
    </Card>
  );
}
