/**
 * The Add New Allowance form (docs/product.md §5; docs/product.md D5): values as typed, their checks, the live total
 * (the domain's exact-money function) and the request body. The server computes the total again;
 * the form never sends one. Pure, unit-tested.
 */
import { z } from 'zod';
import type { CreateAllowanceRequest } from '../../../contracts/allowances';
import {
  ALLOWANCE_AMOUNT_MAX_TEXT,
  ALLOWANCE_YEAR_MAX,
  ALLOWANCE_YEAR_MIN,
  type AmountField,
  EXTRA_AMOUNT_FIELDS,
  parseAllowanceYear,
  previewAllowanceTotal,
  readAllowanceAmount,
  SUBMISSION_NOTES_MAX,
} from '../../../domain/allowance-rows';
import { ALLOWANCE_PROGRAM_LEVELS, type AllowanceProgramLevel } from '../../../domain/allowance-stages';
import { MONTHS } from '../../../domain/dates';
import { dayOf } from '../../lib/format';

export const AMOUNT_LABELS: Record<AmountField, string> = {
  stipend: 'Stipend',
  medical: 'Medical',
  transportation: 'Transportation',
  school_supplies: 'School Supplies',
  accommodation: 'Accommodation',
};

export const FORM_MESSAGES = {
  student: 'Please choose a student.',
  month: 'Please choose a month.',
  year: `Enter a year from ${ALLOWANCE_YEAR_MIN} to ${ALLOWANCE_YEAR_MAX}.`,
  stipend: 'Enter the stipend: an amount of 0 or more, such as 1500 or 1500.50.',
  amount: (field: AmountField) =>
    `${AMOUNT_LABELS[field]} must be an amount of 0 or more, such as 150 or 150.50 (or left blank).`,
  tooLarge: (field: AmountField) => `${AMOUNT_LABELS[field]} must be at most ${ALLOWANCE_AMOUNT_MAX_TEXT}.`,
  notes: `Comments must be at most ${SUBMISSION_NOTES_MAX} characters.`,
} as const;

/**
 * Every field is a string as typed; all checks live in one refinement so a submit shows every
 * problem at once (Zod skips object refinements when a property schema already failed).
 */
export const AllowanceFormSchema = z
  .object({
    student_id: z.string(),
    month: z.string(),
    year: z.string(),
    program_level: z.enum(ALLOWANCE_PROGRAM_LEVELS),
    stipend: z.string(),
    medical: z.string(),
    transportation: z.string(),
    school_supplies: z.string(),
    accommodation: z.string(),
    flmi_comments: z.string(),
  })
  .superRefine((values, ctx) => {
    const issue = (path: keyof AllowanceFormValues, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (!values.student_id.trim()) issue('student_id', FORM_MESSAGES.student);
    if (!(MONTHS as readonly string[]).includes(values.month)) issue('month', FORM_MESSAGES.month);
    if (parseAllowanceYear(values.year) === null) issue('year', FORM_MESSAGES.year);
    if (values.flmi_comments.trim().length > SUBMISSION_NOTES_MAX)
      issue('flmi_comments', FORM_MESSAGES.notes);
    // Each amount on its own, so every bad one is marked; the server holds them to the same cap.
    for (const field of amountFieldsFor(values.program_level)) {
      const text = values[field].trim();
      if (text === '' && field !== 'stipend') continue;
      const amount = text === '' ? 'invalid' : readAllowanceAmount(text);
      if (amount === 'too_large') issue(field, FORM_MESSAGES.tooLarge(field));
      else if (amount === 'invalid')
        issue(field, field === 'stipend' ? FORM_MESSAGES.stipend : FORM_MESSAGES.amount(field));
    }
  });

export interface AllowanceFormValues {
  student_id: string;
  month: string;
  year: string;
  program_level: AllowanceProgramLevel;
  stipend: string;
  medical: string;
  transportation: string;
  school_supplies: string;
  accommodation: string;
  flmi_comments: string;
}

/** A blank form: the current year in Lusaka (docs/product.md §9), no month chosen yet. */
export function emptyAllowanceForm(today: Date = new Date()): AllowanceFormValues {
  return {
    student_id: '',
    month: '',
    year: dayOf(today).slice(0, 4),
    program_level: 'university',
    stipend: '',
    medical: '',
    transportation: '',
    school_supplies: '',
    accommodation: '',
    flmi_comments: '',
  };
}

/** The amounts that count for a programme level: launch_year receives the stipend only. */
export function amountFieldsFor(level: AllowanceProgramLevel): AmountField[] {
  return level === 'launch_year' ? ['stipend'] : ['stipend', ...EXTRA_AMOUNT_FIELDS];
}

/** The live total as an exact money string, or null while an amount is not valid. */
export function formTotal(values: Pick<AllowanceFormValues, 'program_level' | AmountField>): string | null {
  return previewAllowanceTotal(values.program_level, values);
}

/**
 * POST /api/allowances body. No total, stage, submitter or date: those are the server's. For
 * launch_year the four other amounts are not sent (the server sets them to 0).
 */
export function toCreateAllowancePayload(values: AllowanceFormValues): CreateAllowanceRequest {
  const amount = (v: string) => v.trim().replaceAll(',', '') || null;
  const payload: CreateAllowanceRequest = {
    student_id: values.student_id.trim(),
    month: values.month,
    year: Number(values.year.trim()),
    program_level: values.program_level,
    stipend: amount(values.stipend),
    flmi_comments: values.flmi_comments.trim() || null,
  };
  if (values.program_level !== 'launch_year') {
    for (const field of EXTRA_AMOUNT_FIELDS) payload[field] = amount(values[field]);
  }
  return payload;
}
