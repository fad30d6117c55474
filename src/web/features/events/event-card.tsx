import { CheckCircle2, Pencil, Trash2 } from 'lucide-react';
import type { Event } from '../../../contracts/events';
import { Badge, Button } from '../../components/ui';
import {
  AttendeesLine,
  EventImage,
  LocationLine,
  RegisterButton,
  StatusBadge,
  TypeBadge,
  WhenLine,
} from './event-ui';

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
    <article
      aria-labelledby={`event-${e.id}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative">
        <EventImage event={e} className="h-36" />
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">
          <TypeBadge type={e.type} />
          <StatusBadge status={e.status} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 id={`event-${e.id}`} className="min-w-0 flex-1 text-base font-semibold break-words">
            <button
              type="button"
              onClick={() => actions.onOpen(e)}
              className="text-left text-slate-900 hover:text-primary-active hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {e.title}
            </button>
          </h2>
          {actions.canManage(e) && (
            <div className="-mt-1 -mr-2 flex shrink-0">
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${e.title}`}
                onClick={() => actions.onEdit(e)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${e.title}`}
                onClick={() => actions.onDelete(e)}
              >
                <Trash2 aria-hidden="true" className="size-4 text-red-700" />
              </Button>
            </div>
          )}
        </div>
        <div className="flex flex-col gap-1.5 text-sm text-slate-700">
          <WhenLine event={e} />
          <LocationLine event={e} />
          <AttendeesLine event={e} />
        </div>
        {e.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {e.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
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
      </div>
    </article>
  );
}
