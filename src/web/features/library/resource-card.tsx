import type { Resource } from '../../../contracts/library';
import { GridCard, TagList } from '../../components/list';
import {
  AuthorLine,
  CategoryBadge,
  DownloadsLine,
  DurationLine,
  OpenButton,
  Stars,
  Thumbnail,
  TypeBadge,
} from './library-ui';

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
    <GridCard
      headingId={`resource-${r.id}`}
      picture={<Thumbnail resource={r} className="h-36" />}
      badges={<TypeBadge type={r.type} />}
      title={r.title}
      onOpen={() => actions.onOpen(r)}
      manage={actions.canManage && { onEdit: () => actions.onEdit(r), onDelete: () => actions.onDelete(r) }}
    >
      {r.description && <p className="line-clamp-3 text-sm break-words text-slate-700">{r.description}</p>}
      <div className="flex flex-col gap-1.5 text-sm text-slate-700">
        <AuthorLine resource={r} truncate />
        <span className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
          <DurationLine resource={r} />
          <DownloadsLine resource={r} />
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <Stars resource={r} />
          <CategoryBadge category={r.category} />
        </span>
      </div>
      <TagList tags={r.tags} most={CARD_TAGS} />
      <div className="mt-auto flex justify-end border-t border-slate-100 pt-3">
        <OpenButton resource={r} onOpened={actions.onOpen} />
      </div>
    </GridCard>
  );
}
