/*
 * What other features use of text messages (docs/product.md D16): queuing a message in their
 * own transaction, and the admins' bell. The outbox, the sender and the callbacks stay inside.
 */
export { PAID_CHANNELS, queueAllowancePaidSms } from './sms-allowance';
export { smsNotifications } from './sms-bell';
export { queueEventReminders, queueUrgentAnnouncementSms } from './sms-broadcasts';
export { queueSms, smsOn } from './sms-outbox';
