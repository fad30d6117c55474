import { Search } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchItem } from '../../../contracts/search';
import { SEARCH_TEXT_MAX } from '../../../domain/search';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useGlobalSearch } from './search.queries';

export const SEARCH_PLACEHOLDER = 'Search students, tasks, issues...';
const TYPING_PAUSE_MS = 250;

interface Option extends SearchItem {
  area: string;
}

/** True for Ctrl+K (Cmd+K on a Mac): the shortcut that puts the cursor in the search box. */
export function isSearchShortcut(
  event: Pick<globalThis.KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>,
): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
}

/**
 * The top bar's search over every area the user may read (GET /api/search), as a combobox: type,
 * then arrows move through the results grouped by area, Enter opens one (the first when none is
 * chosen), Escape closes the list and a second Escape clears the box. Ctrl+K (Cmd+K) focuses it
 * from anywhere.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const ids = useId();
  const listId = `${ids}-results`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Enter pressed before the answer for what was typed came: open its first result when it comes.
  const [enterPressed, setEnterPressed] = useState(false);
  const term = useDebouncedValue(text.trim(), TYPING_PAUSE_MS);
  const search = useGlobalSearch(term);

  const shown = open && text.trim() !== '';
  const current = search.data && search.data.q === term && term === text.trim() ? search.data : undefined;
  const groups = current?.groups ?? [];
  const options: Option[] = groups.flatMap((g) => g.items.map((item) => ({ ...item, area: g.area })));
  const optionId = (i: number) => `${ids}-option-${i}`;
  // Typing starts again from no chosen result; an answer shorter than the choice drops it too.
  const chosen = active < options.length ? active : -1;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const choose = useCallback(
    (option: Option | undefined) => {
      if (!option) return;
      setOpen(false);
      setText('');
      input.current?.blur();
      navigate(option.href);
    },
    [navigate],
  );

  const firstResult = current ? options[0] : undefined;
  useEffect(() => {
    if (!enterPressed || !current) return;
    setEnterPressed(false);
    choose(firstResult);
  }, [enterPressed, current, firstResult, choose]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const n = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (n > 0) setActive((chosen + 1) % n);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (n > 0) setActive(chosen <= 0 ? n - 1 : chosen - 1);
        break;
      case 'Enter':
        event.preventDefault();
        if (current) choose(options[Math.max(chosen, 0)]);
        else if (text.trim()) setEnterPressed(true);
        break;
      case 'Escape':
        if (shown) setOpen(false);
        else setText('');
        break;
    }
  };

  return (
    <search className="relative min-w-0 flex-1 md:max-w-md">
      <label htmlFor={`${ids}-input`} className="sr-only">
        Search
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={input}
          id={`${ids}-input`}
          type="text"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && chosen >= 0 ? optionId(chosen) : undefined}
          aria-keyshortcuts="Control+K Meta+K"
          autoComplete="off"
          spellCheck={false}
          maxLength={SEARCH_TEXT_MAX}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
            setEnterPressed(false);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          placeholder={SEARCH_PLACEHOLDER}
          className="h-10 w-full rounded-lg border border-slate-200 bg-slate-50 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500 focus:border-primary focus:bg-white focus:outline-2 focus:outline-offset-0 focus:outline-primary/30 md:pr-14"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 hidden -translate-y-1/2 rounded border border-slate-200 bg-white px-1.5 text-[0.6875rem] font-medium text-slate-500 md:block"
        >
          Ctrl K
        </span>
      </div>
      <div
        id={listId}
        role="listbox"
        aria-label="Search results"
        hidden={!shown}
        // On a phone the box is narrow: the results take the width of the screen under the top bar.
        className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-xl md:absolute md:inset-x-0 md:top-full md:mt-2"
      >
        {shown && !current ? (
          search.isError && term === text.trim() ? (
            <p className="px-4 py-3 text-sm text-red-700">Couldn't search. Try again.</p>
          ) : (
            <p className="px-4 py-3 text-sm text-slate-500">Searching...</p>
          )
        ) : shown && groups.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500">No matches for "{term}".</p>
        ) : (
          groups.map((group) => {
            const headingId = `${ids}-${group.area}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group; a fieldset is for form controls
              <div key={group.area} role="group" aria-labelledby={headingId}>
                <p
                  id={headingId}
                  className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group.label}
                </p>
                {group.items.map((item) => {
                  const index = options.findIndex((o) => o.area === group.area && o.id === item.id);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's, which keeps the focus (aria-activedescendant)
                    <div
                      key={item.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === chosen}
                      tabIndex={-1}
                      // Keep the focus in the box, so the list stays open until the click lands.
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseMove={() => setActive(index)}
                      onClick={() => choose(options[index])}
                      className={cn('cursor-pointer px-4 py-2', index === chosen && 'bg-slate-100')}
                    >
                      <span className="block truncate text-sm font-medium text-slate-900">{item.title}</span>
                      <span className="block truncate text-xs text-slate-500">{item.detail}</span>
                    </div>
                  );
                })}
              </div>
            );
          })
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {shown && current
          ? options.length === 0
            ? `No matches for ${term}`
            : `${options.length} ${options.length === 1 ? 'result' : 'results'}`
          : ''}
      </p>
    </search>
  );
}
