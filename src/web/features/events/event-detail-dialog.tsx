import { CalendarPlus, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Event } from '../../../contracts/events';
import { DetailsEditDelete, TagList } from '../../components/list';
import { Badge, buttonClasses, DetailItem, DetailList, Dialog, Skeleton } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { EventFacts, EventImage, RegisterButton, StatusBadge, TypeBadge } from './event-ui';
import { attendeesCsvHref, calendarHref, reasonOf, useAttendees } from './events.queries';

/**
 * An event's details: description, requirements, tags, organizer, deadline, the register button
 * and Add to Calendar; for its organizer or an admin, Edit, Delete and who registered.
 */
export function EventDetailDialog({
  event: e,
  canManage,
  onEdit,
  onDelete,
  onClose,
}: {
  event: Event;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={e.title} size="lg">
      <div className="space-y-4">
        <EventImage event={e} className="h-40 rounded-lg" />
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={e.type} />
          <StatusBadge status={e.status} />
          {e.registered && <Badge tone="success">Registered</Badge>}
        </div>
        <EventFacts event={e} withLink />
        <DetailList>
          <DetailItem term="Organizer" value={e.organizer_name} />
          <DetailItem term="Registration deadline" value={formatDateTime(e.registration_deadline)} />
        </DetailList>
        <Section title="Description">
          <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-800">
            {e.description}
          </p>
        </Section>
        {e.requirements && (
          <Section title="Requirements">
            <p className="text-sm break-words whitespace-pre-line text-slate-800">{e.requirements}</p>
          </Section>
        )}
        <TagList tags={e.tags} />
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <RegisterButton event={e} size="md" />
          <a href={calendarHref(e.id)} download className={buttonClasses('secondary')}>
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to Calendar
          </a>
          {canManage && <DetailsEditDelete onEdit={onEdit} onDelete={onDelete} />}
        </div>
        {canManage && <AttendeeList eventId={e.id} />}
      </div>
    </Dialog>
  );
}

function AttendeeList({ eventId }: { eventId: string }) {
  const attendees = useAttendees(eventId, true);
  const items = attendees.data?.items;
  return (
    <section aria-labelledby="event-attendees" className="space-y-2 border-t border-slate-100 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="event-attendees" className="text-sm font-semibold text-slate-900">
          Attendees{items ? ` (${items.length})` : ''}
        </h3>
        <a href={attendeesCsvHref(eventId)} download className={buttonClasses('secondary', 'sm')}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
      </div>
      {attendees.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {reasonOf(attendees.error)}
        </p>
      ) : !items ? (
        <Skeleton className="h-16 w-full" />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">No one has registered yet.</p>
      ) : (
        <ul aria-label="Attendee list" className="divide-y divide-slate-100 text-sm">
          {items.map((a) => (
            <li key={a.user_id} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span>
                <span className="font-medium text-slate-900">{a.name}</span>
                {a.email && <span className="ml-2 break-all text-slate-600">{a.email}</span>}
              </span>
              <span className="text-xs text-slate-500">Registered {formatDateTime(a.registered_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
