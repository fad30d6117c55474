import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';

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

/**
 * The note a record was closed with (an issue's resolution, a form's review), who wrote it and
 * when; nothing while the record is open. A writer whose account is gone is a former staff member.
 */
export function ClosingNote({
  title,
  note,
  by,
  at,
}: {
  title: string;
  note: string | null;
  by: string | null;
  at: string | null;
}) {
  if (!note) return null;
  return (
    <div className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <p className="font-medium text-emerald-900">{title}</p>
      <p className="whitespace-pre-wrap text-emerald-900">{note}</p>
      {at && (
        <p className="mt-1 text-xs text-emerald-800">
          {by ?? 'Former staff member'} · {formatDateTime(at)}
        </p>
      )}
    </div>
  );
}
