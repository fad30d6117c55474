import { z } from 'zod';

/** One thing waiting for the signed-in user, with the screen that opens it (docs/product.md D16). */
export const NotificationItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    detail: z.string(),
    /** The app path that opens the record, e.g. /allowances?open=<id>. */
    href: z.string(),
  })
  .meta({ id: 'NotificationItem' });
export type NotificationItem = z.infer<typeof NotificationItemSchema>;

/** What one area has waiting: its count and the latest items (at most 20). */
export const NotificationGroupSchema = z
  .object({
    area: z.string(),
    label: z.string(),
    count: z.number().int(),
    items: z.array(NotificationItemSchema),
  })
  .meta({ id: 'NotificationGroup' });
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>;

/** The bell: everything waiting for the user, grouped by area; areas with nothing waiting are left out. */
export const NotificationsResponseSchema = z
  .object({
    count: z.number().int(),
    groups: z.array(NotificationGroupSchema),
    /** Whether the user gets the daily email of what waits for them. */
    email_digest: z.boolean(),
    /** Whether the user (staff) chose the morning text message of what waits for them. */
    sms_digest: z.boolean(),
    /** Whether that text can be chosen: staff, a gateway, and SMS and its daily summary on in Settings. */
    sms_digest_available: z.boolean(),
  })
  .meta({ id: 'Notifications' });
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const EmailDigestSettingSchema = z
  .object({ email_digest: z.boolean({ error: 'email_digest must be true or false' }) })
  .meta({ id: 'EmailDigestSetting' });
export type EmailDigestSetting = z.infer<typeof EmailDigestSettingSchema>;

export const SmsDigestSettingSchema = z
  .object({ sms_digest: z.boolean({ error: 'sms_digest must be true or false' }) })
  .meta({ id: 'SmsDigestSetting' });
export type SmsDigestSetting = z.infer<typeof SmsDigestSettingSchema>;
