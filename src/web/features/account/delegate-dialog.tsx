import { CreateDelegationRequestSchema } from '../../../contracts/delegations';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import { DELEGATION_REASON_MAX } from '../../../domain/delegations';
import { roleTitle } from '../../../domain/roles';
import { FormDialog, useSchemaForm } from '../../components/forms';
import { Alert, Button, DateInput, Field, Select, Textarea, toast } from '../../components/ui';
import { errorMessage, NETWORK_MESSAGE } from '../../lib/api';
import { formatDate, todayIso } from '../../lib/format';
import { useCreateDelegation, useEligibleDelegates } from './delegation.queries';

interface Values {
  delegate_id: string;
  starts_on: string;
  ends_on: string;
  reason: string;
}

/**
 * Delegate my approvals (docs/product.md D21): to an account whose role decides the same stages,
 * from a day (today at the earliest) to a day, with a reason. The server checks it all again.
 */
export function DelegateDialog({ onClose }: { onClose: () => void }) {
  const eligible = useEligibleDelegates(true);
  const create = useCreateDelegation();
  const today = todayIso();
  const form = useSchemaForm<Values>(CreateDelegationRequestSchema, {
    delegate_id: '',
    starts_on: today,
    ends_on: '',
    reason: '',
  });
  const { register } = form;
  const { errors, isSubmitting: busy } = form.formState;
  const people = eligible.data?.items ?? [];
  const stages = eligible.data?.stages.map((s) => APPROVAL_STAGE_LABELS[s]).join(', ');

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="Delegate my approvals"
      description={
        stages
          ? `While it lasts, the person you choose decides allowances at ${stages} on your behalf. You can still decide them yourself.`
          : 'While it lasts, the person you choose decides your allowance approvals on your behalf.'
      }
      form={form}
      onSubmit={async (values) => {
        const made = await create.mutateAsync(values);
        toast.success(
          `Your approvals are delegated to ${made.delegate_name} from ${formatDate(made.starts_on)} to ${formatDate(made.ends_on)}.`,
        );
        onClose();
      }}
      failed="Failed to delegate your approvals"
      submitLabel="Delegate"
      pendingLabel="Delegating..."
      className="space-y-4"
    >
      {eligible.isError ? (
        <Alert tone="error" title="Couldn't load who can receive your approvals">
          <p>
            {errorMessage(eligible.error, {
              failed: 'The server could not list them.',
              network: NETWORK_MESSAGE,
            })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void eligible.refetch()}
            loading={eligible.isFetching}
          >
            Retry
          </Button>
        </Alert>
      ) : null}
      <Field
        label="Delegate to"
        required
        error={errors.delegate_id?.message}
        hint={
          eligible.data && people.length === 0
            ? 'No other active account holds a role that decides your stages.'
            : 'Only accounts whose role decides the same stages are listed.'
        }
      >
        <Select disabled={busy || eligible.isPending} {...register('delegate_id')}>
          <option value="">{eligible.isPending ? 'Loading...' : 'Choose a person'}</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
              {p.staff_id ? ` (${p.staff_id})` : ''} · {roleTitle(p.role)}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From" required error={errors.starts_on?.message} hint="The first day, included">
          <DateInput min={today} disabled={busy} {...register('starts_on')} />
        </Field>
        <Field label="Until" required error={errors.ends_on?.message} hint="The last day, included">
          <DateInput min={today} disabled={busy} {...register('ends_on')} />
        </Field>
      </div>
      <Field label="Reason" required error={errors.reason?.message}>
        <Textarea rows={3} maxLength={DELEGATION_REASON_MAX} disabled={busy} {...register('reason')} />
      </Field>
    </FormDialog>
  );
}
