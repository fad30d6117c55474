import { CheckCircle2, ClipboardCheck, FileDown, Lock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Form } from '../../../contracts/forms';
import {
  canChangeForm,
  canCompleteForm,
  canReviewForm,
  FORM_TYPE_LABELS,
  formChangeRefusal,
  FORM_MESSAGES as M,
} from '../../../domain/forms';
import { Alert, Button, Dialog, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/session';
import { DetailsTabs } from '../audit';
import { FormDetails, FormFiles } from './form-details';
import { FormReviewDialog } from './form-review-dialog';
import { formPdfHref, reasonOf, useCompleteForm } from './forms-files.queries';

type Failure = { title: string; items: string[] };

/**
 * A form opened from the list or a link: read-only, with the moves the user may make (Edit,
 * Complete, Review, Delete: the domain's rules decide which show; the server decides again),
 * Download PDF, and the tabs Details, Files and History.
 */
export function FormDetailDialog({
  form,
  onClose,
  onEdit,
  onDelete,
}: {
  form: Form;
  onClose: () => void;
  onEdit: (form: Form) => void;
  onDelete: (form: Form) => void;
}) {
  const user = useCurrentUser();
  const complete = useCompleteForm();
  const [reviewing, setReviewing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const mayChange = canChangeForm(user, form);
  const refusal = formChangeRefusal(user, form);

  const completeNow = () => {
    setFailure(null);
    complete.mutate(form.id, {
      onSuccess: () => toast.success(M.completed),
      onError: (error) =>
        setFailure({
          title: reasonOf(error),
          // The missing fields, by name, so the user knows what Edit must fill in.
          items: error instanceof ApiError ? Object.values(error.fields ?? {}) : [],
        }),
    });
  };

  return (
    <>
      <Dialog
        open
        onOpenChange={(next) => !next && onClose()}
        title={`${FORM_TYPE_LABELS[form.type]}: ${form.student_name}`}
        size="lg"
        footer={
          <>
            <Button variant="secondary" asChild>
              <a href={formPdfHref(form.id)} download>
                <FileDown aria-hidden="true" className="size-4" />
                Download PDF
              </a>
            </Button>
            {mayChange && (
              <Button variant="secondary" onClick={() => onEdit(form)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit
              </Button>
            )}
            {mayChange && (
              <Button variant="danger" onClick={() => onDelete(form)}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            )}
            {canCompleteForm(user, form) && (
              <Button loading={complete.isPending} loadingText="Completing..." onClick={completeNow}>
                <CheckCircle2 aria-hidden="true" className="size-4" />
                Complete
              </Button>
            )}
            {canReviewForm(user, form) && (
              <Button onClick={() => setReviewing(true)}>
                <ClipboardCheck aria-hidden="true" className="size-4" />
                Review
              </Button>
            )}
          </>
        }
      >
        <DetailsTabs
          record={{ kind: 'form', id: form.id }}
          extra={[
            { value: 'files', label: `Files (${form.file_count})`, content: <FormFiles form={form} /> },
          ]}
        >
          <div className="space-y-4">
            {failure && (
              <Alert tone="error" title={failure.title}>
                {failure.items.length > 0 && (
                  <ul className="list-disc pl-5">
                    {failure.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
            {refusal && (
              <p className="flex items-center gap-2 text-sm text-slate-600">
                <Lock aria-hidden="true" className="size-4 shrink-0" />
                {refusal}
              </p>
            )}
            <FormDetails form={form} />
          </div>
        </DetailsTabs>
      </Dialog>
      {reviewing && <FormReviewDialog form={form} onClose={() => setReviewing(false)} />}
    </>
  );
}
