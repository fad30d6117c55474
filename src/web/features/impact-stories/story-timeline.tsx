import type { Story } from '../../../contracts/impact-stories';
import { formatLongDate } from '../../lib/format';
import { CategoryBadge } from './story-ui';

/** The stories by the date they were posted, newest first, grouped by year. */
export function StoryTimeline({ stories, onOpen }: { stories: Story[]; onOpen: (story: Story) => void }) {
  const years = [...new Set(stories.map((s) => s.date_posted.slice(0, 4)))];
  return (
    <div className="space-y-8">
      {years.map((year) => (
        <section key={year} aria-label={`Posted in ${year}`}>
          <h3 className="mb-3 text-sm font-semibold tracking-wide text-slate-500">{year}</h3>
          <ol className="relative space-y-6 border-l-2 border-emerald-200 pl-6">
            {stories
              .filter((s) => s.date_posted.startsWith(year))
              .map((story) => (
                <li key={story.id} className="relative">
                  <span
                    aria-hidden="true"
                    className="absolute top-1.5 -left-[31px] size-3 rounded-full border-2 border-white bg-emerald-600 ring-2 ring-emerald-200"
                  />
                  <time dateTime={story.date_posted} className="text-xs font-medium text-emerald-700">
                    {formatLongDate(story.date_posted)}
                  </time>
                  <div className="mt-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <CategoryBadge name={story.category.name} color={story.category.color} />
                    <h4 className="mt-2 font-semibold text-slate-900">
                      <button
                        type="button"
                        className="text-left hover:underline"
                        onClick={() => onOpen(story)}
                      >
                        {story.title}
                      </button>
                    </h4>
                    <p className="mt-1 text-sm text-slate-600">{story.excerpt}</p>
                    <p className="mt-2 text-xs text-slate-500">
                      {story.student_name} · Class of {story.year}
                    </p>
                  </div>
                </li>
              ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
