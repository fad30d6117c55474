import { CalendarClock, Paperclip, Siren, Users } from 'lucide-react';
import type { Announcement } from '../../../contracts/announcements';
import {
  AUDIENCE_LABELS,
  announcementPreview,
  isExpiringSoon,
  isUrgent,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { EditDeleteButtons } from '../../components/list';
import { Badge, Button } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { PriorityBadge, TypeIcon } from './announcement-ui';
import { attachmentHref } from './announcements.queries';

/**
 * One announcement as the spec lists it: type icon, title, urgent marker, 'Expiring Soon', author,
 * dates, priority, audience, the 200-character preview, attachment links, readers, Read More, and
 * edit/delete where `canChange` (the server checks again).
 */
export function AnnouncementCard({
  announcement: a,
  today,
  canChange,
  onOpen,
  onEdit,
  onDelete,
}: {
  announcement: Announcement;
  /** Today in Lusaka (YYYY-MM-DD), for 'Expiring Soon'. */
  today: string;
  canChange: boolean;
  onOpen: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const urgent = isUrgent(a);
  return (
    <article
      aria-labelledby={`announcement-${a.id}`}
      className={`rounded-xl border bg-white p-4 shadow-sm sm:p-5 ${urgent ? 'border-red-300' : 'border-slate-200'}`}
    >
      <div className="flex items-start gap-3">
        <TypeIcon type={a.type} />
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`announcement-${a.id}`} className="text-base font-semibold break-words text-slate-900">
              {a.title}
            </h2>
            {urgent && (
              <Badge tone="danger">
                <Siren aria-hidden="true" className="size-3.5" />
                Urgent
              </Badge>
            )}
            {isExpiringSoon(a.expiry_date, today) && (
              <Badge tone="warning">
                <CalendarClock aria-hidden="true" className="size-3.5" />
                Expiring Soon
              </Badge>
            )}
            <PriorityBadge priority={a.priority} />
          </div>
          <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
            <span>By {a.author_name}</span>
            <span>
              Posted <time dateTime={a.created_date}>{formatDate(a.created_date)}</time>
            </span>
            {a.expiry_date && (
              <span>
                Expires <time dateTime={a.expiry_date}>{formatDate(a.expiry_date)}</time>
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Audience: </span>
              {AUDIENCE_LABELS[a.target_audience]}
            </span>
          </p>
        </div>
        {canChange && (
          <EditDeleteButtons
            name={a.title}
            onEdit={onEdit}
            onDelete={onDelete}
            className="flex shrink-0 gap-1"
          />
        )}
      </div>

      <p className="mt-3 text-sm break-words whitespace-pre-line text-slate-700">
        {announcementPreview(a.content)}
      </p>

      {a.attachments.length > 0 && (
        <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
          {a.attachments.map((file) => (
            <li key={file.id}>
              <a
                href={attachmentHref(a.id, file.id)}
                download={file.name}
                className="inline-flex max-w-64 items-center gap-1 rounded-md bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary"
              >
                <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate">{file.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <span className="text-xs text-slate-600">{M.readBy(a.read_count)}</span>
        <Button size="sm" variant="secondary" onClick={onOpen} aria-label={`Read More: ${a.title}`}>
          Read More
        </Button>
      </div>
    </article>
  );
}
