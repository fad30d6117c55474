import { BookHeart, Check, CheckCircle2, Clock, Plus, Star, Tags } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import type { Story } from '../../../contracts/impact-stories';
import { STORY_FAILURES as F, STORY_MESSAGES as M } from '../../../domain/impact-stories';
import { DataTable, DeleteButton, EditButton, QueryPager, tableStateOf } from '../../components/list';
import { Badge, Button, Card, DeleteConfirmDialog, PageHeader, StatCard, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { filterParam, listStateSchema } from '../../lib/list-state';
import { useUrlListState } from '../../lib/use-url-list-state';
import { CategoriesDialog } from './categories-dialog';
import {
  useApproveStory,
  useDeleteStory,
  useFeatureStory,
  useManagedStories,
} from './impact-stories.queries';
import { StoryFormDialog } from './story-form-dialog';
import { CategoryBadge, NETWORK } from './story-ui';

/** The figures over every story, in the spec's order. */
const FIGURES = [
  ['total', 'Total Stories', BookHeart, 'sky'],
  ['approved', 'Approved', CheckCircle2, 'emerald'],
  ['pending', 'Pending Review', Clock, 'amber'],
  ['featured', 'Featured', Star, 'violet'],
] as const;

const ParamsSchema = listStateSchema({
  status: filterParam(['approved', 'pending']),
  open: z.string().max(40).default(''),
});

type Editing = { mode: 'add' } | { mode: 'edit'; story: Story } | null;

/**
 * /impact-stories-admin: Impact Stories Management (docs/product.md §2; deputy managers and
 * admins): the four cards, All / Approved / Pending with counts, Add Story, the table with approve,
 * feature, edit and delete, and the categories.
 */
export function StoriesAdminPage() {
  const { state: params, update } = useUrlListState(ParamsSchema);
  const stories = useManagedStories({ status: params.status || 'all', page: params.page });
  const approve = useApproveStory();
  const feature = useFeatureStory();
  const remove = useDeleteStory();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Story | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const counts = stories.data?.counts;
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: errorMessage(error, { failed: F.other, network: NETWORK }) });
  // The bell's link opens the story it names.
  const linked = stories.data?.items.find((s) => s.id === params.open);
  const editingStory = editing ?? (linked ? { mode: 'edit' as const, story: linked } : null);
  const closeEditor = () => {
    setEditing(null);
    if (params.open) update({ open: '', page: params.page });
  };

  const actions = (story: Story) => (
    <div className="flex flex-wrap justify-end gap-1">
      {!story.approved && (
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Approve ${story.title}`}
          onClick={() =>
            approve.mutate(
              { id: story.id, approved: true },
              { onSuccess: () => toast.success('Story approved.'), onError: failed(F.approve) },
            )
          }
        >
          <Check aria-hidden="true" className="size-4 text-emerald-700" />
          Approve
        </Button>
      )}
      {story.approved && (
        <Button
          size="sm"
          variant="ghost"
          title={story.featured ? M.removeFeatured : M.makeFeatured}
          aria-label={`${story.featured ? M.removeFeatured : M.makeFeatured}: ${story.title}`}
          aria-pressed={story.featured}
          onClick={() =>
            feature.mutate(
              { id: story.id, featured: !story.featured },
              {
                onSuccess: () => toast.success(story.featured ? 'Removed from featured.' : 'Story featured.'),
                onError: failed(F.update),
              },
            )
          }
        >
          <Star
            aria-hidden="true"
            className={cn('size-4', story.featured ? 'fill-amber-400 text-amber-500' : 'text-slate-500')}
          />
        </Button>
      )}
      <EditButton name={story.title} onClick={() => setEditing({ mode: 'edit', story })} worded />
      <DeleteButton name={story.title} onClick={() => setDeleting(story)} worded />
    </div>
  );

  const filters = [
    ['', 'All', counts?.total],
    ['approved', 'Approved', counts?.approved],
    ['pending', 'Pending', counts?.pending],
  ] as const;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Impact Stories Management"
        actions={
          <>
            <Button variant="secondary" onClick={() => setCategoriesOpen(true)}>
              <Tags aria-hidden="true" className="size-4" />
              Categories
            </Button>
            <Button onClick={() => setEditing({ mode: 'add' })}>
              <Plus aria-hidden="true" className="size-4" />
              Add Story
            </Button>
          </>
        }
      />
      <section aria-label="Story figures" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {FIGURES.map(([key, label, icon, tone]) => (
          <StatCard
            key={key}
            label={label}
            value={counts?.[key] ?? 0}
            icon={icon}
            tone={tone}
            loading={!counts}
          />
        ))}
      </section>

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {filters.map(([status, label, n]) => (
          <Button
            key={label}
            size="sm"
            variant={params.status === status ? 'primary' : 'secondary'}
            aria-pressed={params.status === status}
            onClick={() => update({ status })}
          >
            {label} ({n ?? '…'})
          </Button>
        ))}
      </fieldset>

      <Card>
        <DataTable
          label="Stories"
          {...tableStateOf(stories, {
            title: "Couldn't load the stories",
            message: (error) =>
              errorMessage(error, { failed: 'The server could not answer.', network: NETWORK }),
          })}
          rowKey={(s) => s.id}
          emptyIcon={BookHeart}
          emptyTitle='No stories yet. Click "Add Story" to tell the first one.'
          emptyFilteredTitle={M.noStories}
          filtered={params.status !== ''}
          columns={[
            {
              header: 'Story',
              cell: (s) => (
                <div className="flex items-center gap-3">
                  {s.image_url ? (
                    <img src={s.image_url} alt="" className="size-10 shrink-0 rounded object-cover" />
                  ) : (
                    <span aria-hidden="true" className="size-10 shrink-0 rounded bg-emerald-50" />
                  )}
                  <div className="min-w-0">
                    <p className="flex items-center gap-1 font-medium text-slate-900">
                      {s.title}
                      {s.featured && (
                        <Star
                          aria-label="Featured"
                          className="size-4 shrink-0 fill-amber-400 text-amber-500"
                        />
                      )}
                    </p>
                    <p className="text-xs text-slate-500">{s.year}</p>
                  </div>
                </div>
              ),
            },
            {
              header: 'Category',
              cell: (s) => <CategoryBadge name={s.category.name} color={s.category.color} />,
            },
            { header: 'Student', cell: (s) => s.student_name },
            {
              header: 'Status',
              cell: (s) => (
                <Badge tone={s.approved ? 'success' : 'warning'}>{s.approved ? 'Approved' : 'Pending'}</Badge>
              ),
            },
            { header: 'Views', cell: (s) => s.views_count, className: 'text-right' },
            { header: <span className="sr-only">Actions</span>, cell: actions, className: 'text-right' },
          ]}
          card={(s) => (
            <div className="space-y-2">
              <p className="font-medium text-slate-900">{s.title}</p>
              <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <CategoryBadge name={s.category.name} color={s.category.color} />
                <Badge tone={s.approved ? 'success' : 'warning'}>{s.approved ? 'Approved' : 'Pending'}</Badge>
                <span>
                  {s.student_name} · {s.views_count} views
                </span>
              </div>
              {actions(s)}
            </div>
          )}
        />
        <QueryPager query={stories} onPage={(page) => update({ page })} />
      </Card>

      {editingStory && (
        <StoryFormDialog
          key={editingStory.mode === 'edit' ? editingStory.story.id : 'add'}
          story={editingStory.mode === 'edit' ? editingStory.story : undefined}
          onClose={closeEditor}
        />
      )}
      {categoriesOpen && <CategoriesDialog onClose={() => setCategoriesOpen(false)} />}
      <DeleteConfirmDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete story"
        message={M.deleteConfirm}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Story deleted.'),
            onError: failed(F.delete),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
