import type { ReactNode } from 'react';
import { Badge } from '../ui';
import { EditDeleteButtons, TitleButton } from './record-buttons';

/**
 * One record of a Grid view (an event, a library resource): its picture with badges over it, the
 * title that opens its details, Edit and Delete for whoever may manage it, then the card's own lines.
 * The heading names the article, so a screen reader's list of articles reads the titles.
 */
export function GridCard({
  headingId,
  picture,
  badges,
  title,
  onOpen,
  manage,
  children,
}: {
  /** Unique on the page ('event-<id>'). */
  headingId: string;
  picture: ReactNode;
  badges: ReactNode;
  title: string;
  onOpen: () => void;
  /** Edit and Delete, or false where the user may not (the server checks again). */
  manage: { onEdit: () => void; onDelete: () => void } | false;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative">
        {picture}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1.5">{badges}</div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 id={headingId} className="min-w-0 flex-1 text-base font-semibold break-words">
            <TitleButton onClick={onOpen}>{title}</TitleButton>
          </h2>
          {manage && <EditDeleteButtons name={title} className="-mt-1 -mr-2 flex shrink-0" {...manage} />}
        </div>
        {children}
      </div>
    </article>
  );
}

/** A card's first few tags; its details show them all. */
export function TagList({ tags, most }: { tags: readonly string[]; most?: number }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.slice(0, most).map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
