import { type FormEvent, useState } from 'react';
import { type Form, FormReviewSchema } from '../../../contracts/forms';
import { FORM_MESSAGES as M } from '../../../domain/forms';
import { formProblems } from '../../components/forms';
import { Alert, Button, Dialog, Field, Textarea, toast } from '../../components/ui';
import { reasonOf, useReviewForm } from './forms-files.queries';

/** Review (deputy managers and admins, a completed form): the note is required; the form locks. */
export function FormReviewDialog({ form, onClose }: { form: Form; onClose: () => void }) {
  const review = useReviewForm();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = formProblems(FormReviewSchema, { review_note: note });
    if (problems) return setError(problems.review_note ?? M.reviewNoteRequired);
    setFailure(null);
    review.mutate(
      { id: form.id, review_note: note.trim() },
      {
        onSuccess: () => {
          toast.success(M.reviewed);
          onClose();
        },
        onError: (failed) => setFailure(reasonOf(failed)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !review.isPending && onClose()}
      title="Review Form"
      description="Once reviewed, the form is locked: nobody can change it."
      size="md"
      dismissible={!review.isPending}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Review note" required error={error ?? undefined}>
          <Textarea
            rows={4}
            autoFocus
            maxLength={2000}
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" disabled={review.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={review.isPending} loadingText="Reviewing...">
            Mark as Reviewed
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
