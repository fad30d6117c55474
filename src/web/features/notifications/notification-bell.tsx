import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NotificationGroup } from '../../../contracts/notifications';
import { Checkbox, Skeleton, toast } from '../../components/ui';
import { useNotifications, useSetEmailDigest, useSetSmsDigest } from './notifications.queries';

export const NOTHING_WAITING = 'Nothing is waiting for you.';
export const DIGEST_LABEL = 'Email me a daily summary';

const itemLinkClasses =
  'block px-4 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';

/**
 * The top bar's bell (docs/product.md D16): the count of everything waiting for the user, and a
 * popover listing it by area, each item opening its record. It asks the server every 30 s while
 * the page is on screen, and after any change the user makes.
 */
export function NotificationBell() {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const count = notifications.data?.count ?? 0;
  const badge = count > 99 ? '99+' : String(count);
  // The name holds the badge's own words ('99+', not 115), so speech control finds the bell by
  // what is on screen; the exact count heads the open list. No brackets around it: axe-core 4.14
  // reads "(15" as a word that is not "15" (label-content-name-mismatch).
  const label = count > 0 ? `Notifications, ${badge} waiting` : 'Notifications';
  const close = () => setOpen(false);

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
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          // Opened, the keyboard starts on the first waiting item (Radix would skip links).
          onOpenAutoFocus={(event) => {
            const first = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
              '[data-waiting-item]',
            );
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          className="z-40 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            {count > 0 && <span className="text-xs text-slate-500">{count} waiting</span>}
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            {notifications.isPending ? (
              <div className="space-y-3 p-4" aria-busy="true">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
              </div>
            ) : notifications.isError && !notifications.data ? (
              <p role="alert" className="px-4 py-6 text-center text-sm text-red-700">
                Couldn't load notifications.
              </p>
            ) : notifications.data.groups.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500">{NOTHING_WAITING}</p>
            ) : (
              notifications.data.groups.map((group) => (
                <WaitingGroup key={group.area} group={group} onOpen={close} />
              ))
            )}
          </div>
          {notifications.data && <DigestSwitch on={notifications.data.email_digest} />}
          {notifications.data?.sms_digest_available && <SmsDigestSwitch on={notifications.data.sms_digest} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** One area's waiting items, newest first, with a link to the whole area when there are more. */
function WaitingGroup({ group, onOpen }: { group: NotificationGroup; onOpen: () => void }) {
  const headingId = `notifications-${group.area}`;
  return (
    <section aria-labelledby={headingId} className="border-b border-slate-100 py-1 last:border-b-0">
      <div className="flex items-baseline justify-between gap-3 px-4 pt-2 pb-1">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {group.label} ({group.count})
        </h3>
        <Link
          to={`/${group.area}`}
          onClick={onOpen}
          className="shrink-0 text-xs font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          View all
        </Link>
      </div>
      <ul aria-labelledby={headingId}>
        {group.items.map((item) => (
          <li key={item.id}>
            <Link to={item.href} onClick={onOpen} className={itemLinkClasses} data-waiting-item>
              <span className="block truncate text-sm font-medium text-slate-900">{item.title}</span>
              <span className="mt-0.5 block truncate text-xs text-slate-500">{item.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
      {group.count > group.items.length && (
        <p className="px-4 pt-1 pb-2 text-xs text-slate-500">and {group.count - group.items.length} more</p>
      )}
    </section>
  );
}

/** The user's daily email of what waits for them, on or off. */
function DigestSwitch({ on }: { on: boolean }) {
  const setDigest = useSetEmailDigest();
  return (
    <div className="border-t border-slate-100 px-4 py-3">
      <Checkbox
        label={DIGEST_LABEL}
        checked={setDigest.isPending ? setDigest.variables : on}
        disabled={setDigest.isPending}
        onChange={(e) =>
          setDigest.mutate(e.target.checked, {
            onSuccess: ({ email_digest }) =>
              toast.success(email_digest ? 'Daily summary turned on.' : 'Daily summary turned off.'),
            onError: () => toast.error("Couldn't change the daily summary. Try again."),
          })
        }
      />
    </div>
  );
}

export const SMS_DIGEST_LABEL = 'Text me each morning what waits for me';

/** The staff member's morning text message of what waits for them, on or off (when SMS is on). */
function SmsDigestSwitch({ on }: { on: boolean }) {
  const setDigest = useSetSmsDigest();
  return (
    <div className="border-t border-slate-100 px-4 py-3">
      <Checkbox
        label={SMS_DIGEST_LABEL}
        checked={setDigest.isPending ? setDigest.variables : on}
        disabled={setDigest.isPending}
        onChange={(e) =>
          setDigest.mutate(e.target.checked, {
            onSuccess: ({ sms_digest }) =>
              toast.success(sms_digest ? 'Daily text message turned on.' : 'Daily text message turned off.'),
            onError: () => toast.error("Couldn't change the daily text message. Try again."),
          })
        }
      />
    </div>
  );
}
