import { Banknote, Check, Eye, ReceiptText, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import type { Allowance } from '../../../contracts/allowances';
import type { User } from '../../../contracts/auth';
import { allowedActions, decisionBarredReason } from '../../../domain/allowances';
import { type DataColumn, DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { ALLOWANCE_PROGRAM_LEVEL_LABELS, periodLabel } from './allowance-view';
import type { DecisionRequest } from './decision-dialogs';
import { ALLOWANCE_UI } from './messages';
import { StageBadge } from './stage-badge';

interface RowHandlers {
  user: User;
  onView: (a: Allowance) => void;
  onDecide: (request: DecisionRequest) => void;
  onPay: (a: Allowance) => void;
}

/** Ticking allowances for a bulk decision; absent for a user who decides at no step. */
export interface TableSelection {
  isSelected: (id: string) => boolean;
  /** How much of the page is ticked. */
  page: 'all' | 'some' | 'none';
  onToggle: (a: Allowance) => void;
  onTogglePage: () => void;
}

const CHECKBOX_CLASSES =
  'size-4 shrink-0 rounded border-slate-300 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The header's checkbox: ticked, clear, or mixed when part of the page is ticked. */
function PageCheckbox({ selection }: { selection: TableSelection }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = selection.page === 'some';
  }, [selection.page]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select all allowances on this page"
      checked={selection.page === 'all'}
      onChange={selection.onTogglePage}
      className={CHECKBOX_CLASSES}
    />
  );
}

