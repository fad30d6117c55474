import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { PageQuerySchema, pagedResponseSchema } from './common';

const AuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One entry of the audit trail (docs/product.md D15). */
export const AuditEntrySchema = z
  .object({
    id: z.string(),
    at: z.string(),
    /** Null when the system acted (a scheduled job) or nobody was signed in (a failed sign-in). */
    actor_id: z.string().nullable(),
    actor_name: z.string(),
    /** A stable code: 'student.created', 'allowance.approved', 'auth.sign_in_failed', ... */
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    summary: z.string(),
    changes: z.record(z.string(), z.object({ before: AuditValueSchema, after: AuditValueSchema })),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const DATE = 'Use a date written as YYYY-MM-DD';
const auditDate = z
  .string()
  .trim()
  .refine(isIsoDate, { message: DATE })
  .optional()
  .or(z.literal('').transform(() => undefined));
const optionalCode = z.string().trim().max(100).optional();

/** Filters of the Activity Log: who, what, which record, and when (dates in Lusaka, inclusive). */
export const AuditListQuerySchema = PageQuerySchema.extend({
  actor_id: z.uuid({ message: 'Choose a user from the list' }).optional(),
  entity_type: optionalCode,
  entity_id: z.string().trim().max(100).optional(),
  action: optionalCode,
  from: auditDate,
  to: auditDate,
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'The start date must be on or before the end date',
  path: ['to'],
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditListResponseSchema = pagedResponseSchema(AuditEntrySchema).meta({ id: 'AuditList' });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** A record's own history, oldest first (the History tab of a student or an allowance). */
export const RecordHistoryResponseSchema = z
  .object({
    items: z.array(AuditEntrySchema),
    /** The name of each person or record an id in the changes stands for ('Student: Mwila Chanda'). */
    names: z.record(z.string(), z.string()),
  })
  .meta({ id: 'RecordHistory' });
export type RecordHistoryResponse = z.infer<typeof RecordHistoryResponseSchema>;
