/** Text messages (docs/product.md D16): what is sent, and the statuses a message moves through. */

export const SMS_KINDS = [
  'allowance_paid',
  'event_reminder',
  'urgent_announcement',
  'staff_summary',
  'opt_out_confirmation',
] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

export const SMS_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** The reasons the product itself writes on a failed message (the gateway's are kept as it words them). */
export const SMS_REASONS = {
  noNumber: 'No usable phone number on the record',
  optedOut: 'The number replied STOP',
  interrupted:
    'Sending was interrupted while the gateway was called; not sent again so it cannot arrive twice',
  gaveUp: 'The gateway could not be reached after several tries',
  unanswered: 'The gateway did not answer; not sent again so it cannot arrive twice',
} as const;

/** No message goes out from this hour until QUIET_END (programme time): it waits for the morning. */
export const QUIET_START_HOUR = 20;
export const QUIET_END_HOUR = 7;

export const isQuietHour = (hour: number): boolean => hour >= QUIET_START_HOUR || hour < QUIET_END_HOUR;

/** A reply that opts the number out: STOP in any case, spaces anywhere. */
export const isStopReply = (text: string): boolean => text.replace(/\s/g, '').toUpperCase() === 'STOP';
export const isStartReply = (text: string): boolean => text.replace(/\s/g, '').toUpperCase() === 'START';
