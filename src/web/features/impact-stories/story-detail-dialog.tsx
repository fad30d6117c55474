import { ExternalLink, Eye } from 'lucide-react';
import type { Story } from '../../../contracts/impact-stories';
import { videoEmbed } from '../../../domain/impact-stories';
import { initialsOf } from '../../../domain/names';
import { Avatar, Dialog } from '../../components/ui';
import { formatLongDate } from '../../lib/format';
import { CategoryBadge } from './story-ui';

/** One story in full: category, image, the student, class, title, date, views, content and video. */
export function StoryDetailDialog({ story, onClose }: { story: Story; onClose: () => void }) {
  const embed = videoEmbed(story.video_url);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={story.title} size="xl">
      <div className="space-y-4">
        <CategoryBadge name={story.category.name} color={story.category.color} />
        {story.image_url && (
          <img src={story.image_url} alt="" className="max-h-80 w-full rounded-lg object-cover" />
        )}
        <div className="flex items-center gap-3">
          <Avatar photoUrl={story.student_photo_url} initials={initialsOf(story.student_name)} />
          <div>
            <p className="font-semibold text-slate-900">{story.student_name}</p>
            <p className="text-sm text-slate-600">
              {story.program ? `${story.program} · ` : ''}Class of {story.year}
            </p>
          </div>
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-500">
          <time dateTime={story.date_posted}>{formatLongDate(story.date_posted)}</time>
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-4" />
            {story.views_count} {story.views_count === 1 ? 'view' : 'views'}
          </span>
        </p>
        <div className="text-sm leading-relaxed whitespace-pre-line text-slate-800">{story.content}</div>
        {embed ? (
          <div className="aspect-video overflow-hidden rounded-lg bg-scrim">
            <iframe
              src={embed}
              title={`Video: ${story.title}`}
              className="size-full"
              allow="encrypted-media; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              loading="lazy"
            />
          </div>
        ) : (
          story.video_url && (
            <a
              href={story.video_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 text-sm font-medium text-emerald-700 hover:underline"
            >
              Watch the video
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          )
        )}
      </div>
    </Dialog>
  );
}
