import type { SmsStatus } from '../../../domain/sms';
import { Badge, type BadgeTone } from '../../components/ui';

export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

const TONES: Record<SmsStatus, BadgeTone> = {
  queued: 'neutral',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
};

export const SmsStatusBadge = ({ status }: { status: SmsStatus }) => (
  <Badge tone={TONES[status]}>{SMS_STATUS_LABELS[status]}</Badge>
);
