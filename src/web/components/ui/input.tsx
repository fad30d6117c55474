import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';

/** Shared look of text-like controls (also used by Select and Textarea). */
export const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-[0.9375rem] text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 transition-colors ' +
  'focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary/30 ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:outline-red-500/30';

/** A text input; inside <Field> it is wired to the label and error automatically. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const field = useFieldControl();
  return <input type={type} className={cn(controlClasses, 'h-10', className)} {...field} {...props} />;
}

/** A web address: the URL keyboard on phones, and a placeholder showing it starts with https://. */
export function UrlInput(props: Omit<ComponentProps<'input'>, 'type'>) {
  return <Input type="url" inputMode="url" placeholder="https://..." {...props} />;
}
