import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  PROGRAM_LEVEL_LABELS,
  PROGRAM_STATUS_LABELS,
  type ProgramLevel,
  type ProgramStatus,
} from '../../../domain/students';
import { Badge, type BadgeTone, Button } from '../../components/ui';
import { cn } from '../../lib/cn';
import { pageCount, showingText } from './student-list-params';

const STATUS_TONES: Record<ProgramStatus, BadgeTone> = {
  enrolled: 'success',
  graduated: 'info',
  suspended: 'warning',
  discharged: 'danger',
  transferred: 'neutral',
};

/** A student's programme status as a coloured pill. */
export function StatusBadge({ status }: { status: ProgramStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PROGRAM_STATUS_LABELS[status]}</Badge>;
}

export function categoryLabel(level: ProgramLevel): string {
  return PROGRAM_LEVEL_LABELS[level];
}

/** 'Mwila Chanda' -> 'MC'. */
export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** The student's photo, or their initials when there is none or it does not load. */
export function StudentAvatar({
  photoUrl,
  firstName,
  lastName,
  size = 'md',
}: {
  photoUrl: string | null;
  firstName: string;
  lastName: string;
  size?: 'md' | 'lg';
}) {
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address gets a new try
  useEffect(() => setFailed(false), [photoUrl]);
  const box = size === 'lg' ? 'size-20 text-2xl' : 'size-12 text-base';
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt=""
        onError={() => setFailed(true)}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover', box)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary-active',
        box,
      )}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}

/**
 * Returns focus to whatever opened a dialog once it closes. The kit's dialogs are opened from
 * state, not from a Radix trigger, so Radix has no trigger to focus and focus would fall to <body>.
 */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    /** Call when a dialog opens (not when one dialog hands over to another). */
    remember() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    /** Call when the last dialog closes. */
    restore() {
      const element = opener.current;
      opener.current = null;
      if (element) setTimeout(() => element.isConnected && element.focus(), 0);
    },
  };
}

/** Waits until typing pauses before handing the value on. */
export function useDebouncedValue<T>(value: T, delayMs = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * A search box whose value is committed (e.g. to the URL) once typing pauses, and which follows the
 * committed value when it changes from elsewhere (the top bar's search, back/forward).
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onCommit,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), 300);
  const committed = useRef(value);

  // Someone else changed the search (top bar, browser history): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: commit only when the typed text settles
  useEffect(() => {
    if (debounced !== committed.current && debounced === text.trim()) {
      committed.current = debounced;
      onCommit(debounced);
    }
  }, [debounced]);

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            committed.current = text.trim();
            onCommit(text.trim());
          }
        }}
        placeholder={placeholder}
        maxLength={100}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-[0.9375rem] text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            committed.current = '';
            onCommit('');
          }}
          className="absolute top-1/2 right-2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}

/** 'Showing 1–25 of N' with Previous / Next. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-4 py-3"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {showingText(page, pageSize, total)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Previous
        </Button>
        <span className="text-sm text-slate-600 tabular-nums">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** A horizontal progress bar; without `percent` it shows that work is going on (indeterminate). */
export function ProgressBar({ label, percent }: { label: string; percent?: number }) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between text-sm text-slate-700">
        <span>{label}</span>
        {percent !== undefined && <span className="tabular-nums">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        {percent !== undefined ? (
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-primary motion-reduce:animate-none" />
        )}
      </div>
    </div>
  );
}
