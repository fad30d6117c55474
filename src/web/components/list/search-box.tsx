import { Search, X } from 'lucide-react';
import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before a search is committed. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose value is committed (e.g. to the URL) once typing pauses, on Enter or on
 * leaving the box, and
 * which follows the committed value when it changes from elsewhere (the top bar's search,
 * back/forward).
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
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const committed = useRef(value);

  // Someone else changed the search (top bar, browser history): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  const commitNow = () => {
    const typed = text.trim();
    if (typed === committed.current) return;
    committed.current = typed;
    onCommit(typed);
  };

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
          if (e.key === 'Enter') commitNow();
        }}
        // Leaving the box commits what was typed at once. Were it left to the pause, a link
        // clicked meanwhile (whose page is still loading) would be overtaken by the search's own
        // change of address, and the user brought back here.
        onBlur={commitNow}
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

/** The search box of a list whose search is `q` in the address (`useUrlListState`'s state). */
export function ListSearchBox({
  list,
  ...props
}: Omit<ComponentProps<typeof SearchBox>, 'value' | 'onCommit'> & {
  list: { state: { q: string }; update: (changes: { q: string }) => void };
}) {
  return <SearchBox {...props} value={list.state.q} onCommit={(q) => list.update({ q })} />;
}
