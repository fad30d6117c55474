import type { PaymentChannel } from '../../../contracts/payment-channels';
import { PaymentChannelChangeSchema, PaymentChannelCreateSchema } from '../../../contracts/payment-channels';
import {
  PAYMENT_CHANNEL_KIND_LABELS,
  PAYMENT_CHANNEL_KINDS,
  WALLET_PROVIDER_LABELS,
  WALLET_PROVIDERS,
} from '../../../domain/payment-channels';
import { choiceFields, FormDialog, InputField, useSchemaForm } from '../../components/forms';
import { Alert, Checkbox, Field, Textarea, toast } from '../../components/ui';
import {
  type ChannelFormValues,
  channelDetails,
  channelFormDefaults,
  prefixWarningOf,
} from './channel-form-values';
import { useAddChannel, useChangeChannel } from './payment-channels.queries';

/**
 * Add a payment channel, or change one (which ends it and adds the new details in its place, so
 * a change asks first). A wallet number under another operator's prefix is pointed out under the
 * field before saving; the server saves it as entered and says so again.
 */
export function ChannelFormDialog({
  studentId,
  channel,
  onClose,
}: {
  studentId: string;
  /** The channel to change; none to add one. */
  channel?: PaymentChannel;
  onClose: () => void;
}) {
  const changing = channel !== undefined;
  const add = useAddChannel(studentId);
  const change = useChangeChannel(studentId);
  const form = useSchemaForm<ChannelFormValues>(
    changing ? PaymentChannelChangeSchema : PaymentChannelCreateSchema,
    channelFormDefaults(channel),
  );
  const busy = form.formState.isSubmitting;
  const choice = choiceFields(form, { disabled: busy });
  const [kind, provider, walletNumber] = form.watch(['kind', 'provider', 'wallet_number']);
  const warning = kind === 'mobile_wallet' ? prefixWarningOf(provider, walletNumber) : null;
  const { errors } = form.formState;

  return (
    <FormDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={changing ? 'Change Payment Channel' : 'Add Payment Channel'}
      form={form}
      onSubmit={async (values) => {
        const details = channelDetails(values);
        const saved = changing
          ? await change.mutateAsync({ channelId: channel.id, body: { ...details, reason: values.reason } })
          : await add.mutateAsync({ ...details, primary: values.primary });
        toast.success(changing ? 'Payment channel changed' : 'Payment channel added');
        for (const message of saved.warnings) toast.warning(message);
        onClose();
      }}
      confirmSave={
        changing
          ? () => ({
              title: 'Change this payment channel?',
              message:
                'The current details stay in the history as they were, and the new ones take their place.',
              confirmLabel: 'Change Channel',
            })
          : undefined
      }
      failed={changing ? 'Failed to change the payment channel' : 'Failed to add the payment channel'}
      submitLabel={changing ? 'Change Channel' : 'Add Channel'}
      pendingLabel="Saving..."
      className="space-y-4"
    >
      {choice('kind', 'Channel', PAYMENT_CHANNEL_KINDS, PAYMENT_CHANNEL_KIND_LABELS)}
      {kind === 'mobile_wallet' ? (
        <>
          {choice('provider', 'Operator', WALLET_PROVIDERS, WALLET_PROVIDER_LABELS)}
          <InputField
            form={form}
            name="wallet_number"
            label="Wallet number"
            required
            type="tel"
            maxLength={30}
            disabled={busy}
            hint="Such as 0961234567; saved as +260961234567"
          />
          {warning && <Alert tone="info">{warning}</Alert>}
          <InputField
            form={form}
            name="wallet_name"
            label="Registered name"
            required
            maxLength={200}
            disabled={busy}
          />
        </>
      ) : (
        <>
          <InputField form={form} name="bank_name" label="Bank" required maxLength={100} disabled={busy} />
          <InputField form={form} name="bank_branch" label="Branch" maxLength={100} disabled={busy} />
          <InputField
            form={form}
            name="account_number"
            label="Account number"
            required
            maxLength={40}
            disabled={busy}
          />
          <InputField
            form={form}
            name="account_name"
            label="Account name"
            required
            maxLength={200}
            disabled={busy}
          />
        </>
      )}
      {changing ? (
        <Field label="Reason for the change" required error={errors.reason?.message}>
          <Textarea rows={2} maxLength={500} disabled={busy} {...form.register('reason')} />
        </Field>
      ) : (
        <Checkbox label="Make this the primary channel" disabled={busy} {...form.register('primary')} />
      )}
    </FormDialog>
  );
}
