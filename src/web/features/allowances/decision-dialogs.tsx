import { useId, useState } from 'react';
import type { Allowance } from '../../../contracts/allowances';
import { type Decision, isReviewStage, REVIEW_STEP_RULES } from '../../../domain/allowances';
import { formatZmw } from '../../../domain/money';
import { Alert, Button, ConfirmDialog, Dialog, Field, Textarea, toast } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { periodLabel } from './allowance-view';
import { useDecideAllowance, usePayAllowance } from './allowances.queries';
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
        <dd className="font-medium text-slate-900 tabular-nums">{formatZmw(allowance.total)}</dd>
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
 * Approve or deny with a mandatory comment (spec §4, §5, §8). Sends the stage the screen showed, so
 * an allowance someone else moved meanwhile answers 409: the message is shown and the list and the
 * allowance reload (the mutation refreshes them whatever the outcome).
 */
export function DecisionDialog({
  request,
  onClose,
}: {
  request: DecisionRequest | null;
  onClose: () => void;
}) {
  if (!request) return null;
  return (
    <DecisionForm key={`${request.allowance.id}-${request.decision}`} request={request} onClose={onClose} />
  );
}

function DecisionForm({ request, onClose }: { request: DecisionRequest; onClose: () => void }) {
  const { allowance, decision } = request;
  const formId = useId();
  const decide = useDecideAllowance();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const approving = decision === 'approve';
  const busy = decide.isPending;

  const submit = async () => {
    setFailure(null);
    if (!comment.trim()) {
      setCommentError(ALLOWANCE_UI.commentRequired);
      return;
    }
    setCommentError(null);
    try {
      await decide.mutateAsync({
        id: allowance.id,
        decision,
        comment: comment.trim(),
        expectedStage: allowance.approval_stage,
      });
      toast.success(approving ? ALLOWANCE_UI.approved : ALLOWANCE_UI.denied);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone else moved it: say so; the list and the details have been reloaded.
        toast.error(error.message || ALLOWANCE_UI.decisionFailed);
        onClose();
        return;
      }
      if (error instanceof ApiError && error.status === 403) {
        setFailure(ALLOWANCE_UI.noPermission);
        toast.error(ALLOWANCE_UI.noPermission);
        return;
      }
      if (error instanceof ApiError && error.status === 400 && error.fields?.comment) {
        setCommentError(error.fields.comment);
        return;
      }
      setFailure(ALLOWANCE_UI.decisionFailed);
      toast.error(ALLOWANCE_UI.decisionFailed);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={approving ? 'Approve Allowance' : 'Deny Allowance'}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={approving ? 'primary' : 'danger'}
            loading={busy}
            loadingText={approving ? 'Approving...' : 'Denying...'}
          >
            {approving ? 'Approve' : 'Deny'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AllowanceSummary allowance={allowance} />
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field
          label="Comment"
          required
          error={commentError ?? undefined}
          hint={
            approving
              ? 'Recorded with your approval in the comment trail.'
              : 'Recorded as the reason for rejection; the submitter sees it in the details.'
          }
        >
          <Textarea
            rows={4}
            autoFocus
            value={comment}
            maxLength={2000}
            disabled={busy}
            onChange={(e) => {
              setComment(e.target.value);
              if (commentError && e.target.value.trim()) setCommentError(null);
            }}
          />
        </Field>
      </form>
    </Dialog>
  );
}

/** Mark as paid after a confirmation that names student, period and amount (spec §4, §8). */
export function PayDialog({ allowance, onClose }: { allowance: ActionTarget | null; onClose: () => void }) {
  const pay = usePayAllowance();
  if (!allowance) return null;

  const onConfirm = async () => {
    try {
      await pay.mutateAsync({ id: allowance.id });
      toast.success(ALLOWANCE_UI.paid);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast.error(error.message || ALLOWANCE_UI.payFailed);
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
          <strong className="text-slate-900 tabular-nums">{formatZmw(allowance.total)}</strong>, as paid?
          Confirm only once the money has been sent.
        </>
      }
      confirmLabel="Mark as Paid"
      busy={pay.isPending}
      busyLabel="Marking as paid..."
      onConfirm={() => void onConfirm()}
    />
  );
}
