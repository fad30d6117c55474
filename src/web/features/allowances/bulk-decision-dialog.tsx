import { z } from 'zod';
import {
  BULK_DECISION_MAX,
  type BulkDecisionRequest,
  type BulkDecisionResponse,
} from '../../../contracts/allowances';
import {
  type Decision,
  REVIEW_STAGES,
  REVIEW_STEP_RULES,
  type ReviewStage,
} from '../../../domain/allowances';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Field, Select } from '../../components/ui';
import { ApiError } from '../../lib/api';
import { useBulkDecision } from './allowances.queries';
import { DecisionComment } from './decision-comment';
import { ALLOWANCE_UI } from './messages';
import { TIMELINE_TITLES } from './timeline';

export interface BulkDecisionRequestOnScreen {
  decision: Decision;
  /** How many are ticked (what the confirmation names). */
  count: number;
  /** The ids ticked, or the list's filter. */
  target: Pick<BulkDecisionRequest, 'ids' | 'filter'>;
  /** The review stages the user decides at; a choice is offered when there are two. */
  stages: ReviewStage[];
  suggested: ReviewStage;
}

export interface BulkDecisionOutcome {
  decision: Decision;
  stage: ReviewStage;
  result: BulkDecisionResponse;
}

const FormSchema = z.object({
  comment: z.string().trim().min(1, { message: ALLOWANCE_UI.commentRequired }),
  stage: z.enum(REVIEW_STAGES as [ReviewStage, ...ReviewStage[]]),
});
type FormValues = { comment: string; stage: ReviewStage };

const stepTitle = (stage: ReviewStage) => TIMELINE_TITLES[REVIEW_STEP_RULES[stage].step];
const allowancesWord = (n: number) => `${n.toLocaleString('en')} allowance${n === 1 ? '' : 's'}`;

/** The message above the form for a refused request (a refused comment is on its field). */
function failure(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 403) return ALLOWANCE_UI.noPermission;
  if (error instanceof ApiError && error.status === 400) return error.fields?.comment ? null : error.message;
  return ALLOWANCE_UI.decisionFailed;
}

/**
 * Approve or deny the ticked allowances with one comment (required, as for one allowance: docs/product.md §5).
 * The server decides those at the chosen stage and lists the rest with the reason; the outcome
 * goes to `onDone` for the result panel.
 */
export function BulkDecisionDialog({
  request,
  onClose,
  onDone,
}: {
  request: BulkDecisionRequestOnScreen | null;
  onClose: () => void;
  onDone: (outcome: BulkDecisionOutcome) => void;
}) {
  if (!request) return null;
  return <BulkDecisionForm key={request.decision} request={request} onClose={onClose} onDone={onDone} />;
}

function BulkDecisionForm({
  request,
  onClose,
  onDone,
}: {
  request: BulkDecisionRequestOnScreen;
  onClose: () => void;
  onDone: (outcome: BulkDecisionOutcome) => void;
}) {
  const { decision, count, target, stages, suggested } = request;
  const decide = useBulkDecision();
  const form = useSchemaForm<FormValues>(FormSchema, { comment: '', stage: suggested });
  const busy = form.formState.isSubmitting;
  const approving = decision === 'approve';
  const stage = form.watch('stage');

  const save = async ({ comment, stage: chosen }: FormValues) => {
    const result = await decide.mutateAsync({
      ...target,
      decision,
      comment: comment.trim(),
      expected_stage: chosen,
    });
    onDone({ decision, stage: chosen, result });
  };

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={approving ? 'Approve Selected Allowances' : 'Deny Selected Allowances'}
      size="md"
      form={form}
      onSubmit={save}
      submitLabel={`${approving ? 'Approve' : 'Deny'} ${allowancesWord(count)}`}
      pendingLabel={approving ? 'Approving...' : 'Denying...'}
      submitVariant={approving ? 'primary' : 'danger'}
      failureMessage={failure}
      className="space-y-4"
    >
      <p className="text-sm text-slate-700">
        {approving ? 'Approve' : 'Deny'} <strong className="text-slate-900">{allowancesWord(count)}</strong>{' '}
        at <strong className="text-slate-900">{stepTitle(stage)}</strong>. Each one still at that step is
        decided with this comment; the others are left as they are and listed afterwards with the reason.
      </p>
      {stages.length > 1 && (
        <Field label="Step" hint="The step you decide them at.">
          <Select
            disabled={busy}
            options={stages.map((s) => ({ value: s, label: stepTitle(s) }))}
            {...form.register('stage')}
          />
        </Field>
      )}
      <DecisionComment
        form={form}
        busy={busy}
        hint={
          approving
            ? 'Recorded with your approval in the comment trail of each allowance.'
            : 'Recorded as the reason for rejection of each allowance.'
        }
      />
      {target.filter && (
        <p className="text-xs text-slate-500">
          Everything the current search and stage filter match when you confirm is included, at most{' '}
          {BULK_DECISION_MAX.toLocaleString('en')}.
        </p>
      )}
    </FormDialog>
  );
}
