import type { DashboardResponse } from '../../../contracts/dashboard';
import { EmptyState } from '../../components/ui';
import { formatDateTime } from '../../lib/format';

/** The latest things people did, newest first. */
export function RecentActivity({ items }: { items: DashboardResponse['recent_activity'] }) {
  if (items.length === 0) return <EmptyState title="No recent activity yet" />;
  return (
    <ul className="divide-y divide-slate-100">
      {items.slice(0, 8).map((item) => (
        <li key={item.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-xs font-semibold text-emerald-800"
          >
            {item.actor_name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          <div className="min-w-0">
            <p className="text-sm text-slate-800">{item.summary}</p>
            <p className="mt-0.5 text-xs text-slate-500">
              {item.actor_name} · <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
