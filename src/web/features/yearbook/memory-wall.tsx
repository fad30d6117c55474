import { MessageSquareHeart, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { type MemoryFormInput, MemoryInputSchema, type Yearbook } from '../../../contracts/yearbook';
import { initialsOf } from '../../../domain/names';
import { YEARBOOK_FAILURES as F, YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import {
  focusFirstField,
  showServerFieldErrors,
  useDiscardGuard,
  useSchemaForm,
} from '../../components/forms';
import { ListError } from '../../components/list';
import {
  Alert,
  Avatar,
  Button,
  Card,
  EmptyState,
  Field,
  Input,
  Skeleton,
  Textarea,
  toast,
} from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useMemories, usePostMemory } from './yearbook.queries';
import { NETWORK } from './yearbook-ui';

/** The Memory Wall tab: '+ Share a Memory' and the posts, newest first. */
export function MemoryWall({ yearbook }: { yearbook: Yearbook }) {
  const memories = useMemories(yearbook.id);
  const [sharing, setSharing] = useState(false);
  const data = memories.data;
  return (
    <div className="space-y-4">
      {sharing ? (
        <ShareMemoryForm yearbookId={yearbook.id} onClose={() => setSharing(false)} />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setSharing(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Share a Memory
          </Button>
        </div>
      )}
      {memories.isError && !data ? (
        <Card>
          <ListError
            title="Couldn't load the memory wall"
            message={errorMessage(memories.error, {
              failed: 'The server could not answer.',
              network: NETWORK,
            })}
            onRetry={() => void memories.refetch()}
            retrying={memories.isFetching}
          />
        </Card>
      ) : !data ? (
        <Skeleton className="h-32 w-full rounded-xl" />
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState icon={MessageSquareHeart} title={M.noMemories} />
        </Card>
      ) : (
        <ul aria-label="Memories" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {data.items.map((memory) => (
            <li key={memory.id}>
              <article className="h-full rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <header className="flex items-center gap-3">
                  <Avatar photoUrl={null} initials={initialsOf(memory.author_name).slice(0, 1)} size="sm" />
                  <div>
                    <h3 className="text-sm font-semibold text-slate-900">{memory.author_name}</h3>
                    <p className="text-xs text-slate-500">{formatDate(memory.created_at)}</p>
                  </div>
                </header>
                <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{memory.message}</p>
                {memory.photo_url && (
                  <img
                    src={memory.photo_url}
                    alt=""
                    className="mt-3 max-h-72 w-full rounded-lg object-cover"
                  />
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ShareMemoryForm({ yearbookId, onClose }: { yearbookId: string; onClose: () => void }) {
  const post = usePostMemory();
  const form = useSchemaForm<MemoryFormInput>(MemoryInputSchema, { message: '', photo_url: '' });
  const { register } = form;
  const { errors, isSubmitting, isDirty } = form.formState;
  const discard = useDiscardGuard(isDirty, true);
  const ref = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    focusFirstField(ref.current);
  }, []);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await post.mutateAsync({ yearbookId, body: values });
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ['message', 'photo_url']))
        setFailure(errorMessage(error, { failed: F.addMemory, network: NETWORK }));
      return;
    }
    toast.success('Memory shared.');
    onClose();
  });

  return (
    <Card>
      <form
        ref={ref}
        noValidate
        onSubmit={submit}
        aria-label="Share a Memory"
        className="space-y-4 p-4 sm:p-6"
      >
        {failure && (
          <Alert tone="error" title={F.addMemory}>
            {failure === F.addMemory ? undefined : failure}
          </Alert>
        )}
        <Field label="Your memory" required error={errors.message?.message}>
          <Textarea
            rows={4}
            placeholder="Share your favorite memory..."
            disabled={isSubmitting}
            {...register('message')}
          />
        </Field>
        <Field label="Photo" error={errors.photo_url?.message}>
          <Input
            type="url"
            placeholder="Photo URL (optional)"
            disabled={isSubmitting}
            {...register('photo_url')}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={isSubmitting} onClick={() => discard.guard(onClose)}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Posting...">
            Post Memory
          </Button>
        </div>
      </form>
      {discard.prompt}
    </Card>
  );
}
