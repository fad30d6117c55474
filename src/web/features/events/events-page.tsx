import { CalendarDays, LayoutGrid, List, Plus } from 'lucide-react';
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
  type EventStatus,
  type EventType,
  EVENT_MESSAGES as M,
} from '../../../domain/events';
import { choiceOptions } from '../../components/forms';
import { ListError, QueryPager, SearchBox, type StatTile, StatTiles } from '../../components/list';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  Select,
  Skeleton,
  toast,
} from '../../components/ui';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useCurrentUser } from '../../lib/session';
import { useKeepPageInRange, useUrlListState } from '../../lib/use-url-list-state';
import { type EventActions, EventCard } from './event-card';
import { EventDetailDialog } from './event-detail-dialog';
import { EventFormDialog } from './event-form-dialog';
import { EventTable } from './event-table';
import { TYPE_ICONS, TYPE_TONES } from './event-ui';
import { EVENTS_PAGE_SIZE, listQuery, reasonOf, useDeleteEvent, useEvent, useEvents } from './events.queries';

/** Search, type, status, view, page and the event open in its details, kept in the address bar. */
const ParamsSchema = listStateSchema({
  type: filterParam(EVENT_TYPES),
  status: filterParam(EVENT_STATUSES),
  view: filterParam(['list']),
  open: z.string().max(40).default(''),
});

/** The spec's count cards: four types (each filters the list) and the total (shows every type). */
const COUNTED = [
  ['workshop', 'Workshops'],
  ['seminar', 'Seminars'],
  ['networking', 'Networking'],
  ['graduation', 'Graduations'],
] as const;

type Editing = { event?: Event } | null;

/**
 * /events (docs/product.md §2): Excel Beyond Events. Everyone signed in browses and registers;
 * program officers and above create events; the organizer or an admin edits, deletes and sees who
 * registered. `?open=<id>` (the bell) opens one's details.
 */
export function EventsPage() {
  const user = useCurrentUser();
  const { state: params, update } = useUrlListState(ParamsSchema);
  const list = useEvents(listQuery(params));
  const data = list.data;
  const listed = data?.items.find((e) => e.id === params.open);
  const fetched = useEvent(params.open, data !== undefined && !listed);
  const opened = listed ?? fetched.data;
  const remove = useDeleteEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Event | null>(null);
  useKeepPageInRange(params.page, EVENTS_PAGE_SIZE, data, (page) => update({ page }));

  const close = () => update({ open: '', page: params.page });
  const actions: EventActions = {
    onOpen: (e) => update({ open: e.id, page: params.page }),
    onEdit: (e) => setEditing({ event: e }),
    onDelete: (e) => setDeleting(e),
    canManage: (e) => canManageEvent(user, e),
  };

  const tiles: Array<StatTile<EventType | ''>> = [
    ...COUNTED.map(([type, label]) => ({
      key: type,
      label,
      icon: TYPE_ICONS[type],
      tone: TYPE_TONES[type],
      value: data?.counts[type] ?? 0,
    })),
    { key: '', label: 'Total Events', icon: CalendarDays, tone: 'slate', value: data?.counts.total ?? 0 },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Excel Beyond Events"
        description="Workshops, seminars and gatherings to register for"
        actions={
          canOrganiseEvents(user.role) && (
            <Button onClick={() => setEditing({})}>
              <Plus aria-hidden="true" className="size-4" />
              Create Event
            </Button>
          )
        }
      />
      <StatTiles
        label="Events by type"
        tiles={tiles}
        selected={params.type}
        onSelect={(type) => update({ type: params.type === type ? '' : type })}
        loading={!data}
        className="sm:grid-cols-3 lg:grid-cols-5"
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchBox
          label="Search events"
          placeholder="Search events..."
          value={params.q}
          onCommit={(q) => update({ q })}
          className="min-w-0 flex-1 sm:min-w-56"
        />
        <Select
          aria-label="Type"
          value={params.type}
          onChange={(e) => update({ type: e.target.value as EventType | '' })}
          options={[{ value: '', label: 'All Types' }, ...choiceOptions(EVENT_TYPES, EVENT_TYPE_LABELS)]}
        />
        <Select
          aria-label="Status"
          value={params.status}
          onChange={(e) => update({ status: e.target.value as EventStatus | '' })}
          options={[
            { value: '', label: 'All Status' },
            ...choiceOptions(EVENT_STATUSES, EVENT_STATUS_LABELS),
          ]}
        />
        <fieldset className="flex self-start rounded-lg border border-slate-300 p-0.5 sm:self-auto">
          <legend className="sr-only">View</legend>
          {(
            [
              ['', 'Grid', LayoutGrid],
              ['list', 'List', List],
            ] as const
          ).map(([view, label, Icon]) => (
            <Button
              key={label}
              size="sm"
              variant={params.view === view ? 'primary' : 'ghost'}
              aria-pressed={params.view === view}
              onClick={() => update({ view, page: params.page })}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
        </fieldset>
      </div>

      <section aria-label="Events" aria-busy={list.isFetching || undefined} className="space-y-4">
        {params.view === 'list' ? (
          <Card>
            <EventTable query={list} actions={actions} />
          </Card>
        ) : list.isError && !data ? (
          <Card>
            <ListError
              title="Couldn't load the events"
              message={reasonOf(list.error)}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          </Card>
        ) : !data ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-80 w-full rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card>
            <EmptyState icon={CalendarDays} title={M.noneFound} />
          </Card>
        ) : (
          <ul
            aria-label="Event list"
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((e) => (
              <li key={e.id}>
                <EventCard event={e} actions={actions} />
              </li>
            ))}
          </ul>
        )}
        {data && data.total > 0 && (
          <Card>
            <QueryPager query={list} onPage={(page) => update({ page })} />
          </Card>
        )}
      </section>

      {opened && !editing && !deleting && (
        <EventDetailDialog
          key={opened.id}
          event={opened}
          canManage={canManageEvent(user, opened)}
          onEdit={() => setEditing({ event: opened })}
          onDelete={() => setDeleting(opened)}
          onClose={close}
        />
      )}
      {fetched.isError && params.open && (
        <p role="alert" className="text-sm text-red-700">
          {reasonOf(fetched.error)}
        </p>
      )}
      {editing && (
        <EventFormDialog
          key={editing.event?.id ?? 'new'}
          event={editing.event}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && !remove.isPending && setDeleting(null)}
        title="Delete event"
        message="Delete this event? Registrations are removed with it."
        confirmLabel="Delete"
        variant="danger"
        busy={remove.isPending}
        busyLabel="Deleting..."
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(M.deleted);
              if (params.open === deleting.id) close();
            },
            onError: (error) => toast.error('Failed to delete event', { description: reasonOf(error) }),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
