import { toast } from '../ui';

/**
 * After a record's form dialog saved it: an edit says so and closes; a new record says so and
 * hands the saved record on (`onCreated`), so the dialog can stay open as its edit for what can be
 * added only once it exists (a resource's file, an announcement's attachments).
 */
export function afterRecordSaved<T>(
  saved: T,
  wasEdit: boolean,
  words: { saved: string; created: string },
  next: { onClose: () => void; onCreated: (saved: T) => void },
) {
  if (wasEdit) {
    toast.success(words.saved);
    next.onClose();
  } else {
    toast.success(words.created);
    next.onCreated(saved);
  }
}
