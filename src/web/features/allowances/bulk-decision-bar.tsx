import { Banknote, Check, X } from 'lucide-react';
import { useId } from 'react';
import { BULK_DECISION_MAX } from '../../../contracts/allowances';
import { PAYMENT_BATCH_MAX_ITEMS } from '../../../domain/payment-batches';
import { Button } from '../../components/ui';

const count = (n: number) => n.toLocaleString('en');

const LINK_CLASSES =
  'font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The bar that follows the list while allowances are ticked: how many, "Select this page" while
 * part of it is ticked, "Select all N matching" once the page is all ticked, Clear selection, and
 * Approve selected / Deny selected. It stays at the bottom of the window as the list scrolls.
 * "Select this page" is the narrow screen's way to tick the page: its cards have no header
 * checkbox. For a user who pays (`onAddToBatch`), Add to Payment Batch: only for ticked
 * allowances, whose ids the request names; "all matching" has no ids here, and a batch holds at
 * most PAYMENT_BATCH_MAX_ITEMS, so then the button is off and the bar says why.
 */
export function BulkDecisionBar({
  selected,
  allMatching,
  matchingTotal,
  offerAllMatching,
  pageAllTicked,
  onSelectAllMatching,
  onSelectPage,
  onClear,
  onDecide,
  onAddToBatch,
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
  /** Ticks every allowance of the page. */
  onSelectPage?: () => void;
  onClear: () => void;
  /** Absent for a user who decides no stage. */
  onDecide?: (decision: 'approve' | 'deny') => void;
  /** Given only to a user who may pay (admins, as the server's payment batch routes). */
  onAddToBatch?: () => void;
}) {
  const batchNoteId = useId();
  if (selected === 0) return null;
  const batchNote = allMatching
    ? `Tick the allowances to add to a payment batch, at most ${count(PAYMENT_BATCH_MAX_ITEMS)}: "all matching" cannot be added.`
    : selected > PAYMENT_BATCH_MAX_ITEMS
      ? `At most ${count(PAYMENT_BATCH_MAX_ITEMS)} allowances fit in one payment batch.`
      : null;
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
        {onSelectPage && !allMatching && !pageAllTicked && (
          <button type="button" onClick={onSelectPage} className={LINK_CLASSES}>
            Select this page
          </button>
        )}
        {offerAllMatching && (
          <button type="button" onClick={onSelectAllMatching} className={LINK_CLASSES}>
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
      <div className="flex flex-wrap items-center gap-2">
        {onAddToBatch && batchNote && (
          <p id={batchNoteId} className="basis-full text-xs text-slate-500 sm:text-right">
            {batchNote}
          </p>
        )}
        {onAddToBatch && (
          <Button
            variant="secondary"
            size="sm"
            disabled={batchNote !== null}
            aria-describedby={batchNote ? batchNoteId : undefined}
            onClick={onAddToBatch}
          >
            <Banknote aria-hidden="true" className="size-4" />
            Add to Payment Batch
          </Button>
        )}
        {onDecide && (
          <>
            <Button variant="danger" size="sm" onClick={() => onDecide('deny')}>
              <X aria-hidden="true" className="size-4" />
              Deny selected
            </Button>
            <Button size="sm" onClick={() => onDecide('approve')}>
              <Check aria-hidden="true" className="size-4" />
              Approve selected
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