function RowCheckbox({ allowance: a, selection }: { allowance: Allowance; selection: TableSelection }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${a.student_name}, ${periodLabel(a)}`}
      checked={selection.isSelected(a.id)}
      onChange={() => selection.onToggle(a)}
      className={CHECKBOX_CLASSES}
    />
  );
}

function allowanceColumns(
  handlers: RowHandlers,
  selection: TableSelection | undefined,
): Array<DataColumn<Allowance>> {
  const tick: Array<DataColumn<Allowance>> = selection
    ? [
        {
          header: <PageCheckbox selection={selection} />,
          className: 'w-10',
          skeletonWidth: 'w-4',
          cell: (a) => <RowCheckbox allowance={a} selection={selection} />,
        },
      ]
    : [];
  return [
    ...tick,
    {
      header: 'Student',
      className: 'font-medium text-slate-900',
      skeletonWidth: 'w-36',
      cell: (a) => a.student_name,
    },
    { header: 'Period', className: 'whitespace-nowrap', cell: periodLabel },
    {
      header: 'Program',
      className: 'whitespace-nowrap',
      skeletonWidth: 'w-20',
      cell: (a) => ALLOWANCE_PROGRAM_LEVEL_LABELS[a.program_level],
    },
    {
      header: 'Total',
      className: 'text-right whitespace-nowrap text-slate-900 tabular-nums',
      cell: (a) => formatMoney(a.total),
    },
    {
      header: 'Stage',
      skeletonWidth: 'w-32',
      cell: (a) => (
        <>
          <StageBadge stage={a.approval_stage} />
          <BarredReason allowance={a} user={handlers.user} />
        </>
      ),
    },
    {
      header: 'Actions',
      skeletonWidth: 'w-16',
      cell: (a) => <RowActions allowance={a} {...handlers} />,
    },
  ];
}

function AllowanceCard({
  allowance: a,
  selection,
  ...handlers
}: RowHandlers & { allowance: Allowance; selection?: TableSelection }) {
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <div className="flex min-w-0 items-baseline gap-2">
          {selection && <RowCheckbox allowance={a} selection={selection} />}
          <p className="min-w-0 font-medium text-slate-900">{a.student_name}</p>
        </div>
        <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatMoney(a.total)}</p>
      </div>
      <p className="text-sm text-slate-600">
        {periodLabel(a)} · {ALLOWANCE_PROGRAM_LEVEL_LABELS[a.program_level]}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StageBadge stage={a.approval_stage} />
        <RowActions allowance={a} {...handlers} />
      </div>
      <BarredReason allowance={a} user={handlers.user} />
    </div>
  );
}

const loadFailure = (error: unknown) =>
  errorMessage(error, {
    failed: 'The server could not provide the allowances.',
    network: ALLOWANCE_UI.network,
  });

/**
 * The allowances of the current page, each with the actions the approval state machine allows,
 * and a checkbox for a bulk decision when `selection` is given.
 */
export function AllowancesTable({
  query,
  selection,
  ...handlers
}: RowHandlers & { query: PagedQuery<Allowance>; selection?: TableSelection }) {
  return (
    <DataTable
      {...tableStateOf(query, { title: ALLOWANCE_UI.loadFailed, message: loadFailure })}
      label="Allowances"
      columns={allowanceColumns(handlers, selection)}
      rowKey={(a) => a.id}
      card={(a) => <AllowanceCard allowance={a} selection={selection} {...handlers} />}
      emptyIcon={ReceiptText}
      emptyTitle={ALLOWANCE_UI.empty}
    />
  );
}

/**
 * Why a user whose role decides at this stage has no Approve or Deny here: the two-stage rule the
 * server applies, read from the approvers the row carries. (A delegate's bar, which depends on the
 * delegations held today, is said by the details, which the server answers for this user.)
 */
function BarredReason({ allowance, user }: { allowance: Allowance; user: User }) {
  const reason = decisionBarredReason(allowance, user);
  if (!reason) return null;
  return <p className="mt-1 max-w-64 text-xs whitespace-normal text-slate-600">{reason}</p>;
}

/** View details always; approve, deny and mark as paid only when the domain says this user may now. */
function RowActions({ allowance: a, user, onView, onDecide, onPay }: RowHandlers & { allowance: Allowance }) {
  const actions = allowedActions(a, user);
  const what = `${a.student_name}, ${periodLabel(a)}`;
  return (
    <div className="flex gap-1.5" data-allowance-actions={a.id}>
      <RowAction
        label="View details"
        what={what}
        onClick={() => onView(a)}
        icon={<Eye className="size-4" />}
      />
      {actions.includes('approve') && (
        <RowAction
          label="Approve"
          what={what}
          tone="approve"
          onClick={() => onDecide({ allowance: a, decision: 'approve' })}
          icon={<Check className="size-4" />}
        />
      )}
      {actions.includes('deny') && (
        <RowAction
          label="Deny"
          what={what}
          tone="deny"
          onClick={() => onDecide({ allowance: a, decision: 'deny' })}
          icon={<X className="size-4" />}
        />
      )}
      {actions.includes('pay') && (
        <RowAction
          label="Mark as paid"
          what={what}
          tone="approve"
          onClick={() => onPay(a)}
          icon={<Banknote className="size-4" />}
        />
      )}
    </div>
  );
}

/** The row's actions shown at this width (the table's from tablet width up, else the card's). */
function shownActions(id: string): HTMLElement | null {
  const all = [...document.querySelectorAll<HTMLElement>(`[data-allowance-actions="${CSS.escape(id)}"]`)];
  return all.find((el) => el.getClientRects().length > 0) ?? all[0] ?? null;
}

/**
 * Where focus goes after an action on a row took away the button it came from: that row's first
 * action (View details, always there), or, when the row left the list (a stage filter no longer
 * matches it), the row that followed it on the page, else the one before. `order` is the page's
 * ids when the action began.
 */
export function rowFocusTarget(id: string, order: readonly string[]): HTMLElement | null {
  const at = order.indexOf(id);
  const candidates = at < 0 ? [id] : [id, ...order.slice(at + 1), ...order.slice(0, at).reverse()];
  for (const candidate of candidates) {
    const button = shownActions(candidate)?.querySelector('button');
    if (button) return button;
  }
  return null;
}

const ACTION_TONES = {
  neutral: 'border-slate-200 bg-white text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  approve: 'border-emerald-200 bg-emerald-50 text-emerald-700 hover:bg-emerald-100',
  deny: 'border-red-200 bg-red-50 text-red-700 hover:bg-red-100',
} as const;

/** An icon button named for screen readers ('Approve: Mwila Chanda, March 2026') and titled for the mouse. */
function RowAction({
  label,
  what,
  icon,
  onClick,
  tone = 'neutral',
}: {
  label: string;
  what: string;
  icon: ReactNode;
  onClick: () => void;
  tone?: keyof typeof ACTION_TONES;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={`${label}: ${what}`}
      onClick={onClick}
      className={cn(
        'flex size-9 items-center justify-center rounded-lg border focus-visible:outline-2 focus-visible:outline-primary',
        ACTION_TONES[tone],
      )}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
