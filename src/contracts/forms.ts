import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import {
  FORM_FIELDS,
  FORM_STATUSES,
  FORM_TYPES,
  type FormFieldSpec,
  type FormFieldValues,
  type FormType,
  FORM_MESSAGES as M,
} from '../domain/forms';
import { PageQuerySchema, tiledPageSchema } from './common';
import {
  blankAsNull,
  choiceField,
  choiceFilter,
  optionalTextField,
  requiredTextField,
  searchField,
  studentFilter,
} from './fields';

/*
 * Forms Management (docs/product.md §2, §3, §4): a home visit, care call or discharge about one
 * student, written by its author, draft -> completed -> reviewed. `fields` holds the type's own
 * fields (domain/forms.ts); a draft may leave any of them empty, completing needs the required ones.
 */

const whole = (label: string, min: number, max: number) =>
  blankAsNull(
    z.coerce
      .number({ message: `${label} must be a number` })
      .int({ message: `${label} must be a whole number` })
      .min(min, { message: `${label} must be between ${min} and ${max}` })
      .max(max, { message: `${label} must be between ${min} and ${max}` })
      .nullish(),
  );

function fieldSchema(field: FormFieldSpec) {
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return optionalTextField(field.label, field.max);
    case 'number':
    case 'rating':
      return whole(field.label, field.min, field.max);
    case 'choice':
      return blankAsNull(choiceField(field.label, field.choices as [string, ...string[]]).nullish());
  }
}

/** The fields of one type, each optional and checked for its kind; other keys are dropped. */
export const formFieldsSchema = (type: FormType) =>
  z.object(Object.fromEntries(FORM_FIELDS[type].map((field) => [field.key, fieldSchema(field)])));

const withoutEmpty = (values: Record<string, unknown>): FormFieldValues =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string | number] => entry[1] != null),
  );

export const FormInputSchema = z
  .object({
    type: z.enum(FORM_TYPES, { message: M.typeRequired }),
    student_id: z.uuid({ message: M.studentRequired }),
    form_date: z
      .string({ message: M.dateRequired })
      .trim()
      .min(1, { message: M.dateRequired })
      .refine(isIsoDate, { message: 'The date must be a real date written YYYY-MM-DD' }),
    fields: z.record(z.string(), z.unknown(), { message: 'fields must be an object' }).default({}),
  })
  .transform((input, ctx) => {
    const parsed = formFieldsSchema(input.type).safeParse(input.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.issues.push({
          code: 'custom',
          input: input.fields,
          path: ['fields', ...issue.path],
          message: issue.message,
        });
      }
      return z.NEVER;
    }
    return { ...input, fields: withoutEmpty(parsed.data) };
  })
  .meta({ id: 'FormInput' });
export type FormInput = z.output<typeof FormInputSchema>;

export const FormReviewSchema = z
  .object({ review_note: requiredTextField('Review note', M.reviewNoteRequired, 2000) })
  .meta({ id: 'FormReview' });
export type FormReview = z.output<typeof FormReviewSchema>;

export const FormSchema = z
  .object({
    id: z.string(),
    type: z.enum(FORM_TYPES),
    student_id: z.string(),
    student_name: z.string(),
    form_date: z.string(),
    fields: z.record(z.string(), z.union([z.string(), z.number()])),
    status: z.enum(FORM_STATUSES),
    author_id: z.string().nullable(),
    author_name: z.string().nullable(),
    completed_at: z.string().nullable(),
    reviewed_by_id: z.string().nullable(),
    reviewed_by_name: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    review_note: z.string().nullable(),
    file_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Form' });
export type Form = z.infer<typeof FormSchema>;

export const FormListQuerySchema = PageQuerySchema.extend({
  type: choiceFilter('Type', FORM_TYPES),
  status: choiceFilter('Status', FORM_STATUSES),
  student_id: studentFilter(),
  q: searchField().meta({
    description: "Matches the student's name, the author's name and what the form says",
  }),
});
export type FormListQuery = z.output<typeof FormListQuerySchema>;

/** The tiles, over every form the caller reaches. */
export const FormListResponseSchema = tiledPageSchema(FormSchema, ['total', ...FORM_STATUSES]).meta({
  id: 'FormList',
});
export type FormListResponse = z.infer<typeof FormListResponseSchema>;

/** The CSV export's query: the list's filters without paging. */
export const FormExportQuerySchema = FormListQuerySchema.omit({ page: true, pageSize: true });
export type FormExportQuery = z.output<typeof FormExportQuerySchema>;
