import {
  Banknote,
  Check,
  CircleCheck,
  Download,
  Eye,
  Hourglass,
  type LucideIcon,
  Plus,
  ReceiptText,
  Search,
  Upload,
  UserCheck,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Allowance, AllowanceSummary } from '../../../contracts/allowances';
import type { User } from '../../../contracts/auth';
import { allowedActions } from '../../../domain/allowances';
import { formatZmw } from '../../../domain/money';
import { useCurrentUser } from '../../app/auth';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  PageHeader,
  Select,
  Skeleton,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { AddAllowanceDialog } from './add-allowance-dialog';
import { AllowanceDetailsDialog } from './allowance-details-dialog';
import {
  ALLOWANCE_PAGE_SIZE,
  allowanceQueryString,
  isApprovalStage,
  PROGRAM_LEVEL_LABELS,
  pageCount,
  periodLabel,
  STAGE_FILTER_OPTIONS,
  showingRange,
} from './allowance-view';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { type ActionTarget, DecisionDialog, type DecisionRequest, PayDialog } from './decision-dialogs';
import { ALLOWANCE_UI } from './messages';
import { StageBadge } from './stage-badge';
import { useAllowanceList } from './use-allowances';
import { useDebouncedValue } from './use-debounced-value';

type TileTone = 'amber' | 'sky' | 'violet' | 'emerald' | 'slate';
const TILE_TONES: Record<TileTone, string> = {
  amber: 'bg-amber-50 text-amber-700',
  sky: 'bg-sky-50 text-sky-700',
  violet: 'bg-violet-50 text-violet-700',
  emerald: 'bg-emerald-50 text-emerald-700',
  slate: 'bg-slate-100 text-slate-700',
};

const TILES: Array<{ key: keyof AllowanceSummary; label: string; icon: LucideIcon; tone: TileTone }> = [
  { key: 'pending_dpm', label: 'Pending DPM', icon: Hourglass, tone: 'amber' },
  { key: 'pending_flmi', label: 'Pending FLMI', icon: UserCheck, tone: 'sky' },
  { key: 'pending_pm', label: 'Pending PM', icon: ReceiptText, tone: 'violet' },
  { key: 'approved', label: 'Approved', icon: CircleCheck, tone: 'emerald' },
  { key: 'paid', label: 'Paid', icon: Banknote, tone: 'slate' },
];

/**
 * /allowances: Allowance Management (spec §2). Tiles, search, stage filter, a server-paged table
 * with the actions the approval state machine allows this user, and the modals. ?open=<id> opens
 * an allowance's details (the notification bell links there).
 */
