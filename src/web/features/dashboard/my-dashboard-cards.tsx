import { BookOpen, CalendarDays, GraduationCap, type LucideIcon, Megaphone, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyDashboardResponse } from '../../../contracts/dashboard';
import { ANNOUNCEMENT_TYPE_LABELS } from '../../../domain/announcements';
import { EVENT_TYPE_LABELS } from '../../../domain/events';
import { ENTRY_STATUS_LABELS } from '../../../domain/yearbook';
import { Badge, Card, CardBody, CardHeader } from '../../components/ui';
import { formatDate, formatMoney } from '../../lib/format';

/*
 * The cards of 'Your Academic Progress' (docs/product.md §2 Dashboard): what was paid to the
 * student, their yearbook entries, and for every account the events to come and the latest
 * announcements. Each links to its own screen.
 */

const seeAll = (to: string, text: string) => (
  <Link to={to} className="text-sm font-medium text-primary hover:underline">
    {text}
  </Link>
);

/** One dashboard card: a short list of the student's own rows, or a sentence saying there are none. */
function DashboardListCard<T>({
  header,
  items,
  empty,
  renderItem,
}: {
  header: ReactNode;
  items: readonly T[];
  empty: { icon: LucideIcon; text: string };
  /** Each row as a keyed <li>. */
  renderItem: (item: T) => ReactNode;
}) {
  const EmptyIcon = empty.icon;
  return (
    <Card>
      {header}
      <CardBody>
        {items.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <EmptyIcon aria-hidden="true" className="size-4" /> {empty.text}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">{items.map(renderItem)}</ul>
        )}
      </CardBody>
    </Card>
  );
}

export function PaidAllowancesCard({ allowances }: { allowances: MyDashboardResponse['allowances'] }) {
  const total = allowances.reduce((sum, a) => sum + Math.round(Number(a.total) * 100), 0);
  return (
    <DashboardListCard
      header={
        <CardHeader
          title="Allowances paid to you"
          description={
            allowances.length > 0
              ? `The latest months, newest first: ${formatMoney((total / 100).toFixed(2))} in all`
              : undefined
          }
        />
      }
      items={allowances}
      empty={{ icon: Wallet, text: 'No allowance has been paid to you yet.' }}
      renderItem={(a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
          <span className="flex items-center gap-2 font-medium text-slate-900">
            <GraduationCap aria-hidden="true" className="size-4 text-slate-500" />
            {a.month} {a.year}
          </span>
          <span className="flex items-center gap-3">
            <span className="tabular-nums text-slate-900">{formatMoney(a.total)}</span>
            <Badge tone="success">Paid{a.paid_date ? ` on ${formatDate(a.paid_date)}` : ''}</Badge>
          </span>
        </li>
      )}
    />
  );
}

const ENTRY_TONES = { approved: 'success', pending: 'warning', rejected: 'danger' } as const;

export function YearbookEntryCard({ entries }: { entries: MyDashboardResponse['yearbook_entries'] }) {
  return (
    <DashboardListCard
      header={<CardHeader title="Your yearbook entry" actions={seeAll('/yearbook', 'Open the yearbook')} />}
      items={entries}
      empty={{ icon: BookOpen, text: 'You have no yearbook entry yet.' }}
      renderItem={(e) => (
        <li key={e.id} className="space-y-1 py-2.5 text-sm first:pt-0 last:pb-0">
          <p className="flex flex-wrap items-center justify-between gap-2">
            {e.yearbook_published ? (
              <Link
                to={`/yearbook?year=${e.yearbook_year}&tab=submit`}
                className="font-medium text-primary hover:underline"
              >
                Class of {e.yearbook_year}: {e.yearbook_title}
              </Link>
            ) : (
              <span className="font-medium text-slate-900">
                Class of {e.yearbook_year}{' '}
                <span className="font-normal text-slate-600">(the yearbook is not published yet)</span>
              </span>
            )}
            <Badge tone={ENTRY_TONES[e.status]}>{ENTRY_STATUS_LABELS[e.status]}</Badge>
          </p>
          {e.quote && <p className="text-slate-600 italic">“{e.quote}”</p>}
        </li>
      )}
    />
  );
}

export function UpcomingEventsCard({ events }: { events: MyDashboardResponse['events'] }) {
  return (
    <DashboardListCard
      header={<CardHeader title="Upcoming events" actions={seeAll('/events', 'All events')} />}
      items={events}
      empty={{ icon: CalendarDays, text: 'No events are coming up.' }}
      renderItem={(e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
          <span className="min-w-0">
            <Link to={`/events?open=${e.id}`} className="font-medium text-primary hover:underline">
              {e.title}
            </Link>
            <span className="block text-slate-600">
              {formatDate(e.date)} {e.time} · {e.is_virtual ? 'Virtual' : (e.location ?? '')}
            </span>
          </span>
          <span className="flex items-center gap-2">
            <Badge tone="info">{EVENT_TYPE_LABELS[e.type]}</Badge>
            {e.registered && <Badge tone="success">Registered</Badge>}
          </span>
        </li>
      )}
    />
  );
}

export function LatestAnnouncementsCard({
  announcements,
}: {
  announcements: MyDashboardResponse['announcements'];
}) {
  return (
    <DashboardListCard
      header={
        <CardHeader title="Latest announcements" actions={seeAll('/announcements', 'All announcements')} />
      }
      items={announcements}
      empty={{ icon: Megaphone, text: 'No announcements for you right now.' }}
      renderItem={(a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm">
          <span className="min-w-0">
            <Link to={`/announcements?open=${a.id}`} className="font-medium text-primary hover:underline">
              {a.title}
            </Link>
            <span className="block text-slate-600">
              {a.author_name} · {formatDate(a.created_date)}
            </span>
          </span>
          <Badge tone={a.type === 'urgent' || a.priority === 'urgent' ? 'danger' : 'neutral'}>
            {ANNOUNCEMENT_TYPE_LABELS[a.type]}
          </Badge>
        </li>
      )}
    />
  );
}
