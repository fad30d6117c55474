import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Form } from '../../../contracts/forms';
import type { FormType } from '../../../domain/forms';
import { toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { uploadKeptPhotos } from '../../lib/offline/kept-photos';
import { OFFLINE_MESSAGES } from '../../lib/offline/messages';
import { discardOutboxRecord } from '../../lib/offline/outbox';
import { type KeptForm, useDraftKeeper, useOfflineWork } from '../offline';
import type { StudentOption } from '../students';
import { type FormValues, formBody } from './form-values';

/**
 * The edit dialog's side on the phone (docs/decisions/012): the form's id (a new one's is the
 * phone's UUID, so a save sent twice makes one form), its photos, the draft kept at each change,
 * and the outbox when a save cannot reach the server. Without the offline work (a screen's test)
 * the dialog saves online only.
 */
export function useFormOnPhone({
  type,
  form,
  kept,
  hookForm,
  saved,
  picked,
  onClose,
}: {
  type: FormType;
  form?: Form;
  kept?: KeptForm;
  hookForm: UseFormReturn<FormValues>;
  saved: Form | undefined;
  picked: StudentOption | null;
  onClose: () => void;
}) {
  const work = useOfflineWork();
  const drafts = useDraftKeeper(work);
  const [newId] = useState(() => crypto.randomUUID());
  const recordId = kept?.form_id ?? form?.id ?? newId;
  const [photoIds, setPhotoIds] = useState<string[]>(kept?.photo_ids ?? form?.photo_ids ?? []);
  const { watch, getValues, reset } = hookForm;

  // Each change is kept on the phone as a draft, so a reload or a closed browser loses nothing.
  const keepDraft = (values: FormValues, ids: string[]) =>
    drafts.keep({ form_id: recordId, type, base: saved ?? null, values, photo_ids: ids, student: picked });
  useEffect(() => {
    const subscription = watch((values) => keepDraft(values as FormValues, photoIds));
    return () => subscription.unsubscribe();
  });

  return {
    work,
    recordId,
    photoIds,
    /** Whether the last change is kept on the phone as a draft (a reload then loses nothing). */
    draftKept: drafts.isKept,
    changePhotos(ids: string[]) {
      setPhotoIds(ids);
      keepDraft(getValues(), ids);
    },
    /** The request body: what was typed and the photos, with the phone's id when it is new. */
    body: (values: FormValues) => ({
      ...formBody(type, values),
      photo_ids: photoIds,
      ...(saved ? {} : { id: recordId }),
    }),
    /** Before the form naming them: the photos the server does not have yet. */
    uploadPhotos: () => (work ? uploadKeptPhotos(work.db, photoIds) : Promise.resolve()),
    /** The server took the form: neither the draft nor an outbox copy is needed now. */
    async acknowledged() {
      await drafts.forget(recordId);
      if (work) await discardOutboxRecord(work.db, recordId);
    },
    /** The officer discarded what they typed. */
    discarded: () => void drafts.forget(recordId),
    /**
     * A save that reached nothing goes to the outbox, sent by the sync when it can be; false when
     * it did reach the server (or there is no outbox), so the dialog shows the failure.
     */
    async keepIfUnreachable(error: unknown, values: FormValues, completing: boolean, base: Form | undefined) {
      if (!work || !(error instanceof ApiError && error.isNetworkError)) return false;
      drafts.stop();
      await work.keep({
        form_id: recordId,
        type,
        base: base ?? null,
        values,
        body: { ...formBody(type, values), photo_ids: photoIds },
        complete: completing,
        student: picked ?? kept?.student ?? null,
      });
      reset(values);
      toast.success(OFFLINE_MESSAGES.keptOnPhone);
      onClose();
      return true;
    },
  };
}
