import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { APPROVAL_STAGE_LABELS } from '../../domain/allowance-stages';
import { formatZmw } from '../../domain/money';
import { isStaffRole } from '../../domain/roles';
import { Skeleton } from '../components/ui';
// The queries file only, not the feature's index: the top bar is on every page and the allowances
// page loads on demand.
import { useAwaitingMe } from '../features/allowances';
import { useAuth } from '../lib/session';

const EMPTY = 'Nothing is waiting for your decision.';

/**
 * The top bar's bell. For staff it polls the allowances awaiting the user's decision (or payment)
 * every 60 s and after every change, shows their count, and lists them in a popover; each opens
 * /allowances?open=<id>. Other accounts see the bell without data.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const staff = Boolean(user && isStaffRole(user.role));
  const awaiting = useAwaitingMe(staff);
  const [open, setOpen] = useState(false);
  const count = staff ? (awaiting.data?.count ?? 0) : 0;
  const items = awaiting.data?.items ?? [];
  const label = count > 0 ? `Notifications (${count} new)` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=open]:bg-slate-100"
      >
        <Bell aria-hidden="true" className="size-5" />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-4 font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-40 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Awaiting your decision</h2>
            {staff && count > 0 && <span className="text-xs text-slate-500">{count} in all</span>}
          </div>
          {!staff ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications.</p>
          ) : awaiting.isPending ? (
            <div className="space-y-3 p-4" aria-busy="true">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ) : awaiting.isError && !awaiting.data ? (
            <p className="px-4 py-6 text-center text-sm text-red-700">Couldn't load notifications.</p>
          ) : items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">{EMPTY}</p>
          ) : (
            <ul aria-label="Allowances awaiting your decision" className="max-h-[60vh] overflow-y-auto py-1">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`/allowances?open=${encodeURIComponent(item.id)}`}
                    onClick={() => setOpen(false)}
                    className="block px-4 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary"
                  >
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate text-sm font-medium text-slate-900">{item.student_name}</span>
                      <span className="shrink-0 text-sm text-slate-900 tabular-nums">
                        {formatZmw(item.total)}
                      </span>
                    </span>
                    <span className="mt-0.5 flex items-baseline justify-between gap-3 text-xs text-slate-500">
                      <span>
                        {item.month} {item.year}
                      </span>
                      <span className="shrink-0">{APPROVAL_STAGE_LABELS[item.approval_stage]}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {staff && (
            <div className="border-t border-slate-100 px-4 py-2.5 text-right">
              <Link
                to="/allowances"
                onClick={() => setOpen(false)}
                className="text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              >
                Go to Allowances
              </Link>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
