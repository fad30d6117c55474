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
  MAX_FORM_PHOTOS,
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

const formInputObject = z.object({
  type: z.enum(FORM_TYPES, { message: M.typeRequired }),
  student_id: z.uuid({ message: M.studentRequired }),
  form_date: z
    .string({ message: M.dateRequired })
    .trim()
    .min(1, { message: M.dateRequired })
    .refine(isIsoDate, { message: 'The date must be a real date written YYYY-MM-DD' }),
  fields: z.record(z.string(), z.unknown(), { message: 'fields must be an object' }).default({}),
  /**
   * A home visit's photos, each uploaded first (PUT /api/form-photos/{id}). Left out of an edit, the
   * form keeps the photos it has; left out of a create, it has none.
   */
  photo_ids: z
    .array(z.uuid({ message: M.photoIdNotUuid }), { message: M.photoIdsList })
    .max(MAX_FORM_PHOTOS, { message: M.tooManyPhotos })
    .optional(),
});

/** The type's fields checked and normalised as stored: each field's message under `fields.<key>`. */
function withCheckedFields<
  T extends { type: FormType; fields: Record<string, unknown>; photo_ids?: string[] | undefined },
>(input: T, ctx: z.RefinementCtx) {
  if (input.photo_ids?.length && input.type !== 'home_visit') {
    ctx.issues.push({
      code: 'custom',
      input: input.photo_ids,
      path: ['photo_ids'],
      message: M.photosOnlyHomeVisit,
    });
    return z.NEVER;
  }
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
  const photoIds = input.photo_ids && [...new Set(input.photo_ids.map((id) => id.toLowerCase()))].sort();
  return { ...input, fields: withoutEmpty(parsed.data), photo_ids: photoIds };
}

export const FormInputSchema = formInputObject.transform(withCheckedFields).meta({ id: 'FormInput' });
export type FormInput = z.output<typeof FormInputSchema>;

/**
 * A new form, optionally with the id the phone gave it offline (issue 48, item 5): sent again with
 * the same id and content it answers the stored form, never a second one.
 */
export const FormCreateSchema = formInputObject
  .extend({ id: z.uuid({ message: M.idNotUuid }).optional() })
  .transform(withCheckedFields)
  .meta({ id: 'FormCreate' });
export type FormCreate = z.output<typeof FormCreateSchema>;

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
    /** A home visit's photos (GET /api/form-photos/{id}), oldest first. */
    photo_ids: z.array(z.string()),
    /** Moved on by every change; also the answer's ETag. PUT sends it back as If-Match. */
    version: z.number().int(),
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

/**
 * PUT /api/forms/{id} on an older version whose changes touch fields changed since (412): the form
 * as saved now (its `version` is the one to send again) and the fields both changed, each named as
 * in a 400's `fields` ('form_date', 'student_id', 'fields.<key>').
 */
export const FormConflictSchema = z
  .object({ error: z.string(), current: FormSchema, conflicting_fields: z.array(z.string()) })
  .meta({ id: 'FormConflict' });
export type FormConflict = z.infer<typeof FormConflictSchema>;

/** A photo of a home visit as stored (PUT /api/form-photos/{id}). */
export const FormPhotoSchema = z
  .object({
    id: z.string(),
    mime_type: z.string(),
    size: z.number().int(),
    form_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'FormPhoto' });
export type FormPhoto = z.infer<typeof FormPhotoSchema>;
