import { useState } from 'react';
import type { PaymentChannel } from '../../../contracts/payment-channels';
import { WALLET_PROVIDER_LABELS } from '../../../domain/payment-channels';
import { Button, Dialog, Field, Textarea, toast } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { useConfirmWallet } from './payment-channels.queries';

/**
 * Confirming a wallet's holder by hand (issue 49 item 2): for a name that differs from MTN's, the
 * deputy manager or admin says why the wallet is right anyway; for a wallet no operator names, the
 * officer says how they checked it. The note is kept with the check and in the audit trail.
 */
export function WalletConfirmDialog({
  studentId,
  channel,
  onClose,
}: {
  studentId: string;
  channel: PaymentChannel;
  onClose: () => void;
}) {
  const confirm = useConfirmWallet(studentId);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const operator = channel.provider ? WALLET_PROVIDER_LABELS[channel.provider] : 'the operator';
  const mismatch = channel.name_confirmation === 'mismatch';
  const submit = () => {
    if (!note.trim()) return setError('Say how the wallet was confirmed');
    confirm.mutate(
      { channelId: channel.id, note: note.trim() },
      {
        onSuccess: () => {
          toast.success('Wallet confirmed');
          onClose();
        },
        onError: (e) =>
          setError(
            errorMessage(e, {
              failed: 'Failed to confirm the wallet',
              network: 'Could not reach the server.',
            }),
          ),
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !confirm.isPending && onClose()}
      title="Confirm Wallet"
      dismissible={!confirm.isPending}
      description={
        mismatch
          ? `${operator} registers ${channel.wallet_number} to ${channel.operator_name ? `“${channel.operator_name}”` : 'nobody it could name'}, not to the student (“${channel.wallet_name}”). Confirm only if you know this wallet is the student's.`
          : `${operator} gives no registered name. Confirm that ${channel.wallet_number} is the student's own wallet (“${channel.wallet_name}”) before it is paid.`
      }
      footer={
        <>
          <Button variant="secondary" disabled={confirm.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button loading={confirm.isPending} loadingText="Confirming..." onClick={submit}>
            Confirm Wallet
          </Button>
        </>
      }
    >
      <Field label="Note" required error={error} hint="How you checked it; kept in the audit trail.">
        <Textarea
          rows={3}
          maxLength={500}
          value={note}
          disabled={confirm.isPending}
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </Dialog>
  );
}
