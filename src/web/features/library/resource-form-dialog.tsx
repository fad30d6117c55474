import { useForm } from 'react-hook-form';
import type { Resource } from '../../../contracts/library';
import {
  LIBRARY_MESSAGES as M,
  RESOURCE_CATEGORIES,
  RESOURCE_CATEGORY_LABELS,
  RESOURCE_TYPE_LABELS,
  RESOURCE_TYPES,
} from '../../../domain/library';
import { afterRecordSaved, choiceFields, FormDialog } from '../../components/forms';
import { Alert, Field, Input, Textarea, UrlInput } from '../../components/ui';
import { useSaveResource } from './library.queries';
import { ResourceFileUpload } from './resource-file-upload';
import {
  fieldOfError,
  formDefaults,
  type ResourceFormValues,
  resourceResolver,
  toBody,
  withFormFields,
} from './resource-form';

/**
 * Add Resource / Edit Resource. A file needs a saved resource to belong to, so a new one is saved
 * first (`onCreated` reopens it for editing, `justCreated`) and its file is uploaded then.
 */
export function ResourceFormDialog({
  resource,
  justCreated,
  onCreated,
  onClose,
}: {
  resource?: Resource;
  justCreated?: boolean;
  onCreated: (resource: Resource) => void;
  onClose: () => void;
}) {
  const save = useSaveResource();
  const form = useForm<ResourceFormValues>({
    resolver: resourceResolver,
    defaultValues: formDefaults(resource),
  });
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const choice = choiceFields(form, { disabled: busy });

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={resource ? 'Edit Resource' : 'Add Resource'}
      size="lg"
      form={form}
      onSubmit={async (values) => {
        let saved: Resource;
        try {
          saved = await save.mutateAsync({ id: resource?.id, body: toBody(values) });
        } catch (error) {
          throw withFormFields(error);
        }
        afterRecordSaved(saved, Boolean(resource), M, { onClose, onCreated });
      }}
      submitLabel={resource ? 'Save Changes' : 'Add Resource'}
      pendingLabel="Saving..."
      fieldOfError={fieldOfError}
      failed={resource ? 'Failed to save resource' : 'Failed to add resource'}
      className="space-y-4"
    >
      {justCreated && (
        <Alert tone="success">{M.created} You can upload its file below, or close this dialog.</Alert>
      )}
      <Field label="Title" required error={errors.title?.message}>
        <Input maxLength={200} disabled={busy} {...register('title')} />
      </Field>
      <Field label="Description" hint="Optional" error={errors.description?.message}>
        <Textarea rows={3} disabled={busy} {...register('description')} />
      </Field>
      <Field label="Author" hint="Optional" error={errors.author?.message}>
        <Input maxLength={200} disabled={busy} {...register('author')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {choice('type', 'Type', RESOURCE_TYPES, RESOURCE_TYPE_LABELS)}
        {choice('category', 'Category', RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS)}
      </div>
      <Field label="Tags" hint="Separate tags with commas" error={errors.tags?.message}>
        <Input disabled={busy} {...register('tags')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Duration" hint="Optional, e.g. 45 min or 320 pages" error={errors.duration?.message}>
          <Input maxLength={40} disabled={busy} {...register('duration')} />
        </Field>
        <Field label="Thumbnail URL" hint="Optional" error={errors.thumbnail_url?.message}>
          <UrlInput disabled={busy} {...register('thumbnail_url')} />
        </Field>
      </div>
      <Field label="Link (URL)" hint={M.sourceRequired} error={errors.url?.message}>
        <UrlInput disabled={busy} {...register('url')} />
      </Field>
      {resource ? (
        <ResourceFileUpload resource={resource} />
      ) : (
        <p className="text-sm text-slate-600">A file can be uploaded once the resource is saved.</p>
      )}
    </FormDialog>
  );
}
