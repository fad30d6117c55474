import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type EntryFormInput, type MyEntriesResponse, MyEntryInputSchema } from '../../../contracts/yearbook';
import {
  classOf,
  YEARBOOK_FAILURES as F,
  YEARBOOK_LIMITS as L,
  YEARBOOK_MESSAGES as M,
} from '../../../domain/yearbook';
import { showServerFieldErrors, useSchemaForm } from '../../components/forms';
import { Alert, Button, Card, Field, Input, Textarea, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { useSaveMyEntry } from './yearbook.queries';
import { CharacterCount, EntryStatusBadge, NETWORK } from './yearbook-ui';

type MyYearbook = MyEntriesResponse['yearbooks'][number];
type MyStudent = NonNullable<MyEntriesResponse['student']>;

/**
 * The Submit Entry tab: the signed-in student's own page, in their own class's yearbook whichever
 * class the page shows (issue 46), and any entry of theirs in another yearbook, which they see and
 * change there. The page offers the tab only to an account with a student record.
 */
export function SubmitEntry({ mine }: { mine: MyEntriesResponse & { student: MyStudent } }) {
  const { student, yearbooks } = mine;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = yearbooks.find((y) => y.yearbook.id === chosenId) ?? yearbooks[0] ?? null;
  const ownClass = yearbooks.find((y) => y.own_class);
  return (
    <Card>
      <div className="space-y-4 p-4 sm:p-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Submit Your Yearbook Entry</h2>
          <p className="text-sm text-slate-600">
            {student.full_name}
            {student.program ? ` · ${student.program}` : ''}
            {student.class_year !== null ? ` · ${classOf(student.class_year)}` : ''}
          </p>
        </div>
        {!ownClass && (
          <Alert tone="info">
            {student.class_year === null ? M.noClassYear : M.noClassYearbook(student.class_year)}
          </Alert>
        )}
        {yearbooks.length > 1 && (
          <nav aria-label="Your yearbook entries" className="flex flex-wrap gap-2">
            {yearbooks.map((y) => (
              <button
                key={y.yearbook.id}
                type="button"
                aria-pressed={y.yearbook.id === chosen?.yearbook.id}
                onClick={() => setChosenId(y.yearbook.id)}
                className={
                  y.yearbook.id === chosen?.yearbook.id
                    ? 'rounded-full bg-emerald-700 px-4 py-1.5 text-sm font-medium text-white'
                    : 'rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50'
                }
              >
                {classOf(y.yearbook.year)}
                {y.own_class ? ' (your class)' : ''}
              </button>
            ))}
          </nav>
        )}
        {chosen && (
          <EntryForm
            key={`${chosen.yearbook.id}:${chosen.entry?.id ?? 'new'}`}
            student={student}
            place={chosen}
          />
        )}
      </div>
    </Card>
  );
}

/** Where the entry is, in words: its class and title, and a draft's or another class's note. */
function PlaceNote({ student, place }: { student: MyStudent; place: MyYearbook }) {
  const { yearbook } = place;
  const named = `the ${classOf(yearbook.year)} yearbook, ${yearbook.title}`;
  return (
    <div className="space-y-1 text-sm text-slate-700">
      <p>
        {place.own_class ? `Your entry goes to ${named}.` : `Your entry in ${named}.`}
        {yearbook.status === 'draft' ? ' It is being prepared and is not published yet.' : ''}
      </p>
      {yearbook.status === 'archived' && <p className="text-slate-600">{M.archivedEntry}</p>}
      {!place.own_class && student.class_year !== null && (
        <p className="text-slate-600">
          This is not your own class ({classOf(student.class_year)}); you can still change this entry.
        </p>
      )}
    </div>
  );
}

function EntryForm({ student, place }: { student: MyStudent; place: MyYearbook }) {
  const save = useSaveMyEntry();
  const { entry } = place;
  const yearbookId = place.yearbook.id;
  const closed = place.yearbook.status === 'archived';
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
    <form noValidate onSubmit={submit} aria-label="Submit Your Yearbook Entry" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PlaceNote student={student} place={place} />
        {entry && <EntryStatusBadge status={entry.status} />}
      </div>
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
          disabled={isSubmitting || closed}
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
          disabled={isSubmitting || closed}
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
          disabled={isSubmitting || closed}
          {...register('achievements')}
        />
      </Field>
      {/* An archived yearbook takes no changes (the server answers 409): nothing to send. */}
      {!closed && (
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} loadingText={entry ? 'Updating...' : 'Submitting...'}>
            {entry ? 'Update Entry' : 'Submit Entry'}
          </Button>
        </div>
      )}
    </form>
  );
}
