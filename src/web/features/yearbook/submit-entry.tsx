import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import {
  type EntryFormInput,
  MyEntryInputSchema,
  type MyEntryResponse,
  type Yearbook,
} from '../../../contracts/yearbook';
import {
  YEARBOOK_FAILURES as F,
  YEARBOOK_LIMITS as L,
  YEARBOOK_MESSAGES as M,
} from '../../../domain/yearbook';
import { showServerFieldErrors, useSchemaForm } from '../../components/forms';
import { ListError } from '../../components/list';
import { Alert, Button, Card, Field, Input, Skeleton, Textarea, toast } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api';
import { useMyEntry, useSaveMyEntry } from './yearbook.queries';
import { CharacterCount, EntryStatusBadge, NETWORK } from './yearbook-ui';

const PROFILE_NOT_FOUND = 'student_profile_not_found';

/** The Submit Entry tab: the signed-in student's own page of the yearbook. */
export function SubmitEntry({ yearbook }: { yearbook: Yearbook }) {
  const mine = useMyEntry(yearbook.id);
  if (mine.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (mine.isError) {
    if (mine.error instanceof ApiError && mine.error.code === PROFILE_NOT_FOUND)
      return <Alert tone="error">{M.profileNotFound}</Alert>;
    return (
      <Card>
        <ListError
          title="Couldn't load your entry"
          message={errorMessage(mine.error, { failed: F.other, network: NETWORK })}
          onRetry={() => void mine.refetch()}
          retrying={mine.isFetching}
        />
      </Card>
    );
  }
  return <EntryForm key={mine.data.entry?.id ?? 'new'} yearbookId={yearbook.id} mine={mine.data} />;
}

function EntryForm({ yearbookId, mine }: { yearbookId: string; mine: MyEntryResponse }) {
  const save = useSaveMyEntry();
  const entry = mine.entry;
  const defaults = {
    student_photo_url: entry?.student_photo_url ?? '',
    quote: entry?.quote ?? '',
    achievements: entry?.achievements ?? '',
  };
  const form = useSchemaForm<EntryFormInput>(MyEntryInputSchema, defaults);
  const { register, control } = form;
  const { errors, isSubmitting } = form.formState;
  const [quote, achievements] = useWatch({ control, name: ['quote', 'achievements'] }) as Array<
    string | null
  >;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved entry replaces what was typed
  useEffect(() => form.reset(defaults), [entry?.updated_at]);

  const submit = form.handleSubmit(async (values) => {
    const failed = entry ? F.updateEntry : F.submitEntry;
    try {
      const saved = await save.mutateAsync({ yearbookId, body: values });
      toast.success(saved.created ? M.submitted : M.updated);
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, Object.keys(defaults)))
        toast.error(failed, { description: errorMessage(error, { failed: F.other, network: NETWORK }) });
    }
  });

  return (
    <Card>
      <form
        noValidate
        onSubmit={submit}
        aria-label="Submit Your Yearbook Entry"
        className="space-y-4 p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Submit Your Yearbook Entry</h2>
          {entry && <EntryStatusBadge status={entry.status} />}
        </div>
        <p className="text-sm text-slate-600">
          {mine.student.full_name}
          {mine.student.program ? ` · ${mine.student.program}` : ''}
        </p>
        {entry?.status === 'rejected' && (
          <Alert tone="info">Your entry was not approved. Update it and submit it again for review.</Alert>
        )}
        <Field
          label="Profile Photo URL"
          hint="Optional. Leave blank to use the photo on your student record."
          error={errors.student_photo_url?.message}
        >
          <Input
            type="url"
            placeholder="https://..."
            disabled={isSubmitting}
            {...register('student_photo_url')}
          />
        </Field>
        <Field
          label="Personal Quote"
          hint={<CharacterCount value={quote} max={L.quote} />}
          error={errors.quote?.message}
        >
          <Textarea
            rows={3}
            placeholder="A quote that inspires you..."
            disabled={isSubmitting}
            {...register('quote')}
          />
        </Field>
        <Field
          label="Achievements"
          hint={<CharacterCount value={achievements} max={L.achievements} />}
          error={errors.achievements?.message}
        >
          <Textarea
            rows={4}
            placeholder="Your achievements during the programme..."
            disabled={isSubmitting}
            {...register('achievements')}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} loadingText={entry ? 'Updating...' : 'Submitting...'}>
            {entry ? 'Update Entry' : 'Submit Entry'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
