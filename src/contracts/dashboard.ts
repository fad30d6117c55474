import { z } from 'zod';
import { APPROVAL_STAGES } from '../domain/allowance-stages';
import { ROLES } from '../domain/roles';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../domain/students';

/** A ZMW amount as an exact decimal string with two places, e.g. "1234.50". */
export const MoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const DashboardResponseSchema = z
  .object({
    /** Scoped like the student list: a program officer counts only their own students. */
    student_counts: z.object({
      total: z.number().int(),
      university: z.number().int(),
      diploma: z.number().int(),
      launch_year: z.number().int(),
    }),
    allowances: z.object({
      /** Allowances at a stage where the signed-in user may decide (approve/deny, or pay). */
      awaiting_my_decision: z.number().int(),
      /** Sum of totals marked paid in the current calendar month (Africa/Lusaka). */
      paid_this_month: MoneySchema,
    }),
    students_by_category: z.array(
      z.object({ category: z.enum(PROGRAM_LEVELS), label: z.string(), count: z.number().int() }),
    ),
    /** Students by the year they started (start_date, else created_at), split by programme status. */
    student_progress_by_year: z.array(
      z.object({ year: z.number().int(), counts: z.record(z.enum(PROGRAM_STATUSES), z.number().int()) }),
    ),
    /** The last 12 months, oldest first; month is YYYY-MM, label like 'Mar 2026'. */
    monthly_allowances: z.array(
      z.object({
        month: z.string(),
        label: z.string(),
        submitted: MoneySchema,
        approved: MoneySchema,
        paid: MoneySchema,
      }),
    ),
    recent_activity: z.array(
      z.object({
        id: z.string(),
        actor_name: z.string(),
        action: z.string(),
        summary: z.string(),
        created_at: z.string(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });
export type DashboardResponse = z.infer<typeof DashboardResponseSchema>;

/**
 * The dashboard of an account without a staff role (docs/product.md §2): a student sees their own
 * record and allowances, found by the account's email; anyone sees their role and any role request.
 */
export const MyDashboardResponseSchema = z
  .object({
    role: z.enum(ROLES),
    /** The role asked for at registration, until an admin grants or declines it. */
    requested_role: z.enum(ROLES).nullable(),
    /** A student account's own record; null for other accounts or when no record has its email. */
    student: z
      .object({
        full_name: z.string(),
        chl_number: z.string().nullable(),
        program_level: z.enum(PROGRAM_LEVELS),
        program_status: z.enum(PROGRAM_STATUSES),
        institution_name: z.string().nullable(),
        current_program: z.string().nullable(),
        assigned_officer_name: z.string().nullable(),
      })
      .nullable(),
    /** The student's allowances, newest period first (at most 24). */
    allowances: z.array(
      z.object({
        id: z.string(),
        month: z.string(),
        year: z.number().int(),
        total: MoneySchema,
        approval_stage: z.enum(APPROVAL_STAGES),
        paid_date: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'MyDashboard' });
export type MyDashboardResponse = z.infer<typeof MyDashboardResponseSchema>;
