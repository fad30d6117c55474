import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { type Story, type StoryFormInput, StoryInputSchema } from '../../../contracts/impact-stories';
import { STORY_FAILURES as F, STORY_LIMITS as L, STORY_MESSAGES as M } from '../../../domain/impact-stories';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Checkbox, Field, Input, Select, Textarea, toast } from '../../components/ui';
import { todayIso } from '../../lib/format';
import { type StudentOption, StudentPicker } from '../students';
import { useSaveStory, useStoryCategories } from './impact-stories.queries';

const thisYear = () => Number(todayIso().slice(0, 4));

/** 'Add New Story' / 'Edit Story': picking a student fills the name and program. */
export function StoryFormDialog({ story, onClose }: { story?: Story; onClose: () => void }) {
  const save = useSaveStory();
  const categories = useStoryCategories();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const form = useSchemaForm<StoryFormInput>(StoryInputSchema, {
    student_id: story?.student_id ?? '',
    student_name: story?.student_name ?? '',
    student_photo_url: story?.student_photo_url ?? '',
    program: story?.program ?? '',
    year: story?.year ?? thisYear(),
    title: story?.title ?? '',
    excerpt: story?.excerpt ?? '',
    content: story?.content ?? '',
    category_id: story?.category_id ?? '',
    image_url: story?.image_url ?? '',
    video_url: story?.video_url ?? '',
    approved: story?.approved ?? false,
  });
  const { register, setValue, control } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const excerpt = (useWatch({ control, name: 'excerpt' }) as string | undefined) ?? '';

  const pick = (picked: StudentOption | null) => {
    setStudent(picked);
    setValue('student_id', picked?.id ?? '', { shouldDirty: true });
    if (!picked) return;
    setValue('student_name', picked.full_name, {
      shouldDirty: true,
      shouldValidate: Boolean(errors.student_name),
    });
    setValue('program', picked.current_program ?? '', { shouldDirty: true });
  };

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={story ? 'Edit Story' : 'Add New Story'}
      size="xl"
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync({ id: story?.id, body: values });
        toast.success(story ? 'Story updated.' : 'Story added.');
        onClose();
      }}
      submitLabel={story ? 'Save Changes' : 'Add Story'}
      pendingLabel="Saving..."
      failed={story ? F.update : F.create}
      className="space-y-4"
    >
      <Field label="Student record" hint="Optional. Picking a student fills the name, photo and program.">
        <StudentPicker
          value={student}
          onChange={pick}
          disabled={busy}
          placeholder={story?.student_id ? 'Linked to a student record; type to change' : 'Select a student'}
          optionLabel={(s) => `${s.full_name} - ${s.current_program ?? 'N/A'}`}
        />
      </Field>
      <input type="hidden" {...register('student_id')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Student Name" required error={errors.student_name?.message}>
          <Input disabled={busy} {...register('student_name')} />
        </Field>
        <Field label="Year" required error={errors.year?.message}>
          <Input inputMode="numeric" maxLength={4} disabled={busy} {...register('year')} />
        </Field>
        <Field label="Program" error={errors.program?.message}>
          <Input disabled={busy} {...register('program')} />
        </Field>
        <Field label="Category" required error={errors.category_id?.message}>
          <Select
            disabled={busy}
            options={[
              { value: '', label: 'Select a category' },
              ...(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
            {...register('category_id')}
          />
        </Field>
      </div>
      <Field label="Title" required error={errors.title?.message}>
        <Input disabled={busy} {...register('title')} />
      </Field>
      <Field
        label="Excerpt"
        required
        hint={`${M.excerptHint} · ${excerpt.length} / ${L.excerpt}`}
        error={errors.excerpt?.message}
      >
        <Textarea rows={3} disabled={busy} {...register('excerpt')} />
      </Field>
      <Field label="Content" required error={errors.content?.message}>
        <Textarea rows={8} disabled={busy} {...register('content')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Image URL" error={errors.image_url?.message}>
          <Input type="url" disabled={busy} {...register('image_url')} />
        </Field>
        <Field label="Video URL" hint="YouTube and Vimeo play in the story" error={errors.video_url?.message}>
          <Input type="url" disabled={busy} {...register('video_url')} />
        </Field>
        <Field label="Student Photo URL" error={errors.student_photo_url?.message}>
          <Input type="url" disabled={busy} {...register('student_photo_url')} />
        </Field>
      </div>
      <Checkbox
        label="Approved (readers see approved stories only)"
        disabled={busy}
        {...register('approved')}
      />
    </FormDialog>
  );
}
