import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';
import { controlClasses } from './input';

export interface SelectOption {
  value: string;
  label: string;
}

/** A styled native <select>; pass `options` or <option> children. Wired to <Field> like Input. */
export function Select({
  className,
  options,
  children,
  ...props
}: ComponentProps<'select'> & { options?: readonly SelectOption[] }) {
  const field = useFieldControl();
  return (
    <div className="relative">
      <select className={cn(controlClasses, 'h-10 appearance-none pr-9', className)} {...field} {...props}>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/**
 * A select named by a label only screen readers hear, as a list's filters row has no room for one
 * above it, in a box as wide as the row gives it (`boxClassName`).
 */
export function HiddenLabelSelect({
  label,
  boxClassName,
  id,
  ...props
}: ComponentProps<typeof Select> & { label: ReactNode; boxClassName: string; id: string }) {
  return (
    <div className={boxClassName}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select id={id} {...props} />
    </div>
  );
}
