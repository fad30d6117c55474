import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn';

/** A native checkbox with its label beside it: <Checkbox label="Remember me" {...register('rememberMe')} />. */
export function Checkbox({
  label,
  className,
  id,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  const generated = useId();
  const inputId = id ?? `checkbox-${generated}`;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="size-4 shrink-0 rounded border-slate-300 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        {...props}
      />
      <label htmlFor={inputId} className="text-sm text-slate-700 select-none">
        {label}
      </label>
    </div>
  );
}
