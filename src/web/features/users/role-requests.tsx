import { ArrowRight, Check, X } from 'lucide-react';
import { useState } from 'react';
import type { RoleRequest } from '../../../contracts/users';
import { roleTitle } from '../../../domain/roles';
import { ListError, QueryPager } from '../../components/list';
import { Button, Field, Skeleton, Textarea, toast } from '../../components/ui';
import { formatDate } from '../../lib/format';
import { reasonOf, useDecideRoleRequest, useRoleRequests } from './users.queries';

/** 'Pending role requests' (admins): each request with an optional note, Grant and Decline. */
export function PendingRoleRequests() {
  const [page, setPage] = useState(1);
  const requests = useRoleRequests(page, true);
  const data = requests.data;
  // The mutation lives here, not in each request: a decided request leaves the refetched list, and
  // callbacks of a mutation whose component has unmounted never run, so its toast would be lost.
  const decide = useDecideRoleRequest();
  const run = (r: RoleRequest, decision: 'grant' | 'decline', note: string) =>
    decide.mutate(
      { id: r.id, decision, note },
      {
        onSuccess: ({ linked_student }) => {
          if (decision === 'decline') toast.success(`Declined the request of ${r.user_name}.`);
          else
            toast.success(
              `Granted: ${r.user_name} is now ${roleTitle(r.role)}.`,
              linked_student ? { description: `Linked to student record ${linked_student.full_name}` } : {},
            );
        },
        onError: (error) => toast.error(reasonOf(error)),
      },
    );
  const decidingFor = (r: RoleRequest) =>
    decide.isPending && decide.variables?.id === r.id ? decide.variables.decision : null;
  return (
    <section aria-labelledby="pending-role-requests" className="space-y-3">
      <h3 id="pending-role-requests" className="text-base font-semibold text-slate-900">
        Pending role requests
        {data && data.total > 0 && <span className="ml-1 text-slate-500">({data.total})</span>}
      </h3>
      {requests.isError && !data ? (
        <ListError
          title="Couldn't load the role requests"
          message={reasonOf(requests.error)}
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        />
      ) : !data ? (
        <Skeleton className="h-32 w-full" />
      ) : data.items.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">No pending role requests.</p>
      ) : (
        <ul aria-label="Pending role requests" className="space-y-3">
          {data.items.map((request) => (
            <li key={request.id}>
              <RequestItem
                request={request}
                busy={decide.isPending}
                deciding={decidingFor(request)}
                onDecide={(decision, note) => run(request, decision, note)}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > data.pageSize && <QueryPager query={requests} onPage={setPage} />}
    </section>
  );
}

interface RequestItemProps {
  request: RoleRequest;
  /** Some request is being decided: every button waits. */
  busy: boolean;
  /** The decision being sent for this request, if any. */
  deciding: 'grant' | 'decline' | null;
  onDecide: (decision: 'grant' | 'decline', note: string) => void;
}

/** Decline comes first and quieter: granting is the step that changes the account. */
const DECISION_BUTTONS = [
  { decision: 'decline', label: 'Decline', loadingText: 'Declining...', icon: X, variant: 'secondary' },
  { decision: 'grant', label: 'Grant', loadingText: 'Granting...', icon: Check, variant: 'primary' },
] as const;

function RequestItem({ request: r, busy, deciding, onDecide }: RequestItemProps) {
  const [note, setNote] = useState('');
  return (
    <article aria-labelledby={`request-${r.id}`} className="space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={`request-${r.id}`} className="font-medium break-words text-slate-900">
            {r.user_name}
          </h4>
          <p className="text-xs break-all text-slate-600">
            {r.user_staff_id && <span>ID: {r.user_staff_id} · </span>}
            {r.user_email}
          </p>
        </div>
        <p className="text-xs text-slate-600">Asked on {formatDate(r.created_at)}</p>
      </div>
      <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-800">
        <span>{roleTitle(r.current_role)}</span>
        <ArrowRight aria-hidden="true" className="size-4 text-slate-500" />
        <span className="sr-only">requests</span>
        <span className="font-semibold">{roleTitle(r.role)}</span>
      </p>
      <Field label="Note (optional)">
        <Textarea
          rows={2}
          maxLength={500}
          value={note}
          disabled={busy}
          onChange={(e) => setNote(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {DECISION_BUTTONS.map(({ decision, label, loadingText, icon: Icon, variant }) => (
          <Button
            key={decision}
            size="sm"
            variant={variant}
            loading={deciding === decision}
            loadingText={loadingText}
            disabled={busy}
            onClick={() => onDecide(decision, note)}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Button>
        ))}
      </div>
    </article>
  );
}
