import { CheckCircle2 } from 'lucide-react';
import type { Event } from '../../../contracts/events';
import { GridCard, TagList } from '../../components/list';
import { Badge } from '../../components/ui';
import { EventFacts, EventImage, RegisterButton, StatusBadge, TypeBadge } from './event-ui';

/** How many tags a card shows; the detail dialog shows them all. */
const CARD_TAGS = 3;

export interface EventActions {
  onOpen: (event: Event) => void;
  onEdit: (event: Event) => void;
  onDelete: (event: Event) => void;
  /** The organizer or an admin: Edit and Delete (the server checks again). */
  canManage: (event: Event) => boolean;
}

/**
 * One event as the spec's grid shows it: image, type and status badges, date and time, location,
 * attendees, the first three tags and the register button. The title opens the details.
 */
export function EventCard({ event: e, actions }: { event: Event; actions: EventActions }) {
  return (
    <GridCard
      headingId={`event-${e.id}`}
      picture={<EventImage event={e} className="h-36" />}
      badges={
        <>
          <TypeBadge type={e.type} />
          <StatusBadge status={e.status} />
        </>
      }
      title={e.title}
      onOpen={() => actions.onOpen(e)}
      manage={
        actions.canManage(e) && { onEdit: () => actions.onEdit(e), onDelete: () => actions.onDelete(e) }
      }
    >
      <EventFacts event={e} />
      <TagList tags={e.tags} most={CARD_TAGS} />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        {e.registered ? (
          <Badge tone="success">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Registered
          </Badge>
        ) : (
          <span />
        )}
        <RegisterButton event={e} />
      </div>
    </GridCard>
  );
}
