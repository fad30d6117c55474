import { Paperclip, Siren, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { Announcement } from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_TYPE_LABELS,
  AUDIENCE_LABELS,
  isUrgent,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { formatFileSize } from '../../../domain/student-files';
import { Badge, DetailItem, DetailList, Dialog } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { PriorityBadge, TypeIcon } from './announcement-ui';
import { attachmentHref, useMarkRead } from './announcements.queries';

/**
 * Read More: the whole announcement. Opening it counts the reader (POST /read, once per user on
 * the server), and the count shown is the server's answer, so it moves at once.
 */
export function AnnouncementDetailDialog({
  announcement: a,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const markRead = useMarkRead();
  const sent = useRef<string | null>(null);

  // Once per opening: React's development double effects must not send it twice.
  useEffect(() => {
    if (sent.current === a.id) return;
    sent.current = a.id;
    markRead.mutate(a.id);
  }, [a.id, markRead]);

  const readCount = markRead.data?.read_count ?? a.read_count;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={a.title} size="lg">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center gap-2">
          <TypeIcon type={a.type} named={false} />
          <Badge>{ANNOUNCEMENT_TYPE_LABELS[a.type]}</Badge>
          <PriorityBadge priority={a.priority} />
          {isUrgent(a) && (
            <Badge tone="danger">
              <Siren aria-hidden="true" className="size-3.5" />
              Urgent
            </Badge>
          )}
        </div>
        <DetailList>
          <DetailItem term="Author" value={a.author_name} />
          <DetailItem term="Posted" value={formatDate(a.created_date)} />
          <DetailItem term="Expires" value={a.expiry_date ? formatDate(a.expiry_date) : 'No expiry date'} />
          <DetailItem
            term="Audience"
            value={
              <span className="inline-flex items-center gap-1">
                <Users aria-hidden="true" className="size-4" />
                {AUDIENCE_LABELS[a.target_audience]}
              </span>
            }
          />
        </DetailList>
        <div className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-800">
          {a.content}
        </div>
        {a.attachments.length > 0 && (
          <section aria-labelledby="announcement-attachments" className="space-y-2">
            <h3 id="announcement-attachments" className="text-sm font-semibold text-slate-900">
              Attachments
            </h3>
            <ul className="space-y-1">
              {a.attachments.map((file) => (
                <li key={file.id}>
                  <a
                    href={attachmentHref(a.id, file.id)}
                    download={file.name}
                    className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-active hover:underline"
                  >
                    <Paperclip aria-hidden="true" className="size-4" />
                    {file.name}
                  </a>
                  <span className="ml-2 text-xs text-slate-500">{formatFileSize(file.size)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="text-sm text-slate-600" aria-live="polite">
          {M.readBy(readCount)}
        </p>
      </div>
    </Dialog>
  );
}
