import { LayoutGrid, ListTree, Sparkles } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import type { Story } from '../../../contracts/impact-stories';
import { STORY_MESSAGES as M } from '../../../domain/impact-stories';
import { ListError, ListSearchBox, QueryPager } from '../../components/list';
import { Card, EmptyState, HiddenLabelSelect, Skeleton } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { useCountView, useStories, useStory, useStoryCategories } from './impact-stories.queries';
import { StoryCard } from './story-card';
import { StoryDetailDialog } from './story-detail-dialog';
import { StoryTimeline } from './story-timeline';
import { COLOR_CLASSES, NETWORK } from './story-ui';

/** Search, category, view, page and the open story, kept in the address bar. */
const StoriesParamsSchema = listStateSchema({
  category: z.string().max(40).default(''),
  view: filterParam(['timeline']),
  open: z.string().max(40).default(''),
});

/**
 * /impact-stories: Impact Stories (docs/product.md §2), what every signed-in user reads: the hero,
 * Featured Stories, search, the category dropdown and chips, Grid and Timeline, and a story's
 * details (opening one counts a view).
 */
export function StoriesPage() {
  const { state: params, update } = useUrlListState(StoriesParamsSchema);
  const stories = useStories(params);
  const categories = useStoryCategories();
  const countView = useCountView();
  const data = stories.data;
  const listed = [...(data?.featured ?? []), ...(data?.items ?? [])].find((s) => s.id === params.open);
  const fetched = useStory(params.open, data !== undefined && !listed);
  const opened: Story | undefined = listed ?? fetched.data;
  const counted = useRef<string | null>(null);

  // One view per opening; the server counts one per user per day whatever is sent.
  useEffect(() => {
    if (!params.open || counted.current === params.open) return;
    counted.current = params.open;
    countView.mutate(params.open);
  }, [params.open, countView]);

  const open = (story: Story) => update({ open: story.id, page: params.page });
  const close = () => {
    counted.current = null;
    update({ open: '', page: params.page });
  };
  // Until the stories and their categories are first here, one placeholder below the hero: the
  // featured stories and the category chips, arriving above the list, would otherwise push it down
  // the screen (issue 47: a layout shift of 0.4 on a phone).
  const firstLoad = (!data && !stories.isError) || categories.isPending;
  const chooseCategory = (id: string) => update({ category: params.category === id ? '' : id });

  return (
    <div className="space-y-8">
      <section className="keep-light-palette rounded-2xl bg-gradient-to-r from-emerald-800 to-emerald-600 px-6 py-10 text-white sm:px-10">
        <h1 className="text-3xl font-bold sm:text-4xl">{M.hero}</h1>
        <p className="mt-3 max-w-2xl text-emerald-50">
          Our scholars come from communities across Zambia. These are their journeys: the classes they
          finished, the careers they started and the neighbourhoods they changed, told in their own words.
        </p>
      </section>

      {firstLoad && (
        <div aria-busy="true" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      )}

      {!firstLoad && data && data.featured.length > 0 && (
        <section aria-labelledby="featured-stories" className="space-y-3">
          <h2 id="featured-stories" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Sparkles aria-hidden="true" className="size-5 text-amber-500" />
            Featured Stories
          </h2>
          <ul aria-label="Featured Stories" className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {data.featured.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} large onOpen={() => open(story)} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Find stories" hidden={firstLoad} className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ListSearchBox
            className="min-w-0 flex-1"
            label="Search stories"
            placeholder={M.searchPlaceholder}
            list={{ state: params, update }}
          />
          <HiddenLabelSelect
            label="Category"
            boxClassName="sm:w-56"
            id="story-category"
            value={params.category}
            onChange={(e) => update({ category: e.target.value })}
            options={[
              { value: '', label: 'All Categories' },
              ...(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <fieldset className="flex rounded-lg border border-slate-300 bg-white p-0.5">
            <legend className="sr-only">View</legend>
            {(
              [
                ['', 'Grid', LayoutGrid],
                ['timeline', 'Timeline', ListTree],
              ] as const
            ).map(([view, label, Icon]) => (
              <button
                key={label}
                type="button"
                aria-pressed={params.view === view}
                onClick={() => update({ view, page: params.page })}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
                  params.view === view ? 'bg-emerald-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ))}
          </fieldset>
        </div>
        {categories.data && categories.data.items.length > 0 && (
          <ul aria-label="Categories" className="flex flex-wrap gap-2">
            {categories.data.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  aria-pressed={params.category === c.id}
                  onClick={() => chooseCategory(c.id)}
                  className={cn(
                    'rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset',
                    params.category === c.id ? COLOR_CLASSES[c.color].active : COLOR_CLASSES[c.color].chip,
                  )}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-label="Stories"
        aria-busy={stories.isFetching || undefined}
        hidden={firstLoad}
        className="space-y-4"
      >
        {stories.isError && !data ? (
          <Card>
            <ListError
              title="Couldn't load the stories"
              message={errorMessage(stories.error, {
                failed: 'The server could not answer.',
                network: NETWORK,
              })}
              onRetry={() => void stories.refetch()}
              retrying={stories.isFetching}
            />
          </Card>
        ) : !data ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-72 w-full rounded-xl" />
            ))}
          </div>
        ) : data.items.length === 0 ? (
          <Card>
            <EmptyState title={M.noStories} />
          </Card>
        ) : params.view === 'timeline' ? (
          <StoryTimeline stories={data.items} onOpen={open} />
        ) : (
          <ul aria-label="All stories" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {data.items.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} onOpen={() => open(story)} />
              </li>
            ))}
          </ul>
        )}
        <QueryPager query={stories} onPage={(page) => update({ page })} />
      </section>

      {opened && <StoryDetailDialog story={opened} onClose={close} />}
    </div>
  );
}
