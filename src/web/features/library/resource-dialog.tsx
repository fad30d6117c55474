import { ExternalLink, Star } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Resource } from '../../../contracts/library';
import { LIBRARY_MESSAGES as M } from '../../../domain/library';
import { DetailsEditDelete, ListError, TagList } from '../../components/list';
import { buttonClasses, Dialog, Spinner, toast } from '../../components/ui';
import { cn } from '../../lib/cn';
import { reasonOf, resourceFileHref, useRateResource, useRefreshLibrary } from './library.queries';
import {
  AuthorLine,
  CategoryBadge,
  DownloadsLine,
  DurationLine,
  Stars,
  Thumbnail,
  TypeBadge,
  useCountLink,
} from './library-ui';
import { useFileUrl } from './use-file-url';

/** How an uploaded file is shown: a PDF read in a frame, audio and video played in the page. */
function fileKind(r: Resource): 'pdf' | 'audio' | 'video' | null {
  if (!r.has_file) return null;
  const mime = r.mime_type ?? '';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  // The server did not say: go by the resource's type.
  if (r.type === 'book') return 'pdf';
  return r.type === 'video' ? 'video' : 'audio';
}

/**
 * A resource opened (Read Now / Play Now, its title, or `?open=<id>`): the book read or the
 * recording played here, or its link; its details; the caller's own stars; Edit and Delete for staff.
 */
export function ResourceDialog({
  resource: r,
  canManage,
  onEdit,
  onDelete,
  onClose,
}: {
  resource: Resource;
  canManage: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={r.title} size="xl">
      <div className="space-y-4">
        <Player resource={r} />
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={r.type} />
          <CategoryBadge category={r.category} />
          <Stars resource={r} />
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-slate-700">
          <AuthorLine resource={r} />
          <DurationLine resource={r} />
          <DownloadsLine resource={r} />
        </div>
        {r.description && (
          <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-800">
            {r.description}
          </p>
        )}
        <TagList tags={r.tags} />
        <RatingControl resource={r} />
        {canManage && (
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <DetailsEditDelete onEdit={onEdit} onDelete={onDelete} />
          </div>
        )}
      </div>
    </Dialog>
  );
}

function Player({ resource: r }: { resource: Resource }) {
  const kind = fileKind(r);
  const src = resourceFileHref(r.id);
  const countLink = useCountLink();
  // The server counted the file as it handed it over: the figures shown follow.
  const refresh = useRefreshLibrary();
  if (kind === 'pdf') return <PdfFrame path={src} title={r.title} onRead={refresh} />;
  if (kind === 'audio')
    return (
      // Nothing is fetched until played: the recording's file counts as a download.
      // biome-ignore lint/a11y/useMediaCaption: uploaded recordings come without captions
      <audio
        controls
        preload="none"
        src={src}
        aria-label={`Play ${r.title}`}
        className="w-full"
        onLoadedMetadata={refresh}
      >
        <a href={src}>Download {r.title}</a>
      </audio>
    );
  if (kind === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: uploaded videos come without captions
      <video
        controls
        preload="none"
        onLoadedMetadata={refresh}
        src={src}
        aria-label={`Play ${r.title}`}
        className="max-h-[60vh] w-full rounded-lg bg-black"
      >
        <a href={src}>Download {r.title}</a>
      </video>
    );
  if (r.url)
    return (
      <div className="flex flex-col items-start gap-2 rounded-lg bg-slate-50 p-4">
        <a
          href={r.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'md')}
          onClick={() => countLink(r.id)}
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          Open link
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <span className="text-xs break-all text-slate-600">{r.url}</span>
      </div>
    );
  return (
    <div className="flex gap-4">
      <Thumbnail resource={r} className="h-24 w-32 shrink-0 rounded-lg" />
      <p className="self-center text-sm text-slate-600">{M.noSource}</p>
    </div>
  );
}

function PdfFrame({ path, title, onRead }: { path: string; title: string; onRead: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const file = useFileUrl(path, attempt);
  const ready = file.status === 'ready';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per file read
  useEffect(() => {
    if (ready) onRead();
  }, [ready]);
  if (file.status === 'loading')
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" aria-busy="true">
        <Spinner size="sm" />
        Loading the book...
      </div>
    );
  if (file.status === 'error')
    return (
      <ListError
        title="The book could not be shown."
        message={file.message}
        onRetry={() => setAttempt((n) => n + 1)}
        retrying={false}
      />
    );
  return (
    <iframe src={file.url} title={title} className="h-[65vh] w-full rounded-md border border-slate-200" />
  );
}

/** Your rating: five radios (arrow keys move between them), each choice saved at once. */
function RatingControl({ resource: r }: { resource: Resource }) {
  const rate = useRateResource();
  const name = useId();
  const [mine, setMine] = useState<number | null>(r.my_rating);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? mine ?? 0;
  const choose = (stars: number) => {
    const before = mine;
    setMine(stars);
    rate.mutate(
      { id: r.id, stars },
      {
        onSuccess: (rating) => {
          setMine(rating.my_rating);
          toast.success(M.rated);
        },
        onError: (error) => {
          setMine(before);
          toast.error(reasonOf(error));
        },
      },
    );
  };
  return (
    <fieldset className="space-y-1 border-t border-slate-100 pt-4" aria-busy={rate.isPending || undefined}>
      <legend className="text-sm font-semibold text-slate-900">Your rating</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios do the work */}
      <div className="flex items-center gap-1" onMouseLeave={() => setHover(null)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            onMouseEnter={() => setHover(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={mine === n}
              disabled={rate.isPending}
              onChange={() => choose(n)}
              className="sr-only"
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
            <Star
              aria-hidden="true"
              className={cn('size-6', n <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600">
          {mine ? `You gave ${mine} of 5` : 'Not rated yet'}
        </span>
      </div>
    </fieldset>
  );
}
