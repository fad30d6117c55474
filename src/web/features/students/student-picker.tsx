import { useQuery } from '@tanstack/react-query';
import { Check, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { StudentListItem, StudentListResponse } from '../../../contracts/students';
import { formatCount } from '../../../domain/search';
import { PROGRAM_LEVEL_LABELS, PROGRAM_STATUS_LABELS } from '../../../domain/students';
import { useFieldControl } from '../../components/ui';
import { controlClasses } from '../../components/ui/input';
import { ApiError, api } from '../../lib/api';
import { cn } from '../../lib/cn';
import { findKeptStudents } from '../../lib/offline/kept-records';
import type { OfflineDb } from '../../lib/offline/offline-db';
import { queryKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useOfflineReach } from '../offline';

/** What the picker keeps of a student: a list item's share (a whole record also fits). */
export type StudentOption = Pick<
  StudentListItem,
  'id' | 'full_name' | 'chl_number' | 'program_level' | 'program_status' | 'current_program'
>;

const PICKER_PAGE_SIZE = 20;

/** With no network, the officer's own students kept on the phone (issue 48 item 2). */
async function keptStudents(db: OfflineDb, q: string): Promise<Pick<StudentListResponse, 'items' | 'total'>> {
  const items = await findKeptStudents(db, q, PICKER_PAGE_SIZE);
  return { items: items as StudentListResponse['items'], total: items.length };
}

function useStudentSearch(q: string, enabled: boolean) {
  const db = useOfflineReach()?.db;
  return useQuery({
    queryKey: queryKeys.studentPicker(q),
    queryFn: async ({ signal }): Promise<Pick<StudentListResponse, 'items' | 'total' | 'total_capped'>> => {
      const params = new URLSearchParams({ pageSize: String(PICKER_PAGE_SIZE), sort: 'name_asc' });
      if (q.trim()) params.set('q', q.trim());
      try {
        return await api.get<StudentListResponse>(`/api/students?${params}`, signal);
      } catch (error) {
        if (!(db && error instanceof ApiError && error.isNetworkError)) throw error;
        return keptStudents(db, q);
      }
    },
    enabled,
    // Asked with no network too: the phone's own copy answers then.
    networkMode: 'always',
    staleTime: 30_000,
  });
}

/**
 * Search-as-you-type student combobox (WAI-ARIA combobox with a listbox popup) over GET /api/students
 * (program officers get only their own students). The list opens when asked (a click, typing, Arrow
 * Down), never on focus alone. Arrow keys move, Enter picks, Esc closes the list without closing the
 * surrounding dialog. Inside <Field> it takes the field's id and error wiring.
 */
export function StudentPicker({
  value,
  onChange,
  disabled,
  placeholder = 'Type a name or CHL number...',
  optionLabel = (student) => student.full_name,
  showChosen = true,
}: {
  value: StudentOption | null;
  onChange: (student: StudentOption | null) => void;
  disabled?: boolean;
  placeholder?: string;
  /** How an option names its student: the name, or 'name - program' where the program matters. */
  optionLabel?: (student: StudentOption) => string;
  /** The chosen student's CHL number and level under the box; a filter in a row of filters has no room. */
  showChosen?: boolean;
}) {
  const field = useFieldControl();
  const listId = useId();
  const [text, setText] = useState(value?.full_name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, 250);
  // While a student is chosen the box shows their name; search only when typing something else.
  const query = value && text === value.full_name ? '' : debounced;
  const search = useStudentSearch(query, open);
  const options: StudentOption[] = search.data?.items ?? [];
  const inputRef = useRef<HTMLInputElement>(null);

  // A student chosen from outside (or again): show their name. Clearing the choice while typing
  // keeps the text; the dialog remounts the picker for a fresh form.
  useEffect(() => {
    if (value) setText(value.full_name);
  }, [value]);

  useEffect(() => setActive(options.length > 0 ? 0 : -1), [options.length]);

  // Esc closes the list, not the dialog around it: Radix listens on the document in the capture
  // phase, so claim the key earlier, on the window.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && document.activeElement === inputRef.current) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [open]);

  const choose = (student: StudentOption) => {
    onChange(student);
    setText(student.full_name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (options.length) setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open && options.length) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      if (open) {
        // Never submit the form from the search box.
        event.preventDefault();
        const student = options[active];
        if (student) choose(student);
      }
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeStudent = open ? options[active] : undefined;

  return (
    <div className="relative">
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeStudent ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          className={cn(controlClasses, 'h-10 pl-9')}
          {...field}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            if (value) onChange(null);
          }}
          // Not on focus: a dialog that opens with focus here would drop the list over the fields
          // below before the user asked for it. A click, typing or Arrow Down opens it.
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label="Students"
          className="absolute top-full right-0 left-0 z-10 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {search.isPending ? (
            <p className="px-3 py-2 text-sm text-slate-500">Searching...</p>
          ) : search.isError ? (
            <p className="px-3 py-2 text-sm text-red-700">Couldn't load students. Try typing again.</p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">No students found.</p>
          ) : (
            options.map((student, index) => (
              <div
                key={student.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={value?.id === student.id}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(student)}
                onKeyDown={() => undefined}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm',
                  index === active ? 'bg-emerald-50' : 'bg-white',
                )}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{optionLabel(student)}</span>
                  <span className="block truncate text-xs text-slate-600">
                    {student.chl_number ?? 'No CHL number'} · {PROGRAM_LEVEL_LABELS[student.program_level]}
                    {student.program_status !== 'enrolled' &&
                      ` · ${PROGRAM_STATUS_LABELS[student.program_status]}`}
                  </span>
                </span>
                {value?.id === student.id && (
                  <Check aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
                )}
              </div>
            ))
          )}
          {search.data && search.data.total > options.length && (
            <p className="border-t border-slate-100 px-3 py-1.5 text-xs text-slate-500">
              Showing {options.length} of {formatCount(search.data.total, search.data.total_capped)}. Type
              more to narrow the list.
            </p>
          )}
        </div>
      )}
      {value && showChosen && (
        <p className="mt-1.5 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{optionLabel(value)}</span> ·{' '}
          {value.chl_number ?? 'No CHL number'} · {PROGRAM_LEVEL_LABELS[value.program_level]}
        </p>
      )}
    </div>
  );
}
