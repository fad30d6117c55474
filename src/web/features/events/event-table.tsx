import { CalendarDays, Eye } from 'lucide-react';
import type { Event } from '../../../contracts/events';
import { EVENT_MESSAGES as M } from '../../../domain/events';
import { DataTable, type PagedQuery, tableStateOf } from '../../components/list';
import { recordRow } from '../../components/list/record-row';
import { Button } from '../../components/ui';
import type { EventActions } from './event-card';
import {
  AttendeesLine,
  EventFacts,
  EventImage,
  LocationLine,
  RegisterButton,
  StatusBadge,
  TypeBadge,
  WhenLine,
} from './event-ui';
import { reasonOf } from './events.queries';

/** The List view: Event, Date & Time, Location, Status, Attendees, Actions (cards on phones). */
export function EventTable({ query, actions }: { query: PagedQuery<Event>; actions: EventActions }) {
  const row = recordRow(actions);
  const title = row.title;
  const buttons = (e: Event) =>
    row.buttons(
      e,
      <>
        <RegisterButton event={e} />
        <Button size="sm" variant="ghost" aria-label={`View ${e.title}`} onClick={() => actions.onOpen(e)}>
          <Eye aria-hidden="true" className="size-4" />
        </Button>
      </>,
    );
  return (
    <DataTable
      label="Events"
      {...tableStateOf(query, { title: "Couldn't load the events", message: reasonOf })}
      rowKey={(e) => e.id}
      emptyIcon={CalendarDays}
      emptyTitle={M.noneFound}
      columns={[
        {
          header: 'Event',
          cell: (e) => (
            <div className="flex items-center gap-3">
              <EventImage event={e} className="size-12 shrink-0 rounded-lg [&_svg]:size-6" />
              <div className="min-w-0 space-y-1">
                {title(e)}
                <TypeBadge type={e.type} />
              </div>
            </div>
          ),
          skeletonWidth: 'w-40',
        },
        { header: 'Date & Time', cell: (e) => <WhenLine event={e} /> },
        { header: 'Location', cell: (e) => <LocationLine event={e} /> },
        { header: 'Status', cell: (e) => <StatusBadge status={e.status} /> },
        { header: 'Attendees', cell: (e) => <AttendeesLine event={e} /> },
        { header: 'Actions', cell: buttons, className: 'text-right' },
      ]}
      card={(e) => (
        <div className="space-y-2 text-sm text-slate-700">
          <div className="flex flex-wrap items-center gap-2">
            {title(e)}
            <StatusBadge status={e.status} />
          </div>
          <EventFacts event={e} className="gap-1" />
          {buttons(e)}
        </div>
      )}
    />
  );
}
