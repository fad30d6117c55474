import {
  BookOpen,
  Clock,
  Download,
  Headphones,
  type LucideIcon,
  Mic,
  Play,
  Star,
  User,
  Video,
} from 'lucide-react';
import type { Resource } from '../../../contracts/library';
import {
  openLabel,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_TYPE_LABELS,
  type ResourceCategory,
  type ResourceType,
  wholeStars,
} from '../../../domain/library';
import {
  Badge,
  Button,
  type ButtonSize,
  buttonClasses,
  type StatTone,
  TypePicture,
  toast,
} from '../../components/ui';
import { cn } from '../../lib/cn';
import { reasonOf, useOpenResource } from './library.queries';

/** Each type's icon and colour, shared by the count cards, the cards and the placeholders. */
export const TYPE_ICONS: Record<ResourceType, LucideIcon> = {
  book: BookOpen,
  audiobook: Headphones,
  video: Video,
  podcast: Mic,
};

export const TYPE_TONES: Record<ResourceType, StatTone> = {
  book: 'sky',
  audiobook: 'violet',
  video: 'rose',
  podcast: 'amber',
};

export function TypeBadge({ type }: { type: ResourceType }) {
  return (
    <Badge tone="primary" field="Type">
      {RESOURCE_TYPE_LABELS[type]}
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: ResourceCategory }) {
  return (
    <Badge tone="neutral" field="Category">
      {RESOURCE_CATEGORY_LABELS[category]}
    </Badge>
  );
}

/** The thumbnail, or a tint of its type's colour with its icon (decorative: the title says what it is). */
export function Thumbnail({ resource, className }: { resource: Resource; className?: string }) {
  return (
    <TypePicture
      url={resource.thumbnail_url}
      icon={TYPE_ICONS[resource.type]}
      tone={TYPE_TONES[resource.type]}
      className={className}
    />
  );
}

/** '4 of 5 stars, 12 ratings' (the average floored to whole stars). */
export function starsText(resource: Pick<Resource, 'rating_average' | 'rating_count'>) {
  const stars = wholeStars(resource.rating_average);
  const count = resource.rating_count;
  return `${stars} of 5 stars, ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}

/** Five stars, the whole ones filled, and the number of ratings; read as one phrase. */
export function Stars({ resource }: { resource: Resource }) {
  const filled = wholeStars(resource.rating_average);
  return (
    <span role="img" aria-label={starsText(resource)} className="inline-flex items-center gap-1">
      <span className="inline-flex" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <Star
            key={n}
            className={cn('size-4', n <= filled ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
          />
        ))}
      </span>
      <span aria-hidden="true" className="text-xs text-slate-600">
        ({resource.rating_count})
      </span>
    </span>
  );
}

/** The author beside a person icon; `truncate` keeps a long name to the card's one line. */
export function AuthorLine({ resource, truncate }: { resource: Resource; truncate?: boolean }) {
  if (!resource.author) return null;
  return (
    <span className={cn('inline-flex items-center gap-1.5', truncate && 'min-w-0')}>
      <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">Author: </span>
      {truncate ? <span className="truncate">{resource.author}</span> : resource.author}
    </span>
  );
}

export function DurationLine({ resource }: { resource: Resource }) {
  if (!resource.duration) return null;
  return (
    <span className="inline-flex items-center gap-1.5">
      <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <span className="sr-only">Duration: </span>
      {resource.duration}
    </span>
  );
}

export function DownloadsLine({ resource }: { resource: Resource }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Download aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      {resource.downloads} {resource.downloads === 1 ? 'download' : 'downloads'}
    </span>
  );
}

/**
 * 'Read Now' (a book) or 'Play Now' (the rest): a resource with a file is shown in the app
 * (`onOpened`), where reading the file is what counts; one with only a link opens it in a new tab
 * and counts the open (POST /open; the server counts each user once a day).
 */
export function OpenButton({
  resource,
  onOpened,
  size = 'sm',
  className,
}: {
  resource: Resource;
  onOpened: (resource: Resource) => void;
  size?: ButtonSize;
  className?: string;
}) {
  const countLink = useCountLink();
  const label = openLabel(resource.type);
  const Icon = resource.type === 'book' ? BookOpen : Play;
  if (!resource.has_file && resource.url)
    return (
      <a
        href={resource.url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label}: ${resource.title}`}
        className={buttonClasses('primary', size, className)}
        onClick={() => countLink(resource.id)}
      >
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </a>
    );
  return (
    <Button
      size={size}
      className={className}
      aria-label={`${label}: ${resource.title}`}
      onClick={() => onOpened(resource)}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}

/** Counts a followed link; the link opens whatever the answer, a failure is told. */
export function useCountLink() {
  const open = useOpenResource();
  return (id: string) => open.mutate(id, { onError: (error) => toast.error(reasonOf(error)) });
}
