import { z } from 'zod';
import { SMS_KINDS, SMS_STATUSES } from '../domain/sms';
import { PageQuerySchema, pagedResponseSchema, RecordIdParam } from './common';

/** This month's text messages, for System Settings (docs/product.md D16). */
export const SmsMonthSummarySchema = z
  .object({
    /** The programme's month, YYYY-MM. */
    month: z.string(),
    by_status: z.object(
      Object.fromEntries(SMS_STATUSES.map((s) => [s, z.number().int()])) as Record<
        (typeof SMS_STATUSES)[number],
        z.ZodNumber
      >,
    ),
    /** The gateway's costs summed, one line per currency, exact decimals. */
    total_cost: z.array(z.object({ currency: z.string(), amount: z.string() })),
  })
  .meta({ id: 'SmsMonthSummary' });
export type SmsMonthSummary = z.infer<typeof SmsMonthSummarySchema>;

export const SmsMessageSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SMS_KINDS),
    to_number: z.string().nullable(),
    body: z.string(),
    status: z.enum(SMS_STATUSES),
    failure_reason: z.string().nullable(),
    cost: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'SmsMessage' });
export type SmsMessage = z.infer<typeof SmsMessageSchema>;

export const SmsMessagesQuerySchema = PageQuerySchema.extend({
  student_id: RecordIdParam.optional(),
  user_id: RecordIdParam.optional(),
});

export const SmsMessageListSchema = pagedResponseSchema(SmsMessageSchema).meta({ id: 'SmsMessageList' });
export type SmsMessageList = z.infer<typeof SmsMessageListSchema>;

/** What each kind of message is called where a person's record lists them. */
export const SMS_KIND_LABELS: Record<(typeof SMS_KINDS)[number], string> = {
  allowance_paid: 'Allowance paid',
  event_reminder: 'Event reminder',
  urgent_announcement: 'Urgent announcement',
  staff_summary: 'Daily summary',
  opt_out_confirmation: 'STOP confirmed',
};
