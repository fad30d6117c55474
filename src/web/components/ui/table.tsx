import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A data table that scrolls sideways on small screens. Use with THead/TBody/TR/TH/TD. */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="w-full overflow-x-auto">
      <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
    </div>
  );
}

/** Table head: grey, small caps-ish labels. */
export function THead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn('bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase', className)}
      {...props}
    />
  );
}

/** Table body with row dividers. */
export function TBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100', className)} {...props} />;
}

/** A row; hover highlight. */
export function TR({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-slate-50/70', className)} {...props} />;
}

/** A header cell (scope="col" by default). */
export function TH({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 whitespace-nowrap', className)} {...props} />;
}

/** A body cell. */
export function TD({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...props} />;
}
