import { useForm } from 'react-hook-form';
import type { Event } from '../../../contracts/events';
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUSES,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  EVENT_MESSAGES as M,
} from '../../../domain/events';
import { choiceFields, FormDialog } from '../../components/forms';
import { Checkbox, DateInput, Field, Input, Textarea, toast, UrlInput } from '../../components/ui';
import {
  type EventFormValues,
  eventResolver,
  fieldOfError,
  formDefaults,
  toBody,
  withFormFields,
} from './event-form';
import { useSaveEvent } from './events.queries';

/** Create Event / Edit Event (docs/product.md §2). The server checks again and its field messages land on the fields. */
export function EventFormDialog({ event, onClose }: { event?: Event; onClose: () => void }) {
  const save = useSaveEvent();
  const form = useForm<EventFormValues>({ resolver: eventResolver, defaultValues: formDefaults(event) });
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const choice = choiceFields(form, { disabled: busy });
  const virtual = form.watch('is_virtual');

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={event ? 'Edit Event' : 'Create Event'}
      size="lg"
      form={form}
      onSubmit={async (values) => {
        try {
          await save.mutateAsync({ id: event?.id, body: toBody(values, event) });
        } catch (error) {
          throw withFormFields(error);
        }
        toast.success(event ? M.saved : M.created);
        onClose();
      }}
      submitLabel={event ? 'Save Changes' : 'Create Event'}
      pendingLabel="Saving..."
      fieldOfError={(error) => fieldOfError(error, form.getValues('is_virtual'))}
      failed={event ? 'Failed to save event' : 'Failed to create event'}
      className="space-y-4"
    >
      <Field label="Title" required error={errors.title?.message}>
        <Input maxLength={200} disabled={busy} {...register('title')} />
      </Field>
      <Field label="Description" required error={errors.description?.message}>
        <Textarea rows={4} disabled={busy} {...register('description')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        {choice('type', 'Type', EVENT_TYPES, EVENT_TYPE_LABELS)}
        <Field label="Date" required error={errors.date?.message}>
          <DateInput disabled={busy} {...register('date')} />
        </Field>
        <Field label="Time" required hint="24-hour, HH:MM" error={errors.time?.message}>
          <Input type="time" disabled={busy} {...register('time')} />
        </Field>
      </div>
      <Checkbox label="Virtual event" disabled={busy} {...register('is_virtual')} />
      {virtual ? (
        <Field label="Virtual link" required error={errors.virtual_link?.message}>
          <UrlInput disabled={busy} {...register('virtual_link')} />
        </Field>
      ) : (
        <Field label="Location" required error={errors.location?.message}>
          <Input maxLength={300} disabled={busy} {...register('location')} />
        </Field>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Maximum attendees" hint="Optional" error={errors.max_attendees?.message}>
          <Input
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            disabled={busy}
            {...register('max_attendees')}
          />
        </Field>
        <Field label="Registration deadline" required error={errors.registration_deadline?.message}>
          <Input type="datetime-local" disabled={busy} {...register('registration_deadline')} />
        </Field>
        {choice('status', 'Status', EVENT_STATUSES, EVENT_STATUS_LABELS)}
      </div>
      <Field label="Image URL" hint="Optional" error={errors.image_url?.message}>
        <UrlInput disabled={busy} {...register('image_url')} />
      </Field>
      <Field label="Requirements" hint="Optional" error={errors.requirements?.message}>
        <Textarea rows={2} disabled={busy} {...register('requirements')} />
      </Field>
      <Field label="Tags" hint="Separate tags with commas" error={errors.tags?.message}>
        <Input disabled={busy} {...register('tags')} />
      </Field>
    </FormDialog>
  );
}
