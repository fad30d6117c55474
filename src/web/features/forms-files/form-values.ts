import type { FieldError, Resolver } from 'react-hook-form';
import { set } from 'react-hook-form';
import { type Form, FormInputSchema } from '../../../contracts/forms';
import { FORM_FIELDS, type FormFieldValues, type FormType } from '../../../domain/forms';
import { formProblems } from '../../components/forms';

/** What the form dialog edits: every value as typed (a string), each type field under `fields.`. */
export interface FormValues {
  student_id: string;
  form_date: string;
  fields: Record<string, string>;
}

/** A field's name in the form and in the server's 400 answer ('fields.people_present'). */
export const fieldName = (key: string) => `fields.${key}` as const;

/** The dialog's starting values: the form's own, or a blank form dated `today` (in Lusaka). */
export function formDefaults(type: FormType, today: string, form?: Form, studentId = ''): FormValues {
  const fields: Record<string, string> = {};
  for (const spec of FORM_FIELDS[type]) {
    const value = form?.fields[spec.key];
    fields[spec.key] = value === undefined || value === null ? '' : String(value);
  }
  return { student_id: form?.student_id ?? studentId, form_date: form?.form_date ?? today, fields };
}

/** The request body: numbers as numbers, empty fields left out (a draft may be incomplete). */
export function formBody(type: FormType, values: FormValues) {
  const fields: FormFieldValues = {};
  for (const spec of FORM_FIELDS[type]) {
    const raw = values.fields[spec.key] ?? '';
    if (raw.trim() === '') continue;
    const numeric = spec.kind === 'number' || spec.kind === 'rating';
    fields[spec.key] = numeric && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return { type, student_id: values.student_id, form_date: values.form_date, fields };
}

/** Every name the server may put a message on, as the form names its inputs. */
export const formFieldNames = (type: FormType) => [
  'student_id',
  'form_date',
  ...FORM_FIELDS[type].map((spec) => fieldName(spec.key)),
];

/**
 * Checks the values with the API's own FormInputSchema (what a draft needs: a student, a date, each
 * field well formed), so the dialog refuses what the server would, in its words. The schema names
 * a type field 'fields.<key>'; the errors are nested the same way react-hook-form nests the inputs.
 */
export function formResolver(type: FormType): Resolver<FormValues> {
  return (values) => {
    const problems = formProblems(FormInputSchema, formBody(type, values));
    if (!problems) return { values, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const [name, message] of Object.entries(problems))
      set(errors, name, { type: 'schema', message } satisfies FieldError);
    return { values: {}, errors };
  };
}
