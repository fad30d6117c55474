import { and, eq, sql } from 'drizzle-orm';
import type { FormCreate, FormInput } from '../../../contracts/forms';
import { differingFields, type FormContent, mergeFormEdit } from '../../../domain/form-merge';
import { FORM_MESSAGES as M } from '../../../domain/forms';
import type { Tx } from '../../db/client';
import { forms, formVersions } from '../../db/schema';
import { conflict, HttpError } from '../../http/errors';
import type { FormRow } from './form-records';

/*
 * A form's versions (issue 48, items 5 and 6): every change moves `forms.version` on and keeps what
 * the form then said in form_versions, so that an edit made on an older version is merged with the
 * changes saved since (domain/form-merge.ts), and a create sent again (its answer lost on the way
 * to the phone) is told from a different form given the same id.
 */

type StoredForm = FormRow['form'];

interface KeptContent {
  studentId: string;
  formDate: string;
  fields: StoredForm['fields'];
  photoIds: string[];
}

const contentOf = (form: KeptContent): FormContent => ({
  student_id: form.studentId,
  form_date: form.formDate,
  fields: form.fields,
  photo_ids: form.photoIds,
});

/** What the input says; photos left out are `photos` (none for a create, unchanged for an edit). */
const inputContent = (input: FormInput, photos: readonly string[]): FormContent => ({
  student_id: input.student_id,
  form_date: input.form_date,
  fields: input.fields,
  photo_ids: input.photo_ids ?? photos,
});

/** The SET of a change: the next version. */
export const nextVersion = { version: sql`${forms.version} + 1` };

/** Keeps what the form says at its version (after it was written), with the photos it names. */
export async function keepFormVersion(tx: Tx, form: StoredForm, photoIds: readonly string[]): Promise<void> {
  await tx.insert(formVersions).values({
    formId: form.id,
    version: form.version,
    studentId: form.studentId,
    formDate: form.formDate,
    fields: form.fields,
    photoIds: [...photoIds].sort(),
  });
}

/**
 * A create whose id is already a form's: the same create sent again (same author, type and what its
 * first version said) is that form; anything else is refused with 409 and changes nothing.
 */
export async function checkSameCreate(tx: Tx, userId: string, input: FormCreate & { id: string }) {
  const [first] = await tx
    .select({
      type: forms.type,
      authorId: forms.authorId,
      studentId: formVersions.studentId,
      formDate: formVersions.formDate,
      fields: formVersions.fields,
      photoIds: formVersions.photoIds,
    })
    .from(forms)
    .innerJoin(formVersions, and(eq(formVersions.formId, forms.id), eq(formVersions.version, 1)))
    .where(eq(forms.id, input.id));
  const same =
    first &&
    first.type === input.type &&
    first.authorId === userId &&
    differingFields(contentOf(first), inputContent(input, [])).length === 0;
  if (!same) throw conflict(M.idTaken);
}

/** The version an If-Match header names: 428 without one, 400 when it is not a form's ETag. */
export function ifMatchVersion(header: string | undefined): number {
  if (header === undefined || header.trim() === '') throw new HttpError(428, M.ifMatchRequired);
  const match = /^"(\d{1,9})"$/.exec(header.trim());
  if (!match) throw new HttpError(400, M.ifMatchMalformed);
  return Number(match[1]);
}

/** The strong ETag of a form's version. */
export const formEtag = (version: number) => `"${version}"`;

export type EditOutcome = { content: FormContent; merged: boolean } | { conflicting_fields: string[] };

/**
 * What an edit made on version `base` writes over `current` (which names `photos`): the edit itself
 * when nothing changed since; else the edit merged with the changes saved since, or the fields both
 * changed. A version the form never had has no base: every field the edit and the form tell apart
 * conflicts.
 */
export async function contentToWrite(
  tx: Tx,
  current: StoredForm,
  photos: string[],
  base: number,
  input: FormInput,
): Promise<EditOutcome> {
  const now = contentOf({ ...current, photoIds: photos });
  if (base === current.version) return { content: inputContent(input, photos), merged: false };
  const [kept] =
    base < current.version
      ? await tx
          .select()
          .from(formVersions)
          .where(and(eq(formVersions.formId, current.id), eq(formVersions.version, base)))
      : [];
  if (!kept) {
    const edit = inputContent(input, photos);
    const differing = differingFields(now, edit);
    return differing.length > 0 ? { conflicting_fields: differing } : { content: edit, merged: false };
  }
  const merge = mergeFormEdit(contentOf(kept), now, inputContent(input, kept.photoIds));
  if (merge.conflicting_fields.length > 0) return { conflicting_fields: merge.conflicting_fields };
  return { content: merge.merged, merged: true };
}
