import { CloudOff, RefreshCw } from 'lucide-react';
import { cn } from '../../lib/cn';
import { OFFLINE_MESSAGES as M } from '../../lib/offline/messages';
import { useOfflineWork } from './offline-provider';

/** The outbox at a glance, for the top bar: offline, waiting, syncing, synced or refused. */
export function SyncStatus() {
  const work = useOfflineWork();
  if (!work?.loaded) return null;
  const waiting = work.records.filter((record) => record.state === 'waiting').length;
  const refused = work.records.length - waiting;
  const words = work.syncing
    ? M.syncing
    : refused > 0
      ? M.failed(refused)
      : waiting > 0
        ? M.waiting(waiting)
        : M.synced;
  const short = work.syncing ? '…' : refused > 0 ? `${refused}!` : waiting > 0 ? String(waiting) : '✓';
  return (
    <div
      className="flex min-w-0 items-center gap-1"
      title={`${work.online ? '' : `${M.offline} · `}${words}`}
    >
      <p
        role="status"
        aria-label="Sync"
        className={cn(
          'flex min-w-0 items-center gap-1 text-xs font-medium',
          refused > 0 ? 'text-red-700' : waiting > 0 || !work.online ? 'text-amber-800' : 'text-slate-600',
        )}
      >
        {!work.online && (
          <>
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
            <span className="sr-only sm:not-sr-only">{M.offline}</span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
          </>
        )}
        {/* A phone's top bar has room for a count, not the words: drawn by CSS, so the status's
            text (what screen readers and the tests read) stays the words. */}
        <span
          aria-hidden="true"
          data-short={short}
          className="tabular-nums before:content-[attr(data-short)] sm:hidden"
        />
        <span className="sr-only sm:not-sr-only sm:truncate">{words}</span>
      </p>
      <button
        type="button"
        onClick={() => void work.syncNow()}
        disabled={work.syncing}
        aria-label={M.syncNow}
        title={M.syncNow}
        className="flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-60"
      >
        <RefreshCw aria-hidden="true" className={cn('size-4', work.syncing && 'animate-spin')} />
      </button>
    </div>
  );
}
