import { useState } from 'react';
import {
  type Entry,
  EntryCreateSchema,
  type EntryFormInput,
  EntryUpdateSchema,
  type Yearbook,
  type YearbookFormInput,
  YearbookInputSchema,
} from '../../../contracts/yearbook';
import {
  YEARBOOK_FAILURES as F,
  YEARBOOK_LIMITS as L,
  YEARBOOK_STATUS_LABELS,
  YEARBOOK_STATUSES,
} from '../../../domain/yearbook';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Field, Input, Select, Textarea, toast } from '../../components/ui';
import { failureWithReason } from '../../lib/api';
import { todayIso } from '../../lib/format';
import { type StudentOption, StudentPicker } from '../students';
import { useSaveEntry, useSaveYearbook } from './yearbook.queries';
import { NETWORK } from './yearbook-ui';

const failureOf = (failed: string) => (error: unknown) => failureWithReason(error, failed, NETWORK);

/** Create Yearbook / Edit (docs/product.md §2): Year*, Title*, Theme, Cover Image URL, Status. */
export function YearbookFormDialog({ yearbook, onClose }: { yearbook?: Yearbook; onClose: () => void }) {
  const save = useSaveYearbook();
  const form = useSchemaForm<YearbookFormInput>(YearbookInputSchema, {
    year: yearbook?.year ?? Number(todayIso().slice(0, 4)),
    title: yearbook?.title ?? '',
    theme: yearbook?.theme ?? '',
    cover_image_url: yearbook?.cover_image_url ?? '',
    status: yearbook?.status ?? 'draft',
  });
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const failed = yearbook ? F.updateYearbook : F.createYearbook;

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={yearbook ? 'Edit Yearbook' : 'Create Yearbook'}
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: yearbook?.id, body: values });
        toast.success(yearbook ? 'Yearbook updated.' : 'Yearbook created.');
        onClose();
      }}
      submitLabel={yearbook ? 'Save Changes' : 'Create Yearbook'}
      pendingLabel="Saving..."
      failureMessage={failureOf(failed)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Year" required error={errors.year?.message}>
          <Input inputMode="numeric" maxLength={4} disabled={busy} {...register('year')} />
        </Field>
        <Field label="Status" error={errors.status?.message}>
          <Select
            disabled={busy}
            options={YEARBOOK_STATUSES.map((s) => ({ value: s, label: YEARBOOK_STATUS_LABELS[s] }))}
            {...register('status')}
          />
        </Field>
      </div>
      <Field label="Title" required error={errors.title?.message}>
        <Input placeholder="e.g. Rising Together" disabled={busy} {...register('title')} />
      </Field>
      <Field label="Theme" error={errors.theme?.message}>
        <Input disabled={busy} {...register('theme')} />
      </Field>
      <Field label="Cover Image URL" error={errors.cover_image_url?.message}>
        <Input type="url" placeholder="https://..." disabled={busy} {...register('cover_image_url')} />
      </Field>
    </FormDialog>
  );
}

/** Add Entry / Edit Entry: the student (only when adding, 'name - program'), quote and achievements. */
export function EntryFormDialog({
  yearbookId,
  entry,
  onClose,
}: {
  yearbookId: string;
  entry?: Entry;
  onClose: () => void;
}) {
  const save = useSaveEntry();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const form = useSchemaForm<EntryFormInput & { student_id?: string }>(
    entry ? EntryUpdateSchema : EntryCreateSchema,
    {
      ...(entry ? {} : { student_id: '' }),
      quote: entry?.quote ?? '',
      achievements: entry?.achievements ?? '',
      student_photo_url: entry?.student_photo_url ?? '',
    },
  );
  const { register, setValue } = form;
  const { errors, isSubmitting: busy } = form.formState;

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={entry ? `Edit Entry: ${entry.student_name}` : 'Add Entry'}
      description={entry ? undefined : 'An entry added here is approved at once.'}
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({ yearbookId, id: entry?.id, body: values });
        toast.success(entry ? 'Entry updated.' : 'Entry added.');
        onClose();
      }}
      submitLabel={entry ? 'Save Changes' : 'Add Entry'}
      pendingLabel="Saving..."
      failureMessage={failureOf(entry ? F.updateEntry : F.addEntry)}
      className="space-y-4"
    >
      {!entry && (
        <>
          <Field label="Student" required error={errors.student_id?.message}>
            <StudentPicker
              value={student}
              placeholder="Select a student"
              optionLabel={(s) => `${s.full_name} - ${s.current_program ?? 'N/A'}`}
              onChange={(picked) => {
                setStudent(picked);
                setValue('student_id', picked?.id ?? '', {
                  shouldDirty: true,
                  shouldValidate: Boolean(errors.student_id),
                });
              }}
              disabled={busy}
            />
          </Field>
          <input type="hidden" {...register('student_id')} />
        </>
      )}
      <Field label="Quote" hint={`At most ${L.quote} characters`} error={errors.quote?.message}>
        <Textarea rows={3} disabled={busy} {...register('quote')} />
      </Field>
      <Field
        label="Achievements"
        hint={`At most ${L.achievements} characters`}
        error={errors.achievements?.message}
      >
        <Textarea rows={4} disabled={busy} {...register('achievements')} />
      </Field>
      <Field
        label="Photo URL"
        hint="Optional. Blank uses the student record's photo."
        error={errors.student_photo_url?.message}
      >
        <Input type="url" disabled={busy} {...register('student_photo_url')} />
      </Field>
    </FormDialog>
  );
}
