import { Eye, Star } from 'lucide-react';
import type { Story } from '../../../contracts/impact-stories';
import { formatDate } from '../../lib/format';
import { CategoryBadge } from './story-ui';

/** A story as a card: its image (if any), category, title, excerpt, student and class; opens the story. */
export function StoryCard({ story, onOpen, large }: { story: Story; onOpen: () => void; large?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* A story without an image has no image frame (issue 46): an empty one looks unfinished. */}
      {story.image_url && (
        <img
          src={story.image_url}
          alt=""
          className={large ? 'h-52 w-full object-cover' : 'h-40 w-full object-cover'}
        />
      )}
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-center justify-between gap-2">
          <CategoryBadge name={story.category.name} color={story.category.color} />
          {story.featured && (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700">
              <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
              Featured
            </span>
          )}
        </div>
        <h3 className="mt-3 text-base font-semibold text-slate-900">
          <button
            type="button"
            onClick={onOpen}
            className="text-left hover:underline focus-visible:underline"
          >
            {story.title}
          </button>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600">{story.excerpt}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-4 text-xs text-slate-500">
          <span>
            {story.student_name} · Class of {story.year}
          </span>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-3.5" />
            {story.views_count}
            <span className="sr-only"> views</span>
          </span>
        </div>
        <p className="mt-1 text-xs text-slate-500">{formatDate(story.date_posted)}</p>
      </div>
    </article>
  );
}
