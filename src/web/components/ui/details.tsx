import type { ReactNode } from 'react';

/** A record's facts in a details dialog, two columns from small screens up. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">{children}</dl>;
}

/** One fact of a `DetailList`: 'Organizer: Mary Phiri'. */
export function DetailItem({ term, value }: { term: string; value: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-500">{term}:</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
