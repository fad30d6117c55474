import { type FormEvent, useId, useState } from 'react';
import type { MyProfile, RoleRequestSummary } from '../../../contracts/users';
import { isRole, REGISTRABLE_ROLES, roleTitle } from '../../../domain/roles';
import { ROLE_REQUEST_STATUS_LABELS, type RoleRequestStatus, USER_MESSAGES } from '../../../domain/users';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  CardBody,
  CardHeader,
  Field,
  Select,
  toast,
} from '../../components/ui';
import { ApiError, failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useRequestRole } from './account.queries';

const STATUS_TONES: Record<RoleRequestStatus, BadgeTone> = {
  pending: 'warning',
  granted: 'success',
  declined: 'danger',
  replaced: 'neutral',
};

const CHOOSE_ROLE = 'Choose the role you are asking for';

/** 'You asked for Program Officer on 03/03/2026'. */
export const requestAsked = (request: RoleRequestSummary) =>
  `You asked for ${roleTitle(request.role)} on ${formatDate(request.created_at)}`;

/** What became of a decided request: 'Declined by Mutale Bwalya on 05/03/2026: {note}'; null while pending. */
export function requestOutcome(request: RoleRequestSummary): string | null {
  if (request.status !== 'granted' && request.status !== 'declined') return null;
  const by = request.decided_by_name ? ` by ${request.decided_by_name}` : '';
  const on = request.decided_at ? ` on ${formatDate(request.decided_at)}` : '';
  const note = request.note ? `: ${request.note}` : '';
  return `${ROLE_REQUEST_STATUS_LABELS[request.status]}${by}${on}${note}`;
}

function LatestRequest({ request }: { request: RoleRequestSummary }) {
  const outcome = requestOutcome(request);
  return (
    <div className="space-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>{requestAsked(request)}</span>
        <Badge tone={STATUS_TONES[request.status]}>{ROLE_REQUEST_STATUS_LABELS[request.status]}</Badge>
      </p>
      {outcome && <p className="break-words">{outcome}</p>}
    </div>
  );
}

/** Role: the account's role, its latest request and what became of it, and a new request. */
export function RoleRequestCard({ profile }: { profile: MyProfile }) {
  const titleId = useId();
  const request = useRequestRole();
  const [role, setRole] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const choices = REGISTRABLE_ROLES.filter((r) => r !== profile.role).map((r) => ({
    value: r,
    label: roleTitle(r),
  }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isRole(role)) {
      setProblem(CHOOSE_ROLE);
      return;
    }
    setProblem(null);
    try {
      await request.mutateAsync(role);
      setRole('');
      toast.success(USER_MESSAGES.requestSent);
    } catch (error) {
      // A refusal about the role itself (already theirs, not a role) belongs on the select.
      const onField =
        error instanceof ApiError && (error.fields?.role ?? (error.status === 409 ? error.message : null));
      if (onField) setProblem(onField);
      else toast.error(failureWithReason(error, 'Failed to send role request', NETWORK_MESSAGE));
    }
  };

  return (
    <Card>
      <CardHeader
        title={<span id={titleId}>Role</span>}
        description="An administrator grants or declines role requests."
      />
      <CardBody className="space-y-4">
        <p className="text-sm text-slate-700">
          Your role: <span className="font-semibold text-slate-900">{roleTitle(profile.role)}</span>
        </p>
        {profile.latest_role_request ? (
          <LatestRequest request={profile.latest_role_request} />
        ) : (
          <p className="text-sm text-slate-500">You have not asked for another role.</p>
        )}
        <form noValidate onSubmit={submit} aria-labelledby={titleId} className="space-y-3">
          <Field
            label="Request a Role"
            hint="A new request replaces one that is still pending."
            error={problem ?? undefined}
          >
            <Select
              value={role}
              disabled={request.isPending}
              onChange={(event) => {
                setRole(event.target.value);
                setProblem(null);
              }}
            >
              <option value="">Choose a role</option>
              {choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            type="submit"
            variant="secondary"
            loading={request.isPending}
            loadingText="Sending..."
            className="w-full sm:w-auto"
          >
            Request Role
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
