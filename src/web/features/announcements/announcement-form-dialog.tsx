import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { type Announcement, AnnouncementInputSchema } from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_PRIORITIES,
  ANNOUNCEMENT_PRIORITY_LABELS,
  ANNOUNCEMENT_TYPE_LABELS,
  ANNOUNCEMENT_TYPES,
  AUDIENCE_LABELS,
  AUDIENCES,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { afterRecordSaved, choiceFields, FormDialog, schemaResolver } from '../../components/forms';
import { Alert, Checkbox, DateInput, Field, Input, Textarea } from '../../components/ui';
import { todayIso } from '../../lib/format';
import { AnnouncementAttachments } from './announcement-attachments';
import { useSaveAnnouncement } from './announcements.queries';

/** The form's values as typed: selects and the date are strings ('' for no expiry). */
interface Values {
  title: string;
  content: string;
  type: string;
  priority: string;
  target_audience: string;
  expiry_date: string;
  is_active: boolean;
}

/** The contract's checks, and one the contract cannot make alone: no expiry before today (Lusaka). */
function announcementResolver(today: string): Resolver<Values> {
  const base = schemaResolver<Values>(AnnouncementInputSchema);
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (!values.expiry_date || values.expiry_date >= today) return result;
    return {
      values: {},
      errors: { ...result.errors, expiry_date: { type: 'schema', message: M.expiryPast } },
    };
  };
}

/**
 * New Announcement / Edit Announcement. Attachments need a saved announcement to belong to, so a
 * new one is saved first (`onCreated` reopens it for editing) and its files are added then.
 */
export function AnnouncementFormDialog({
  announcement,
  justCreated,
  onCreated,
  onClose,
}: {
  announcement?: Announcement;
  /** It was published a moment ago from this dialog: say so, and offer its attachments. */
  justCreated?: boolean;
  onCreated: (announcement: Announcement) => void;
  onClose: () => void;
}) {
  const save = useSaveAnnouncement();
  const today = todayIso();
  const resolver = useMemo(() => announcementResolver(today), [today]);
  const form = useForm<Values>({
    resolver,
    defaultValues: {
      title: announcement?.title ?? '',
      content: announcement?.content ?? '',
      type: announcement?.type ?? 'general',
      priority: announcement?.priority ?? 'medium',
      target_audience: announcement?.target_audience ?? 'all',
      expiry_date: announcement?.expiry_date ?? '',
      is_active: announcement?.is_active ?? true,
    },
  });
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const choice = choiceFields(form, { disabled: busy });

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={announcement ? 'Edit Announcement' : 'New Announcement'}
      size="lg"
      form={form}
      onSubmit={async (values) => {
        const body = { ...values, expiry_date: values.expiry_date || null };
        const saved = await save.mutateAsync({ id: announcement?.id, body });
        afterRecordSaved(saved, Boolean(announcement), M, { onClose, onCreated });
      }}
      submitLabel={announcement ? 'Save Changes' : 'Publish'}
      pendingLabel="Saving..."
      failed={announcement ? 'Failed to save announcement' : 'Failed to create announcement'}
      className="space-y-4"
    >
      {justCreated && (
        <Alert tone="success">{M.created} You can add attachments below, or close this dialog.</Alert>
      )}
      <Field label="Title" required error={errors.title?.message}>
        <Input maxLength={200} disabled={busy} {...register('title')} />
      </Field>
      <Field label="Content" required error={errors.content?.message}>
        <Textarea rows={7} disabled={busy} {...register('content')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        {choice('type', 'Type', ANNOUNCEMENT_TYPES, ANNOUNCEMENT_TYPE_LABELS)}
        {choice('priority', 'Priority', ANNOUNCEMENT_PRIORITIES, ANNOUNCEMENT_PRIORITY_LABELS)}
        {choice('target_audience', 'Audience', AUDIENCES, AUDIENCE_LABELS)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
        <Field
          label="Expiry date"
          hint="Optional. Shown until the end of that day."
          error={errors.expiry_date?.message}
        >
          <DateInput min={today} disabled={busy} {...register('expiry_date')} />
        </Field>
        <Checkbox
          label="Active (shown to its audience)"
          className="sm:pb-2.5"
          disabled={busy}
          {...register('is_active')}
        />
      </div>
      {announcement ? (
        <AnnouncementAttachments announcementId={announcement.id} initial={announcement.attachments} />
      ) : (
        <p className="text-sm text-slate-600">Attachments can be added once the announcement is published.</p>
      )}
    </FormDialog>
  );
}
