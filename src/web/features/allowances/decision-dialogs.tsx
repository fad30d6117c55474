import { z } from 'zod';
import type { Allowance } from '../../../contracts/allowances';
import { type Decision, isReviewStage, REVIEW_STEP_RULES } from '../../../domain/allowances';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { ConfirmDialog, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { periodLabel } from './allowance-view';
import { useDecideAllowance, usePayAllowance } from './allowances.queries';
import { DecisionComment } from './decision-comment';
import { ALLOWANCE_UI } from './messages';
import { TIMELINE_TITLES } from './timeline';

/** The allowance fields the action dialogs show and send. */
export type ActionTarget = Pick<
  Allowance,
  'id' | 'student_name' | 'month' | 'year' | 'total' | 'approval_stage'
>;

export interface DecisionRequest {
  allowance: ActionTarget;
  decision: Decision;
}

/** Who decides and about what: student, period, total, step. */
function AllowanceSummary({ allowance }: { allowance: ActionTarget }) {
  const stage = allowance.approval_stage;
  const step = isReviewStage(stage) ? TIMELINE_TITLES[REVIEW_STEP_RULES[stage].step] : null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm">
      <div>
        <dt className="text-slate-500">Student</dt>
        <dd className="font-medium text-slate-900">{allowance.student_name}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Period</dt>
        <dd className="font-medium text-slate-900">{periodLabel(allowance)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Total</dt>
        <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(allowance.total)}</dd>
      </div>
      {step && (
        <div>
          <dt className="text-slate-500">Step</dt>
          <dd className="font-medium text-slate-900">{step}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Approve or deny with a mandatory comment (docs/product.md §4, §5, §8). Sends the stage the screen showed, so
 * an allowance someone else moved meanwhile answers 409: the message is shown and the list and the
 * allowance reload (the mutation refreshes them whatever the outcome).
 */
export function DecisionDialog({
  request,
  onClose,
  focusOnClose,
}: {
  request: DecisionRequest | null;
  onClose: () => void;
  /** Where focus goes afterwards when the button that opened it went with the decision. */
  focusOnClose?: () => HTMLElement | null;
}) {
  if (!request) return null;
  return (
    <DecisionForm
      key={`${request.allowance.id}-${request.decision}`}
      request={request}
      onClose={onClose}
      focusOnClose={focusOnClose}
    />
  );
}

const DecisionFormSchema = z.object({
  comment: z.string().trim().min(1, { message: ALLOWANCE_UI.commentRequired }),
});
type DecisionFormValues = { comment: string };

/** What the form says above its fields about a failed decision (a refused comment is on its field). */
function decisionFailure(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 403) return ALLOWANCE_UI.noPermission;
  if (error instanceof ApiError && error.status === 400 && error.fields?.comment) return null;
  return ALLOWANCE_UI.decisionFailed;
}

function DecisionForm({
  request,
  onClose,
  focusOnClose,
}: {
  request: DecisionRequest;
  onClose: () => void;
  focusOnClose?: () => HTMLElement | null;
}) {
  const { allowance, decision } = request;
  const decide = useDecideAllowance();
  const form = useSchemaForm<DecisionFormValues>(DecisionFormSchema, { comment: '' });
  const busy = form.formState.isSubmitting;
  const approving = decision === 'approve';

  const save = async ({ comment }: DecisionFormValues) => {
    try {
      await decide.mutateAsync({
        id: allowance.id,
        decision,
        comment: comment.trim(),
        expectedStage: allowance.approval_stage,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) throw error;
      // Someone else moved it; the mutation has reloaded the list and the details by now.
      toast.error(ALLOWANCE_UI.decidedMeanwhile);
      onClose();
      return;
    }
    toast.success(approving ? ALLOWANCE_UI.approved : ALLOWANCE_UI.denied);
    onClose();
  };

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={approving ? 'Approve Allowance' : 'Deny Allowance'}
      size="md"
      form={form}
      onSubmit={save}
      submitLabel={approving ? 'Approve' : 'Deny'}
      pendingLabel={approving ? 'Approving...' : 'Denying...'}
      submitVariant={approving ? 'primary' : 'danger'}
      failureMessage={decisionFailure}
      focusOnClose={focusOnClose}
      className="space-y-4"
    >
      <AllowanceSummary allowance={allowance} />
      <DecisionComment
        form={form}
        busy={busy}
        hint={
          approving
            ? 'Recorded with your approval in the comment trail.'
            : 'Recorded as the reason for rejection; the submitter sees it in the details.'
        }
      />
    </FormDialog>
  );
}

/** Mark as paid after a confirmation that names student, period and amount (docs/product.md §4, §8). */
export function PayDialog({
  allowance,
  onClose,
  focusOnClose,
}: {
  allowance: ActionTarget | null;
  onClose: () => void;
  /** Where focus goes afterwards when the button that opened it went with the payment. */
  focusOnClose?: () => HTMLElement | null;
}) {
  const pay = usePayAllowance();
  if (!allowance) return null;

  const onConfirm = async () => {
    try {
      await pay.mutateAsync({ id: allowance.id });
      toast.success(ALLOWANCE_UI.paid);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(ALLOWANCE_UI.paidMeanwhile);
        onClose();
        return;
      }
      toast.error(ALLOWANCE_UI.payFailed);
    }
  };

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Mark as Paid"
      message={
        <>
          Mark the allowance for <strong className="text-slate-900">{allowance.student_name}</strong> for{' '}
          <strong className="text-slate-900">{periodLabel(allowance)}</strong>, totalling{' '}
          <strong className="text-slate-900 tabular-nums">{formatMoney(allowance.total)}</strong>, as paid?
          Confirm only once the money has been sent.
        </>
      }
      confirmLabel="Mark as Paid"
      busy={pay.isPending}
      busyLabel="Marking as paid..."
      onConfirm={() => void onConfirm()}
      focusOnClose={focusOnClose}
    />
  );
}
