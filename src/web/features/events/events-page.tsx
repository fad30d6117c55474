import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Event } from '../../../contracts/events';
import {
  canManageEvent,
  canOrganiseEvents,
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  type EventType,
  EVENT_MESSAGES as M,
} from '../../../domain/events';
import { CardList, countTiles, GridListSwitch, ListScreen, type StatTile } from '../../components/list';
import { useRecordScreen } from '../../components/list/use-record-screen';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { type EventActions, EventCard } from './event-card';
import { EventDetailDialog } from './event-detail-dialog';
import { EventFormDialog } from './event-form-dialog';
import { EventTable } from './event-table';
import { TYPE_ICONS, TYPE_TONES } from './event-ui';
import { EVENT_QUERIES, reasonOf } from './events.queries';

/** Search, type, status, view, page and the event open in its details, kept in the address bar. */
const ParamsSchema = listStateSchema({
  type: filterParam(EVENT_TYPES),
  status: filterParam(EVENT_STATUSES),
  view: filterParam(['list']),
  open: z.string().max(40).default(''),
});

/** The spec's count cards: four types (each filters the list) and the total (shows every type). */
const COUNTED = ['workshop', 'seminar', 'networking', 'graduation'] as const;
const TILE_LABELS = {
  workshop: 'Workshops',
  seminar: 'Seminars',
  networking: 'Networking',
  graduation: 'Graduations',
};

type Editing = { event?: Event } | null;

/**
 * /events (docs/product.md §2): Excel Beyond Events. Everyone signed in browses and registers;
 * program officers and above create events; the organizer or an admin edits, deletes and sees who
 * registered. `?open=<id>` (the bell) opens one's details.
 */
export function EventsPage() {
  const user = useCurrentUser();
  const screen = useRecordScreen(ParamsSchema, EVENT_QUERIES, {
    noun: 'event',
    message: 'Delete this event? Registrations are removed with it.',
    deleted: M.deleted,
  });
  const { opened, deletion } = screen;
  const params = screen.list.state;
  const data = screen.query.data;
  const [editing, setEditing] = useState<Editing>(null);

  const actions: EventActions = {
    onOpen: screen.open,
    onEdit: (e) => setEditing({ event: e }),
    onDelete: deletion.ask,
    canManage: (e) => canManageEvent(user, e),
  };

  const tiles: Array<StatTile<EventType | ''>> = [
    ...countTiles(COUNTED, { labels: TILE_LABELS, icons: TYPE_ICONS, tones: TYPE_TONES }, data?.counts),
    { key: '', label: 'Total Events', icon: CalendarDays, tone: 'slate', value: data?.counts.total ?? 0 },
  ];

  return (
    <ListScreen
      {...screen.frame}
      title="Excel Beyond Events"
      description="Workshops, seminars and gatherings to register for"
      main={canOrganiseEvents(user.role) && { label: 'Create Event', onClick: () => setEditing({}) }}
      tiles={{
        label: 'Events by type',
        tiles,
        filter: 'type',
        loading: !data,
        className: 'sm:grid-cols-3 lg:grid-cols-5',
      }}
      search={{ label: 'Search events', placeholder: 'Search events...' }}
      filters={[
        { key: 'type', label: 'Type', all: 'All Types', values: EVENT_TYPES, labels: EVENT_TYPE_LABELS },
        {
          key: 'status',
          label: 'Status',
          all: 'All Status',
          values: EVENT_STATUSES,
          labels: EVENT_STATUS_LABELS,
        },
        <GridListSwitch key="viewswitch" list={screen.list} />,
      ]}
    >
      <CardList
        label="Events"
        listLabel="Event list"
        {...screen.cards}
        failure={{ title: "Couldn't load the events", message: reasonOf }}
        empty={{ icon: CalendarDays, title: M.noneFound }}
        layout="grid"
        skeletonClassName="h-80"
        itemKey={(e) => e.id}
        renderItem={(e) => <EventCard event={e} actions={actions} />}
        table={params.view === 'list' && <EventTable query={screen.query} actions={actions} />}
      />
      {opened && !editing && !deletion.deleting && (
        <EventDetailDialog
          key={opened.id}
          event={opened}
          canManage={canManageEvent(user, opened)}
          onEdit={() => setEditing({ event: opened })}
          onDelete={() => deletion.ask(opened)}
          onClose={screen.close}
        />
      )}
      {editing && (
        <EventFormDialog
          key={editing.event?.id ?? 'new'}
          event={editing.event}
          onClose={() => setEditing(null)}
        />
      )}
      {deletion.dialog}
    </ListScreen>
  );
}