export function AllowancesPage() {
  const user = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = searchParams.get('open');

  const [searchText, setSearchText] = useState('');
  const q = useDebouncedValue(searchText.trim(), 300);
  const [stage, setStage] = useState('');
  const [page, setPage] = useState(1);
  const list = useAllowanceList({ q, stage, page });

  const [adding, setAdding] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [decision, setDecision] = useState<DecisionRequest | null>(null);
  const [paying, setPaying] = useState<ActionTarget | null>(null);

  // A new search starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced search changes
  useEffect(() => setPage(1), [q]);

  // The page emptied under us (e.g. the last row moved to another stage): step back.
  const data = list.data;
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && page > 1)
      setPage(Math.min(page - 1, pageCount(ALLOWANCE_PAGE_SIZE, data.total)));
  }, [data, page]);

  const openDetails = (id: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('open', id);
        return next;
      },
      { replace: true },
    );
  const closeDetails = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('open');
        return next;
      },
      { replace: true },
    );

  const chooseStage = (value: string) => {
    setStage(isApprovalStage(value) ? value : '');
    setPage(1);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Allowance Management"
        description="Monthly allowances, their approval and payment."
        actions={
          <>
            <Button variant="secondary" asChild>
              <a href={`/api/allowances/export.csv${allowanceQueryString({ q, stage })}`} download>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </a>
            </Button>
            <Button variant="secondary" onClick={() => setUploading(true)}>
              <Upload aria-hidden="true" className="size-4" />
              Bulk Upload
            </Button>
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add Allowance
            </Button>
          </>
        }
      />

      <section
        aria-label="Totals by stage"
        className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-5"
      >
        {TILES.map((tile) => (
          <SummaryTile
            key={tile.key}
            label={tile.label}
            icon={tile.icon}
            tone={tile.tone}
            loading={!data && !list.isError}
            value={data ? formatZmw(data.summary[tile.key]) : '—'}
            onClick={() => chooseStage(stage === tile.key ? '' : tile.key)}
            selected={stage === tile.key}
          />
        ))}
      </section>

      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
          <div className="relative min-w-0 flex-1">
            <label htmlFor="allowance-search" className="sr-only">
              Search allowances
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              id="allowance-search"
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              placeholder={ALLOWANCE_UI.searchPlaceholder}
              className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-[0.9375rem] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30"
            />
          </div>
          <div className="sm:w-60">
            <label htmlFor="allowance-stage" className="sr-only">
              Filter by stage
            </label>
            <Select
              id="allowance-stage"
              value={stage}
              onChange={(e) => chooseStage(e.target.value)}
              options={STAGE_FILTER_OPTIONS}
            />
          </div>
        </div>

        <AllowanceTable
          user={user}
          loading={list.isPending}
          error={list.isError && !data ? list.error : null}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
          items={data?.items ?? []}
          dimmed={list.isPlaceholderData}
          onView={(a) => openDetails(a.id)}
          onDecide={setDecision}
          onPay={setPaying}
        />

        {data && data.total > 0 && (
          <Pager
            page={page}
            total={data.total}
            onPage={setPage}
            busy={list.isPlaceholderData}
            refreshError={list.isError ? list.error : null}
          />
        )}
      </Card>

      <AddAllowanceDialog open={adding} onOpenChange={setAdding} />
      <BulkUploadDialog open={uploading} onOpenChange={setUploading} />
      <AllowanceDetailsDialog
        id={openId}
        user={user}
        onClose={closeDetails}
        onDecide={setDecision}
        onPay={setPaying}
      />
      <DecisionDialog request={decision} onClose={() => setDecision(null)} />
      <PayDialog allowance={paying} onClose={() => setPaying(null)} />
    </div>
  );
}

interface RowHandlers {
  user: User;
  onView: (a: Allowance) => void;
  onDecide: (request: DecisionRequest) => void;
  onPay: (a: Allowance) => void;
}

