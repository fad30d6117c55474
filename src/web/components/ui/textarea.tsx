import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { useFieldControl } from './field';
import { controlClasses } from './input';

/** A multi-line text input, wired to <Field> like Input. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const field = useFieldControl();
  return <textarea rows={rows} className={cn(controlClasses, 'py-2', className)} {...field} {...props} />;
}
