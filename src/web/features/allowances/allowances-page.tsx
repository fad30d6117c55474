import { Banknote, CircleCheck, Hourglass, ReceiptText, UserCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AllowanceSummary } from '../../../contracts/allowances';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { canManagePaymentBatches } from '../../../domain/payment-batches';
import { ListPageHeader, ListSearchBox, QueryPager, type StatTile, StatTiles } from '../../components/list';
import { Card, HiddenLabelSelect, MoneyFigure } from '../../components/ui';
import { useCurrentUser } from '../../lib/session';
import { useModalState } from '../../lib/use-modal-state';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { AddToBatchDialog, useAddToBatch } from './add-to-batch-dialog';
import { AddToBatchResult } from './add-to-batch-result';
import {
  ALLOWANCE_PAGE_SIZE,
  AllowanceListParamsSchema,
  allowanceQueryString,
  periodLabel,
  STAGE_FILTER_OPTIONS,
} from './allowance-view';
import { useAllowanceList } from './allowances.queries';
import { AllowancesTable, rowFocusTarget } from './allowances-table';
import { BulkDecisionBar } from './bulk-decision-bar';
import type { BulkDecisionOutcome, BulkDecisionRequestOnScreen } from './bulk-decision-dialog';
import { BulkDecisionResult } from './bulk-decision-result';
import {
  type BulkSelection,
  bulkTarget,
  decidingStages,
  isSelected,
  NO_SELECTION,
  offersAllMatching,
  pageState,
  selectedCount,
  suggestedStage,
  toggleOne,
  togglePage,
} from './bulk-selection';
import type { ActionTarget, DecisionRequest } from './decision-dialogs';
import {
  AddAllowanceDialog,
  AllowanceDetailsDialog,
  BulkDecisionDialog,
  BulkUploadDialog,
  DecisionDialog,
  PayDialog,
  PRELOAD_DIALOGS,
} from './dialogs-on-demand';
import { ALLOWANCE_UI } from './messages';

const TILES: Array<Omit<StatTile<keyof AllowanceSummary>, 'value'>> = [
  { key: 'pending_dpm', label: 'Pending DPM', icon: Hourglass, tone: 'amber' },
  { key: 'pending_flmi', label: 'Pending FLMI', icon: UserCheck, tone: 'sky' },
  { key: 'pending_pm', label: 'Pending PM', icon: ReceiptText, tone: 'violet' },
  { key: 'approved', label: 'Approved', icon: CircleCheck, tone: 'emerald' },
  { key: 'paid', label: 'Paid', icon: Banknote, tone: 'slate' },
];

const WORDS = {
  title: 'Allowance Management',
  description: 'Monthly allowances, their approval and payment.',
  importLabel: 'Bulk Upload',
  addLabel: 'Add Allowance',
};

type AllowanceModal =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'decide'; request: DecisionRequest }
  | { kind: 'bulk'; request: BulkDecisionRequestOnScreen }
  | { kind: 'batch'; ids: string[] }
  | { kind: 'pay'; allowance: ActionTarget };

/**
 * /allowances: Allowance Management. Stage tiles, search, stage filter, a server-paged table with
 * the actions the approval state machine allows this user, and the modals. The search, stage and
 * page live in the URL; ?open=<id> opens an allowance's details (the notification bell links there).
 */
