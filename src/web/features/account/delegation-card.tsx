import { useState } from 'react';
import type { User } from '../../../contracts/auth';
import type { Delegation } from '../../../contracts/delegations';
import { APPROVAL_STAGE_LABELS } from '../../../domain/allowance-stages';
import { type DelegationState, delegableStages } from '../../../domain/delegations';
import { ListError, QueryPager } from '../../components/list';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  Skeleton,
  toast,
} from '../../components/ui';
import { errorMessage, failureWithReason, NETWORK_MESSAGE } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useAuth } from '../../lib/session';
import { DelegateDialog } from './delegate-dialog';
import { useEveryActiveDelegation, useMyDelegations, useRevokeDelegation } from './delegation.queries';

const STATE_LABELS: Record<DelegationState, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  ended: 'Ended',
  revoked: 'Revoked',
};
const STATE_TONES: Record<DelegationState, BadgeTone> = {
  active: 'success',
  upcoming: 'info',
  ended: 'neutral',
  revoked: 'neutral',
};

const person = (name: string, staffId: string | null) => (staffId ? `${name} (${staffId})` : name);

/**
 * Delegation (docs/product.md D21) on My Profile, for accounts that decide allowances: their
 * current and upcoming delegations, given and received, with Revoke on those they gave, and
 * "Delegate my approvals". An admin also sees every active delegation and may revoke any.
 */
export function DelegationCard() {
  const { user } = useAuth();
  if (!user || delegableStages(user.role).length === 0) return null;
  return <DelegationCardBody user={user} />;
}

function DelegationCardBody({ user }: { user: User }) {
  const mine = useMyDelegations();
  const [delegating, setDelegating] = useState(false);
  const [revoking, setRevoking] = useState<Delegation | null>(null);
  const isAdmin = user.role === 'admin';
  const given = mine.data?.items.filter((d) => d.delegator_id === user.id) ?? [];
  const received = mine.data?.items.filter((d) => d.delegate_id === user.id) ?? [];

  return (
    <Card aria-labelledby="delegation-title">
      <CardHeader
        title={<span id="delegation-title">Delegation</span>}
        description="Hand your allowance approvals to a colleague while you are away."
        actions={
          <Button size="sm" onClick={() => setDelegating(true)}>
            Delegate my approvals
          </Button>
        }
      />
      <CardBody className="space-y-5">
        {mine.isPending ? (
          <div role="status" aria-label="Loading your delegations" className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : mine.isError ? (
          <ListError
            title="Couldn't load your delegations"
            message={errorMessage(mine.error, {
              failed: 'Failed to load delegations',
              network: NETWORK_MESSAGE,
            })}
            onRetry={() => void mine.refetch()}
            retrying={mine.isFetching}
          />
        ) : given.length === 0 && received.length === 0 ? (
          <p className="text-sm text-slate-500">You have no current or upcoming delegations.</p>
        ) : (
          <>
            {given.length > 0 && (
              <DelegationList
                title="Given by you"
                items={given}
                headlineOf={(d) => `To ${person(d.delegate_name, d.delegate_staff_id)}`}
                onRevoke={setRevoking}
              />
            )}
            {received.length > 0 && (
              <DelegationList
                title="Received"
                items={received}
                headlineOf={(d) => `For ${person(d.delegator_name, d.delegator_staff_id)}`}
              />
            )}
          </>
        )}
        {isAdmin && <EveryActiveDelegation onRevoke={setRevoking} />}
      </CardBody>
      {delegating && <DelegateDialog onClose={() => setDelegating(false)} />}
      <RevokeDialog target={revoking} onDone={() => setRevoking(null)} />
    </Card>
  );
}

function DelegationList({
  title,
  items,
  headlineOf,
  onRevoke,
}: {
  title: string;
  items: Delegation[];
  headlineOf: (d: Delegation) => string;
  onRevoke?: (d: Delegation) => void;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <ul className="space-y-2">
        {items.map((d) => (
          <DelegationItem key={d.id} delegation={d} headline={headlineOf(d)} onRevoke={onRevoke} />
        ))}
      </ul>
    </section>
  );
}

function DelegationItem({
  delegation: d,
  headline,
  onRevoke,
}: {
  delegation: Delegation;
  headline: string;
  onRevoke?: (d: Delegation) => void;
}) {
  const stages = d.stages.map((s) => APPROVAL_STAGE_LABELS[s]).join(', ');
  return (
    <li
      aria-label={`${headline}, ${formatDate(d.starts_on)} to ${formatDate(d.ends_on)}`}
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{headline}</span>
          <Badge tone={STATE_TONES[d.state]}>{STATE_LABELS[d.state]}</Badge>
        </p>
        <p className="text-slate-600">
          <time dateTime={d.starts_on}>{formatDate(d.starts_on)}</time> to{' '}
          <time dateTime={d.ends_on}>{formatDate(d.ends_on)}</time> · {stages}
        </p>
        <p className="break-words text-slate-500">{d.reason}</p>
      </div>
      {onRevoke && (d.state === 'active' || d.state === 'upcoming') && (
        <Button size="sm" variant="secondary" onClick={() => onRevoke(d)}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Admins: every delegation active today, ten a page. */
function EveryActiveDelegation({ onRevoke }: { onRevoke: (d: Delegation) => void }) {
  const [page, setPage] = useState(1);
  const every = useEveryActiveDelegation(page, true);
  const data = every.data;
  return (
    <section aria-label="Every active delegation" className="space-y-2 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Every active delegation</h3>
      {every.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : every.isError && !data ? (
        <ListError
          title="Couldn't load the active delegations"
          message={errorMessage(every.error, {
            failed: 'Failed to load delegations',
            network: NETWORK_MESSAGE,
          })}
          onRetry={() => void every.refetch()}
          retrying={every.isFetching}
        />
      ) : !data || data.total === 0 ? (
        <p className="text-sm text-slate-500">No delegation is active today.</p>
      ) : (
        <>
          <ul className="space-y-2">
            {data.items.map((d) => (
              <DelegationItem
                key={d.id}
                delegation={d}
                headline={`${person(d.delegator_name, d.delegator_staff_id)} to ${person(d.delegate_name, d.delegate_staff_id)}`}
                onRevoke={onRevoke}
              />
            ))}
          </ul>
          <QueryPager query={every} onPage={setPage} />
        </>
      )}
    </section>
  );
}

function RevokeDialog({ target, onDone }: { target: Delegation | null; onDone: () => void }) {
  const revoke = useRevokeDelegation();
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onDone()}
      title="Revoke delegation"
      message={
        target
          ? `Revoke the delegation of ${target.delegator_name}'s approvals to ${target.delegate_name}? It stops at once.`
          : ''
      }
      confirmLabel="Revoke"
      busy={revoke.isPending}
      busyLabel="Revoking..."
      variant="danger"
      onConfirm={async () => {
        if (!target) return;
        try {
          await revoke.mutateAsync(target.id);
          toast.success('Delegation revoked.');
          onDone();
        } catch (error) {
          toast.error(failureWithReason(error, 'Failed to revoke the delegation', NETWORK_MESSAGE));
        }
      }}
    />
  );
}
