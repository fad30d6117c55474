import { Clock, Pencil, Trash2, User } from 'lucide-react';
import type { Resource } from '../../../contracts/library';
import { Badge, Button } from '../../components/ui';
import { CategoryBadge, DownloadsLine, OpenButton, Stars, Thumbnail, TypeBadge } from './library-ui';

/** How many tags a card shows; the dialog shows them all. */
const CARD_TAGS = 3;

export interface ResourceActions {
  /** Shows the resource's dialog (the title, or Read/Play Now once counted). */
  onOpen: (resource: Resource) => void;
  onEdit: (resource: Resource) => void;
  onDelete: (resource: Resource) => void;
  /** Staff: Edit and Delete (the server checks again). */
  canManage: boolean;
}

/**
 * One resource as the spec's grid shows it: thumbnail, type badge, title, description, author,
 * duration, downloads, stars, category, the first three tags and Read Now / Play Now.
 */
export function ResourceCard({ resource: r, actions }: { resource: Resource; actions: ResourceActions }) {
  return (
    <article
      aria-labelledby={`resource-${r.id}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative">
        <Thumbnail resource={r} className="h-36" />
        <div className="absolute top-2 left-2">
          <TypeBadge type={r.type} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h2 id={`resource-${r.id}`} className="min-w-0 flex-1 text-base font-semibold break-words">
            <button
              type="button"
              onClick={() => actions.onOpen(r)}
              className="text-left text-slate-900 hover:text-primary-active hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {r.title}
            </button>
          </h2>
          {actions.canManage && (
            <div className="-mt-1 -mr-2 flex shrink-0">
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Edit ${r.title}`}
                onClick={() => actions.onEdit(r)}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${r.title}`}
                onClick={() => actions.onDelete(r)}
              >
                <Trash2 aria-hidden="true" className="size-4 text-red-700" />
              </Button>
            </div>
          )}
        </div>
        {r.description && <p className="line-clamp-3 text-sm break-words text-slate-700">{r.description}</p>}
        <div className="flex flex-col gap-1.5 text-sm text-slate-700">
          {r.author && (
            <span className="inline-flex min-w-0 items-center gap-1.5">
              <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="sr-only">Author: </span>
              <span className="truncate">{r.author}</span>
            </span>
          )}
          <span className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
            {r.duration && (
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                <span className="sr-only">Duration: </span>
                {r.duration}
              </span>
            )}
            <DownloadsLine resource={r} />
          </span>
          <span className="flex flex-wrap items-center gap-2">
            <Stars resource={r} />
            <CategoryBadge category={r.category} />
          </span>
        </div>
        {r.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {r.tags.slice(0, CARD_TAGS).map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex justify-end border-t border-slate-100 pt-3">
          <OpenButton resource={r} onOpened={actions.onOpen} />
        </div>
      </div>
    </article>
  );
}
