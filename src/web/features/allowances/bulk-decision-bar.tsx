import { Check, X } from 'lucide-react';
import { BULK_DECISION_MAX } from '../../../contracts/allowances';
import { Button } from '../../components/ui';

const count = (n: number) => n.toLocaleString('en');

/**
 * The bar that follows the list while allowances are ticked: how many, "Select all N matching"
 * once the page is all ticked, Clear selection, and Approve selected / Deny selected. It stays at
 * the bottom of the window as the list scrolls.
 */
export function BulkDecisionBar({
  selected,
  allMatching,
  matchingTotal,
  offerAllMatching,
  pageAllTicked,
  onSelectAllMatching,
  onClear,
  onDecide,
}: {
  selected: number;
  /** Everything the filter matches is selected. */
  allMatching: boolean;
  /** How many the list's filter matches. */
  matchingTotal: number;
  offerAllMatching: boolean;
  /** Every allowance of the page is ticked. */
  pageAllTicked: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onDecide: (decision: 'approve' | 'deny') => void;
}) {
  if (selected === 0) return null;
  return (
    <section
      aria-label="Bulk decision"
      className="sticky bottom-4 z-10 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-lg sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <p aria-live="polite" className="font-medium text-slate-900">
          {allMatching
            ? `All ${count(selected)} matching allowances selected`
            : `${count(selected)} selected`}
        </p>
        {offerAllMatching && (
          <button
            type="button"
            onClick={onSelectAllMatching}
            className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            Select all {count(matchingTotal)} matching
          </button>
        )}
        {!allMatching && pageAllTicked && matchingTotal > BULK_DECISION_MAX && (
          <span className="text-slate-500">
            At most {count(BULK_DECISION_MAX)} can be decided at once: narrow the search to select all.
          </span>
        )}
        <button
          type="button"
          onClick={onClear}
          className="text-slate-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          Clear selection
        </button>
      </div>
      <div className="flex gap-2">
        <Button variant="danger" size="sm" onClick={() => onDecide('deny')}>
          <X aria-hidden="true" className="size-4" />
          Deny selected
        </Button>
        <Button size="sm" onClick={() => onDecide('approve')}>
          <Check aria-hidden="true" className="size-4" />
          Approve selected
        </Button>
      </div>
    </section>
  );
}
