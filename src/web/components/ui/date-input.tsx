import { CalendarDays } from 'lucide-react';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { type DayFormat, dayAsWritten, dayFromWritten, isIsoDate } from '../../../domain/dates';
import { cn } from '../../lib/cn';
import { displaySettings } from '../../lib/format';
import { useFieldControl } from './field';
import { controlClasses } from './input';

/** What the field reports: the day as YYYY-MM-DD, as the API takes it (or the text, when no day). */
export interface DateInputEvent {
  target: { name: string; value: string };
  type: 'change' | 'blur';
}

/**
 * What a form library holds of the field (react-hook-form's `register` ref): its value read and
 * written as YYYY-MM-DD, and focus for the first field in error.
 */
export interface DateInputHandle {
  name: string;
  type: 'text';
  value: string;
  focus(): void;
}

export interface DateInputProps {
  name?: string;
  /** The day, YYYY-MM-DD or ''; leave it out when a form library holds the value through `ref`. */
  value?: string;
  onChange?: (event: DateInputEvent) => void;
  onBlur?: (event: DateInputEvent) => void;
  ref?: Ref<DateInputHandle>;
  /** The first and last days the calendar offers (YYYY-MM-DD); the form's rules still decide. */
  min?: string | number;
  max?: string | number;
  disabled?: boolean;
  autoComplete?: string;
  id?: string;
  className?: string;
}

/** The field's text for a value: a day in the format, anything else (a refused text) as it is. */
const shownIn = (day: string, format: DayFormat) => (isIsoDate(day) ? dayAsWritten(day, format) : day);

/**
 * A calendar day, shown and typed in the format System Settings choose (docs/product.md D13:
 * DD/MM/YYYY by default) rather than the browser's, and handed to the form as YYYY-MM-DD like the
 * API takes it. The button beside it opens the browser's calendar, which the keyboard works.
 * A day that does not exist (31/02) is named under the field as soon as the field is left, and
 * reaches the form as typed, so the form refuses it too. Use it as <Input> is used:
 *   <Field label="Due Date"><DateInput {...register('due_date')} /></Field>
 */
export function DateInput({
  name = '',
  value,
  onChange,
  onBlur,
  ref,
  min,
  max,
  disabled,
  autoComplete,
  id,
  className,
}: DateInputProps) {
  const field = useFieldControl();
  const format = displaySettings().dateFormat;
  const held = useRef(value ?? '');
  const [text, setText] = useState(() => shownIn(value ?? '', format));
  const [impossible, setImpossible] = useState(false);
  const textRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLInputElement>(null);
  const errorId = `${useId()}-date-error`;

  // A value given from outside (a controlled field, a filter read from the address) is shown anew.
  useEffect(() => {
    if (value === undefined || value === held.current) return;
    held.current = value;
    setText(shownIn(value, format));
    setImpossible(false);
  });

  useImperativeHandle(
    ref,
    () => ({
      name,
      type: 'text' as const,
      get value() {
        return held.current;
      },
      set value(day: string) {
        // react-hook-form writes the value back each time it registers the field again (every
        // render): only a new value may replace what is typed and its message.
        const next = day ?? '';
        if (next === held.current) return;
        held.current = next;
        setText(shownIn(next, format));
        setImpossible(false);
      },
      focus: () => textRef.current?.focus(),
    }),
    [name, format],
  );

  const report = (day: string, type: DateInputEvent['type']) => {
    held.current = day;
    (type === 'change' ? onChange : onBlur)?.({ target: { name, value: day }, type });
  };

  const typed = (next: string) => {
    setText(next);
    const day = next.trim() === '' ? '' : dayFromWritten(next, format);
    if (day !== null) {
      setImpossible(false);
      if (day !== held.current) report(day, 'change');
    }
  };

  const left = () => {
    const day = text.trim() === '' ? '' : dayFromWritten(text, format);
    if (day === null) {
      setImpossible(true);
      if (text !== held.current) report(text, 'change');
    } else if (day) setText(dayAsWritten(day, format));
    report(held.current, 'blur');
  };

  const picked = (day: string) => {
    if (!isIsoDate(day)) return;
    setText(dayAsWritten(day, format));
    setImpossible(false);
    report(day, 'change');
    textRef.current?.focus();
  };

  const openCalendar = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    picker.value = isIsoDate(held.current) ? held.current : '';
    try {
      picker.showPicker();
    } catch {
      // A browser without showPicker (or refusing it): typing the day still works.
      textRef.current?.focus();
    }
  };

  const describedBy =
    [field?.['aria-describedby'], impossible ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className="space-y-1.5">
      <div className="relative">
        <input
          ref={textRef}
          type="text"
          inputMode="numeric"
          id={id ?? field?.id}
          name={name || undefined}
          value={text}
          placeholder={format}
          autoComplete={autoComplete ?? 'off'}
          disabled={disabled}
          aria-required={field?.['aria-required']}
          aria-invalid={impossible || field?.['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses, 'h-10 pr-11', className)}
          onChange={(e) => typed(e.target.value)}
          onBlur={left}
        />
        <button
          type="button"
          onClick={openCalendar}
          disabled={disabled}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50"
        >
          <CalendarDays aria-hidden="true" className="size-4" />
          <span className="sr-only">Choose the day from a calendar</span>
        </button>
        {/* The browser's calendar, opened by the button; the typed field is the one people read. */}
        <input
          ref={pickerRef}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          min={min}
          max={max}
          className="pointer-events-none absolute right-0 bottom-0 h-px w-px opacity-0"
          onChange={(e) => picked(e.target.value)}
        />
      </div>
      {impossible && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {`There is no such day: type it as ${format}, for example ${dayAsWritten('2026-01-31', format)}.`}
        </p>
      )}
    </div>
  );
}
