import { Bell } from 'lucide-react';

/**
 * The top bar's bell. For now it shows no count; the allowances feature wires its data here
 * (e.g. the number of allowances awaiting the user's decision) and what a click opens.
 */
export function NotificationBell({ count = 0, onClick }: { count?: number; onClick?: () => void }) {
  const label = count > 0 ? `Notifications (${count} new)` : 'Notifications';
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="relative flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary"
    >
      <Bell aria-hidden="true" className="size-5" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[0.625rem] leading-4 font-semibold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