export function AllowancesPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(AllowanceListParamsSchema);
  const list = useAllowanceList(params);
  const modals = useModalState<AllowanceModal>();
  const details = useDetailsInUrl();

  const data = list.data;
  useKeepPageInRange(params.page, ALLOWANCE_PAGE_SIZE, data, (page) => update({ page }));

  const chooseStage = (stage: ApprovalStage | '') => update({ stage });
  // After a decision or a payment the button that opened its dialog is often gone (the allowance
  // moved on): focus goes back into the details when they are open, else to the allowance's row,
  // or the next one when it left the list, never to the top of the page.
  /* The page's ids when an action began. */
  const rowOrder = useRef<string[]>([]);
  const decide = (request: DecisionRequest) => {
    rowOrder.current = pageIds;
    modals.open({ kind: 'decide', request });
  };
  const pay = (allowance: ActionTarget) => {
    rowOrder.current = pageIds;
    modals.open({ kind: 'pay', allowance });
  };
  const focusAfter = (id: string) => () =>
    details.id
      ? document.querySelector<HTMLElement>('[data-allowance-details-close]')
      : rowFocusTarget(id, rowOrder.current);
  const openDetails = (id: string) => {
    rowOrder.current = pageIds;
    details.open(id);
  };

  const stages = decidingStages(user.role);
  const [selection, setSelection] = useSelectionOf(`${params.q}\n${params.stage}`);
  const [outcome, setOutcome] = useState<BulkDecisionOutcome | null>(null);
  const pageRows = list.isPlaceholderData ? [] : (data?.items ?? []);
  const pageIds = pageRows.map((a) => a.id);
  const matchingTotal = data?.total ?? 0;
  const decideSelected = (decision: 'approve' | 'deny') => {
    const ticked = pageRows.filter((a) => isSelected(selection, a.id)).map((a) => a.approval_stage);
    const suggested = suggestedStage(stages, params.stage, ticked);
    if (!suggested) return;
    modals.open({
      kind: 'bulk',
      request: {
        decision,
        count: selectedCount(selection),
        target: bulkTarget(selection, { q: params.q, stage: params.stage }),
        stages,
        suggested,
      },
    });
  };
  const bulkDone = (done: BulkDecisionOutcome) => {
    modals.close();
    setSelection(NO_SELECTION);
    batch.dismiss();
    setOutcome(done);
  };

  // Paying is the admins' alone: the same rule as the server's payment batch routes (D20).
  const mayPay = canManagePaymentBatches(user.role);
  const selectable = stages.length > 0 || mayPay;
  const seen = useRef(new Map<string, string>());
  for (const a of pageRows) seen.current.set(a.id, `${a.student_name}, ${periodLabel(a)}`);
  const batch = useAddToBatch({
    labelOf: (id) => seen.current.get(id),
    onAdded: () => {
      setSelection(NO_SELECTION);
      setOutcome(null);
    },
  });
  const addToBatch = () => {
    if (selection.kind !== 'ids' || selection.ids.size === 0) return;
    batch.reset();
    modals.open({ kind: 'batch', ids: [...selection.ids] });
  };
  const confirmBatch = async () => {
    const ids = modals.ofKind('batch')?.ids;
    if (ids && (await batch.add(ids))) modals.close();
  };

  const decideRequest = modals.ofKind('decide')?.request ?? null;
  const paying = modals.ofKind('pay')?.allowance ?? null;

  return (
    <div className="space-y-6" {...PRELOAD_DIALOGS}>
      <ListPageHeader
        {...WORDS}
        exportHref={`/api/allowances/export.csv${allowanceQueryString(params)}`}
        onChoose={(kind) => modals.open({ kind })}
      />

      {outcome && <BulkDecisionResult outcome={outcome} onDismiss={() => setOutcome(null)} />}
      {batch.outcome && <AddToBatchResult outcome={batch.outcome} onDismiss={batch.dismiss} />}

      <StatTiles
        label="Totals by stage"
        // Five tiles: on two columns the last one takes the whole row.
        className="md:grid-cols-3 xl:grid-cols-5 [&>*:last-child]:col-span-2 md:[&>*:last-child]:col-span-1"
        tiles={TILES.map((tile) => ({
          ...tile,
          value: data ? <MoneyFigure value={data.summary[tile.key]} /> : '—',
        }))}
        loading={!data && !list.isError}
        selected={params.stage}
        onSelect={(stage) => chooseStage(params.stage === stage ? '' : stage)}
      />

      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
          <ListSearchBox
            className="min-w-0 flex-1"
            label="Search allowances"
            placeholder={ALLOWANCE_UI.searchPlaceholder}
            list={{ state: params, update }}
          />
          <HiddenLabelSelect
            label="Filter by stage"
            boxClassName="sm:w-60"
            id="allowance-stage"
            value={params.stage}
            onChange={(e) => chooseStage(e.target.value as ApprovalStage | '')}
            options={STAGE_FILTER_OPTIONS}
          />
        </div>

        <AllowancesTable
          user={user}
          query={list}
          selection={
            selectable
              ? {
                  isSelected: (id) => isSelected(selection, id),
                  page: pageState(selection, pageIds),
                  onToggle: (a) => setSelection(toggleOne(selection, a.id, pageIds)),
                  onTogglePage: () => setSelection(togglePage(selection, pageIds)),
                }
              : undefined
          }
          onView={(a) => openDetails(a.id)}
          onDecide={decide}
          onPay={pay}
        />

        <QueryPager query={list} onPage={(page) => update({ page })} />
      </Card>

      {selectable && (
        <BulkDecisionBar
          selected={selectedCount(selection)}
          allMatching={selection.kind === 'matching'}
          matchingTotal={matchingTotal}
          offerAllMatching={offersAllMatching(selection, pageIds, matchingTotal)}
          pageAllTicked={pageState(selection, pageIds) === 'all'}
          onSelectPage={() => setSelection(togglePage(selection, pageIds))}
          onSelectAllMatching={() => setSelection({ kind: 'matching', total: matchingTotal })}
          onClear={() => setSelection(NO_SELECTION)}
          onDecide={stages.length > 0 ? decideSelected : undefined}
          onAddToBatch={mayPay ? addToBatch : undefined}
        />
      )}

      <AddAllowanceDialog open={modals.ofKind('add') !== undefined} onOpenChange={modals.onOpenChange} />
      <BulkUploadDialog open={modals.ofKind('import') !== undefined} onOpenChange={modals.onOpenChange} />
      <AllowanceDetailsDialog
        id={details.id}
        user={user}
        onClose={details.close}
        onDecide={decide}
        onPay={pay}
        focusOnClose={() => (details.id ? rowFocusTarget(details.id, rowOrder.current) : null)}
      />
      <DecisionDialog
        request={decideRequest}
        onClose={modals.close}
        focusOnClose={decideRequest ? focusAfter(decideRequest.allowance.id) : undefined}
      />
      <PayDialog
        allowance={paying}
        onClose={modals.close}
        focusOnClose={paying ? focusAfter(paying.id) : undefined}
      />
      <BulkDecisionDialog
        request={modals.ofKind('bulk')?.request ?? null}
        onClose={modals.close}
        onDone={bulkDone}
      />
      <AddToBatchDialog
        open={modals.ofKind('batch') !== undefined}
        count={modals.lastOfKind('batch')?.ids.length ?? 0}
        busy={batch.busy}
        error={batch.error}
        onConfirm={() => void confirmBatch()}
        onClose={modals.close}
      />
    </div>
  );
}

/** The allowance whose details are open, as ?open=<id>, so the bell and shared links can open one. */
function useDetailsInUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const change = (id: string | null) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('open', id);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );
  return { id: searchParams.get('open'), open: (id: string) => change(id), close: () => change(null) };
}

/**
 * The allowances ticked for a bulk decision, kept for one search and stage: a new search or stage
 * starts with nothing ticked, so what is decided is always what the list shows. Paging keeps it.
 */
function useSelectionOf(filterKey: string): [BulkSelection, (next: BulkSelection) => void] {
  const [kept, setKept] = useState<{ key: string; selection: BulkSelection }>({
    key: filterKey,
    selection: NO_SELECTION,
  });
  const selection = kept.key === filterKey ? kept.selection : NO_SELECTION;
  return [selection, (next) => setKept({ key: filterKey, selection: next })];
}
