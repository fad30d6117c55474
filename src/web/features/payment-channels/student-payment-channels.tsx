import { useId, useState } from 'react';
import type { PaymentChannel } from '../../../contracts/payment-channels';
import { mayConfirmWallet } from '../../../domain/holder-names';
import {
  PAYMENT_CHANNEL_KIND_LABELS,
  WALLET_NAME_CHECK_LABELS,
  WALLET_PROVIDER_LABELS,
} from '../../../domain/payment-channels';
import { Badge, Button, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { ChannelFormDialog } from './channel-form-dialog';
import { useMakePrimary, useStudentChannels } from './payment-channels.queries';
import { WalletConfirmDialog } from './wallet-confirm-dialog';

/**
 * Payment Channels on the student's profile: those in use, the primary first, with add, change
 * and make-primary for a user who may edit the student; the replaced ones behind a disclosure.
 */
export function StudentPaymentChannels({
  studentId,
  mayEdit,
  userRole,
}: {
  studentId: string;
  mayEdit: boolean;
  /** The user's role: a wallet whose name differs is confirmed by a deputy manager or admin only. */
  userRole?: string;
}) {
  const channels = useStudentChannels(studentId);
  const makePrimary = useMakePrimary(studentId);
  const [dialog, setDialog] = useState<{ channel?: PaymentChannel } | null>(null);
  const [confirming, setConfirming] = useState<PaymentChannel | null>(null);
  const mayConfirm = (channel: PaymentChannel) =>
    mayEdit &&
    channel.name_confirmation !== null &&
    mayConfirmWallet(userRole ?? '', mayEdit, channel.name_confirmation);
  const headingId = useId();
  const history = channels.data?.history ?? [];
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 pt-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
          Payment Channels
        </h3>
        {mayEdit && (
          <Button size="sm" variant="secondary" onClick={() => setDialog({})}>
            Add Payment Channel
          </Button>
        )}
      </div>
      {channels.isError && (
        <p className="text-sm text-red-700">
          {errorMessage(channels.error, {
            failed: 'Could not load the payment channels.',
            network: 'Could not reach the server.',
          })}
        </p>
      )}
      {channels.data?.current.length === 0 && (
        <p className="text-sm text-slate-600">No payment channel yet.</p>
      )}
      <ul className="space-y-2">
        {channels.data?.current.map((channel) => (
          <li
            key={channel.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded border border-slate-200 p-3"
          >
            <ChannelFacts channel={channel} />
            {mayEdit && (
              <div className="flex gap-2">
                {mayConfirm(channel) && (
                  <Button size="sm" onClick={() => setConfirming(channel)}>
                    Confirm Wallet
                  </Button>
                )}
                {!channel.is_primary && (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={makePrimary.isPending && makePrimary.variables === channel.id}
                    onClick={() =>
                      makePrimary.mutate(channel.id, {
                        onSuccess: () => toast.success('Primary payment channel changed'),
                        onError: (error) =>
                          toast.error(
                            errorMessage(error, {
                              failed: 'Failed to change the primary channel',
                              network: 'Could not reach the server.',
                            }),
                          ),
                      })
                    }
                  >
                    Make Primary
                  </Button>
                )}
                <Button size="sm" variant="secondary" onClick={() => setDialog({ channel })}>
                  Change
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {history.length > 0 && (
        <details className="mt-3">
          <summary className="cursor-pointer text-sm text-primary">
            Earlier channels ({history.length})
          </summary>
          <ul className="mt-2 space-y-2">
            {history.map((channel) => (
              <li key={channel.id} className="rounded border border-slate-100 bg-slate-50 p-3">
                <ChannelFacts channel={channel} />
                <p className="mt-1 text-xs text-slate-600">
                  Replaced {channel.ended_at ? formatDateTime(channel.ended_at) : ''}
                  {channel.ended_by_name ? ` by ${channel.ended_by_name}` : ''}: {channel.end_reason}
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
      {confirming && (
        <WalletConfirmDialog studentId={studentId} channel={confirming} onClose={() => setConfirming(null)} />
      )}
      {dialog && (
        <ChannelFormDialog studentId={studentId} channel={dialog.channel} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}

function ChannelFacts({ channel }: { channel: PaymentChannel }) {
  const wallet = channel.kind === 'mobile_wallet';
  return (
    <div className="min-w-0 text-sm">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        {wallet && channel.provider
          ? WALLET_PROVIDER_LABELS[channel.provider]
          : PAYMENT_CHANNEL_KIND_LABELS.bank}
        {channel.is_primary && <Badge tone="primary">Primary</Badge>}
      </p>
      {wallet ? (
        <>
          <p className="text-slate-700">
            {channel.wallet_number} · {channel.wallet_name}
          </p>
          <HolderCheck channel={channel} />
        </>
      ) : (
        <p className="text-slate-700">
          {channel.bank_name}
          {channel.bank_branch ? `, ${channel.bank_branch}` : ''} · {channel.account_number} ·{' '}
          {channel.account_name}
        </p>
      )}
    </div>
  );
}

/** The wallet's holder check: its state, MTN's name, who confirmed it and why, or why it waits. */
function HolderCheck({ channel }: { channel: PaymentChannel }) {
  const tone =
    channel.name_check === 'mismatch' ? 'danger' : channel.name_check === 'unchecked' ? 'warning' : 'success';
  return (
    <div className="mt-1 space-y-0.5 text-xs text-slate-600">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={tone}>{WALLET_NAME_CHECK_LABELS[channel.name_check]}</Badge>
        {channel.operator_name && <span>Registered with the operator as “{channel.operator_name}”</span>}
        {channel.name_check === 'mismatch' && !channel.operator_name && (
          <span>The operator has no registered holder for this number</span>
        )}
      </p>
      {channel.name_check === 'confirmed' && (
        <p>
          Confirmed{channel.name_checked_by_name ? ` by ${channel.name_checked_by_name}` : ''}
          {channel.name_checked_at ? ` on ${formatDateTime(channel.name_checked_at)}` : ''}:{' '}
          {channel.name_check_note}
        </p>
      )}
      {channel.hold_reason && !channel.ended_at && (
        <p className="text-amber-800">Not paid yet: {channel.hold_reason}</p>
      )}
    </div>
  );
}
