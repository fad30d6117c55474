import { z } from 'zod';
import { APPROVAL_STAGES } from '../domain/allowance-stages';
import { ROLES } from '../domain/roles';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../domain/students';
import { ENTRY_STATUSES } from '../domain/yearbook';
import { AnnouncementSchema } from './announcements';
import { EventSchema } from './events';

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
    /** The allowances paid to the student, newest period first (at most 24). */
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
    /**
     * The student's own yearbook entries, newest class first, whatever their review state. A
     * yearbook not published yet is named by its year only (its title is management's until then).
     */
    yearbook_entries: z.array(
      z.object({
        id: z.string(),
        yearbook_year: z.number().int(),
        yearbook_published: z.boolean(),
        yearbook_title: z.string().nullable(),
        status: z.enum(ENTRY_STATUSES),
        quote: z.string().nullable(),
      }),
    ),
    /** Students and users: the next events still to come (at most 5), soonest first. */
    events: z.array(EventSchema),
    /** Students and users: the latest announcements of their audience (at most 5). */
    announcements: z.array(AnnouncementSchema),
  })
  .meta({ id: 'MyDashboard' });
export type MyDashboardResponse = z.infer<typeof MyDashboardResponseSchema>;

/*
 * The performance metrics (docs/product.md §2 Dashboard, where each is defined): for each, the
 * current period and the one before it, counted over the records the viewer may read.
 */
export const METRIC_KEYS = [
  'student_retention',
  'allowance_on_time',
  'issue_resolution',
  'form_completion',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export const METRIC_PERIODS = ['current', 'previous'] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];

export const MetricFigureSchema = z.object({
  /** The period's first and last day (ISO dates, in the programme's time zone). */
  from: z.string(),
  to: z.string(),
  /** On-time Allowance Distribution: the payment day of that month (System Settings). */
  due_date: z.string().nullable(),
  /** Records the rate is over (its denominator); 0 means no data yet. */
  counted: z.number().int(),
  /** Of those, the records that met the measure (its numerator). */
  met: z.number().int(),
  /** Records of the period not counted yet: issues under 30 days old and not yet resolved. */
  pending: z.number().int(),
});
export type MetricFigure = z.infer<typeof MetricFigureSchema>;

export const DashboardMetricsResponseSchema = z
  .object({
    metrics: z.array(
      z.object({ key: z.enum(METRIC_KEYS), current: MetricFigureSchema, previous: MetricFigureSchema }),
    ),
  })
  .meta({ id: 'DashboardMetrics' });
export type DashboardMetricsResponse = z.infer<typeof DashboardMetricsResponseSchema>;
export type DashboardMetric = DashboardMetricsResponse['metrics'][number];

export const MetricRecordsParamsSchema = z.object({
  key: z.enum(METRIC_KEYS, { message: `Metric must be one of: ${METRIC_KEYS.join(', ')}` }),
});
export const MetricRecordsQuerySchema = z.object({
  period: z
    .enum(METRIC_PERIODS, { message: 'Period must be current or previous' })
    .optional()
    .default('current'),
});

/** At most this many records are listed; the figure counts them all. */
export const METRIC_RECORDS_LIMIT = 200;

/**
 * One record a metric counts: a student (retention), an allowance, an issue or a form, with the
 * dates and status that decided whether it met the measure. Those that missed come first.
 */
export const MetricRecordSchema = z.object({
  id: z.string(),
  /** A student's name, an allowance's period ('February 2026'), an issue's title or a form's type. */
  title: z.string(),
  /** The student the allowance, issue or form is about; null for retention (the title is the student). */
  student_name: z.string().nullable(),
  /** Started (retention), submitted (allowance), reported (issue) or dated (form): an ISO date. */
  started: z.string(),
  /** Paid (allowance), resolved (issue) or completed (form): an ISO date, or null. */
  ended: z.string().nullable(),
  /** Retention: the status at the start of the year; null for the others. */
  earlier_status: z.string().nullable(),
  /** The status that decided: retention's at the period's end (now for this year), else the record's. */
  status: z.string(),
  outcome: z.enum(['met', 'missed', 'pending']),
});
export type MetricRecord = z.infer<typeof MetricRecordSchema>;

export const MetricRecordsResponseSchema = z
  .object({
    key: z.enum(METRIC_KEYS),
    period: z.enum(METRIC_PERIODS),
    figure: MetricFigureSchema,
    /** Every record the period holds, counted or pending (items stop at METRIC_RECORDS_LIMIT). */
    total: z.number().int(),
    items: z.array(MetricRecordSchema),
  })
  .meta({ id: 'DashboardMetricRecords' });
export type MetricRecordsResponse = z.infer<typeof MetricRecordsResponseSchema>;
