import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A form label. Field adds the required asterisk beside it, outside the label, so names stay exact. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor (Field does it for you)
  return <label className={cn('block text-sm font-medium text-slate-800', className)} {...props} />;
}
