import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { type StoryCategory, StoryCategoryInputSchema } from '../../../contracts/impact-stories';
import { STORY_FAILURES as F, STORY_COLORS } from '../../../domain/impact-stories';
import { plural } from '../../../domain/plural';
import { formProblems } from '../../components/forms';
import { Alert, Button, ConfirmDialog, Dialog, Input, Select, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { useDeleteCategory, useSaveCategory, useStoryCategories } from './impact-stories.queries';
import { CategoryBadge, NETWORK } from './story-ui';

const COLOR_OPTIONS = STORY_COLORS.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }));

/** Story categories: add one, rename or recolour one, remove one no story uses. */
export function CategoriesDialog({ onClose }: { onClose: () => void }) {
  const categories = useStoryCategories();
  const [removing, setRemoving] = useState<StoryCategory | null>(null);
  const remove = useDeleteCategory();
  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()} title="Story categories" size="lg">
        <div className="space-y-4">
          <CategoryRow key="new" />
          <ul aria-label="Categories" className="divide-y divide-slate-100">
            {(categories.data?.items ?? []).map((c) => (
              <li key={c.id} className="py-3">
                <CategoryRow category={c} onRemove={() => setRemoving(c)} />
              </li>
            ))}
          </ul>
        </div>
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && !remove.isPending && setRemoving(null)}
        title="Remove category"
        message={removing ? `Remove the category ${removing.name}?` : ''}
        confirmLabel="Remove"
        variant="danger"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success('Category removed.'),
            onError: (error) =>
              toast.error('Failed to remove category', {
                description: errorMessage(error, { failed: F.other, network: NETWORK }),
              }),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </>
  );
}

/** One category's name and colour, saved on its own; without a category, the new-category row. */
function CategoryRow({ category, onRemove }: { category?: StoryCategory; onRemove?: () => void }) {
  const save = useSaveCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [color, setColor] = useState<string>(category?.color ?? 'blue');
  const [problem, setProblem] = useState<string | null>(null);
  const changed = !category || name.trim() !== category.name || color !== category.color;

  const submit = () => {
    const problems = formProblems(StoryCategoryInputSchema, { name, color });
    if (problems) return setProblem(Object.values(problems)[0]!);
    setProblem(null);
    save.mutate(
      { id: category?.id, body: { name, color } },
      {
        onSuccess: () => {
          toast.success(category ? 'Category saved.' : 'Category added.');
          if (!category) setName('');
        },
        onError: (error) => setProblem(errorMessage(error, { failed: F.other, network: NETWORK })),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={category ? `Category ${category.name}` : 'New category'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-2"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label="Category name"
          placeholder={category ? undefined : 'New category name'}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className="min-w-0 flex-1"
        />
        <div className="w-32">
          <Select
            aria-label="Colour"
            value={color}
            onChange={(e) => setColor(e.target.value)}
            options={COLOR_OPTIONS}
          />
        </div>
        <Button
          type="submit"
          size="sm"
          variant={category ? 'secondary' : 'primary'}
          disabled={!changed}
          loading={save.isPending}
        >
          {category ? 'Save' : 'Add'}
        </Button>
        {category && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${category.name}`}
            disabled={category.story_count > 0}
            title={
              category.story_count > 0
                ? `${plural(category.story_count, 'story', 'stories')} use${category.story_count === 1 ? 's' : ''} it`
                : undefined
            }
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" className="size-4 text-red-700" />
          </Button>
        )}
      </div>
      {category && (
        <p className="text-xs text-slate-500">
          <CategoryBadge name={category.name} color={category.color} /> {category.story_count}{' '}
          {category.story_count === 1 ? 'story' : 'stories'}
        </p>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}