function AllowanceTable({
  loading,
  error,
  retrying,
  onRetry,
  items,
  dimmed,
  ...handlers
}: RowHandlers & {
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  items: Allowance[];
  dimmed: boolean;
}) {
  if (error) {
    return (
      <div className="space-y-3 p-4">
        <Alert tone="error" title={ALLOWANCE_UI.loadFailed}>
          {errorMessage(error, {
            failed: 'The server could not provide the allowances.',
            network: ALLOWANCE_UI.network,
          })}
        </Alert>
        <Button variant="secondary" onClick={onRetry} loading={retrying} loadingText="Retrying...">
          Retry
        </Button>
      </div>
    );
  }
  if (!loading && items.length === 0) {
    return <EmptyState icon={ReceiptText} title={ALLOWANCE_UI.empty} />;
  }
  const busy = loading || dimmed || undefined;
  return (
    <>
      {/* Wide screens: the table. */}
      <div className="hidden md:block">
        <Table aria-label="Allowances" aria-busy={busy}>
          <THead>
            <tr>
              <TH>Student</TH>
              <TH>Period</TH>
              <TH>Program</TH>
              <TH className="text-right">Total</TH>
              <TH>Stage</TH>
              <TH>Actions</TH>
            </tr>
          </THead>
          <TBody className={cn(dimmed && 'opacity-60 transition-opacity')}>
            {loading
              ? Array.from({ length: 6 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                  <tr key={i}>
                    {['w-36', 'w-24', 'w-20', 'w-24', 'w-32', 'w-16'].map((width) => (
                      <TD key={width}>
                        <Skeleton className={cn('h-4', width)} />
                      </TD>
                    ))}
                  </tr>
                ))
              : items.map((a) => (
                  <TR key={a.id}>
                    <TD className="font-medium text-slate-900">{a.student_name}</TD>
                    <TD className="whitespace-nowrap">{periodLabel(a)}</TD>
                    <TD className="whitespace-nowrap">{PROGRAM_LEVEL_LABELS[a.program_level]}</TD>
                    <TD className="text-right whitespace-nowrap text-slate-900 tabular-nums">
                      {formatZmw(a.total)}
                    </TD>
                    <TD>
                      <StageBadge stage={a.approval_stage} />
                    </TD>
                    <TD className="py-2">
                      <RowActions allowance={a} {...handlers} />
                    </TD>
                  </TR>
                ))}
          </TBody>
        </Table>
      </div>

      {/* Phones: one card per allowance, nothing hidden off to the side. */}
      <ul
        aria-label="Allowances"
        aria-busy={busy}
        className={cn('divide-y divide-slate-100 md:hidden', dimmed && 'opacity-60')}
      >
        {loading
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards
              <li key={i} className="space-y-2 p-4">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </li>
            ))
          : items.map((a) => (
              <li key={a.id} className="space-y-2 p-4">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0 font-medium text-slate-900">{a.student_name}</p>
                  <p className="shrink-0 font-semibold text-slate-900 tabular-nums">{formatZmw(a.total)}</p>
                </div>
                <p className="text-sm text-slate-600">
                  {periodLabel(a)} · {PROGRAM_LEVEL_LABELS[a.program_level]}
                </p>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <StageBadge stage={a.approval_stage} />
                  <RowActions allowance={a} {...handlers} />
                </div>
              </li>
            ))}
      </ul>
    </>
  );
}

/** View details always; approve, deny and mark as paid only when the domain says this user may now. */
function RowActions({ allowance: a, user, onView, onDecide, onPay }: RowHandlers & { allowance: Allowance }) {
  const actions = allowedActions(a, user);
  const what = `${a.student_name}, ${periodLabel(a)}`;
  return (
    <div className="flex gap-1.5">
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

/** A stage total that filters the list when pressed; the amount wraps rather than being cut off. */
function SummaryTile({
  label,
  value,
  icon: Icon,
  tone,
  loading,
  selected,
  onClick,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  tone: TileTone;
  loading: boolean;
  selected: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      className={cn(
        '@container flex flex-col rounded-xl border bg-white p-4 text-left shadow-sm last:col-span-2 md:last:col-span-1 transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-primary',
        selected ? 'border-primary ring-2 ring-primary/20' : 'border-slate-200',
      )}
    >
      <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-md', TILE_TONES[tone])}>
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </span>
      <span className="mt-3 w-full text-sm font-semibold text-slate-900 tabular-nums @[11rem]:text-base @[14rem]:text-xl">
        {loading ? <Skeleton className="h-6 w-28" /> : value}
      </span>
    </button>
  );
}

function Pager({
  page,
  total,
  onPage,
  busy,
  refreshError,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  busy: boolean;
  refreshError: unknown;
}) {
  const pages = pageCount(ALLOWANCE_PAGE_SIZE, total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3 text-sm">
      <p className="text-slate-600" aria-live="polite">
        {showingRange(page, ALLOWANCE_PAGE_SIZE, total)}
        {refreshError ? <span className="ml-2 text-red-700">Couldn't refresh the list.</span> : null}
      </p>
      <nav aria-label="Pages" className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="text-slate-600">
          Page {page} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </nav>
    </div>
  );
}
