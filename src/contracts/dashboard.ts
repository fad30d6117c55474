import { z } from 'zod';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../domain/students';

/** A ZMW amount as an exact decimal string with two places, e.g. "1234.50". */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const DashboardResponseSchema = z
  .object({
    /** Scoped like the student list: a program officer counts only their own students. */
    studentCounts: z.object({
      total: z.number().int(),
      university: z.number().int(),
      diploma: z.number().int(),
      launch_year: z.number().int(),
    }),
    allowances: z.object({
      /** Allowances at a stage where the signed-in user may decide (approve/deny, or pay). */
      awaitingMyDecision: z.number().int(),
      /** Sum of totals marked paid in the current calendar month (Africa/Lusaka). */
      paidThisMonth: MoneySchema,
    }),
    studentsByCategory: z.array(
      z.object({ category: z.enum(PROGRAM_LEVELS), label: z.string(), count: z.number().int() }),
    ),
    /** Students by the year they started (start_date, else created_at), split by programme status. */
    studentProgressByYear: z.array(
      z.object({ year: z.number().int(), counts: z.record(z.enum(PROGRAM_STATUSES), z.number().int()) }),
    ),
    /** The last 12 months, oldest first; month is YYYY-MM, label like 'Mar 2026'. */
    monthlyAllowances: z.array(
      z.object({
        month: z.string(),
        label: z.string(),
        submitted: MoneySchema,
        approved: MoneySchema,
        paid: MoneySchema,
      }),
    ),
    recentActivity: z.array(
      z.object({
        id: z.string(),
        actorName: z.string(),
        action: z.string(),
        summary: z.string(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;
