import { and, eq, type SQL } from 'drizzle-orm';
import type { Form, FormCreate, FormExportQuery, FormInput, FormListQuery } from '../../../contracts/forms';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import {
  FORM_TYPE_LABELS,
  type FormStatus,
  type FormType,
  formChangeRefusal,
  isFormManager,
  FORM_MESSAGES as M,
  missingRequiredFields,
} from '../../../domain/forms';
import type { AppDeps, SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { forms, students } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordHistory, studentRecordChangeAudit } from '../audit/audit.service';
import { studentBeingImported } from '../bulk-writes/bulk-writes.service';
import { studentScopeCondition } from '../students/students.service';
import { formListPage } from './form-list-page';
import { namePhotos } from './form-photos';
import {
  auditedForm,
  type FormRow,
  formDto,
  formScopeCondition,
  formSearch,
  visibleForm,
} from './form-records';
import {
  checkSameCreate,
  contentToWrite,
  ifMatchVersion,
  keepFormVersion,
  nextVersion,
} from './form-versions';

/*
 * Forms Management (docs/product.md §2, §4, D11, D12, D15): a home visit, care call or discharge
 * about one student, written by its author as a draft, completed once its type's required fields
 * are filled in, then reviewed by a deputy manager or admin, which locks it. Every change is in
 * the audit trail; each status change is one conditional update, so two people acting at once
 * cannot both move the same form.
 */

export function formFilters(user: SessionUser, query: FormExportQuery): SQL | undefined {
  return and(
    formScopeCondition(user),
    query.type ? eq(forms.type, query.type) : undefined,
    query.status ? eq(forms.status, query.status) : undefined,
    query.student_id ? eq(forms.studentId, query.student_id) : undefined,
    formSearch(query.q, user),
  );
}

/** The forms list (form-list-page.ts): the page's items, its total and the tiles of the caller's scope. */
export function listForms(deps: AppDeps, user: SessionUser, query: FormListQuery) {
  return formListPage(deps.db, user, query, formFilters(user, query));
}

export async function getForm(deps: AppDeps, user: SessionUser, id: string): Promise<Form> {
  return formDto(await visibleForm(deps.db, user, id));
}

export async function formHistory(deps: AppDeps, user: SessionUser, id: string) {
  await visibleForm(deps.db, user, id);
  return recordHistory(deps.db, 'form', id);
}

/** 'Home Visit form about Mwila Chanda': how the history, the bell and the search name a form. */
export const formTitle = (type: string, studentName: string) =>
  `${FORM_TYPE_LABELS[type as FormType] ?? type} form about ${studentName}`;

const audit = studentRecordChangeAudit('form', auditedForm);

/** The student is one the user reaches, else 400 on student_id; answers the student's name. */
async function checkFormStudent(tx: Tx, user: SessionUser, studentId: string): Promise<string> {
  const [found] = await tx
    .select({ name: students.fullName, importing: studentBeingImported })
    .from(students)
    .where(and(eq(students.id, studentId), studentScopeCondition(user)));
  if (!found) throw badRequest(M.studentNotFound, { student_id: M.studentNotFound });
  // A form would keep an import that cannot finish from being taken out again.
  if (found.importing) throw conflict(STUDENT_API_MESSAGES.stillImporting);
  return found.name ?? '';
}

function checkFormDate(deps: AppDeps, formDate: string) {
  if (formDate > programmeDate(deps.clock.now()))
    throw badRequest(M.dateInFuture, { form_date: M.dateInFuture });
}

/** 409 for a locked form, 403 for one the user may not change. */
function checkMayChange(user: SessionUser, form: FormRow['form']) {
  const refusal = formChangeRefusal(user, { status: form.status as FormStatus, author_id: form.authorId });
  if (refusal === M.locked) throw conflict(refusal);
  if (refusal) throw forbidden(refusal);
}

function checkComplete(type: string, fields: FormRow['form']['fields']) {
  const missing = missingRequiredFields(type as FormType, fields);
  if (Object.keys(missing).length > 0) throw badRequest(M.completeFirst, missing);
}

/**
 * Starts a form; with the id the phone gave it offline, the same create sent again answers the
 * form saved the first time (`created` false) and a different one is refused (form-versions.ts).
 * Either way the student's scope and the date are checked first, as for every create.
 */
export async function createForm(
  deps: AppDeps,
  user: SessionUser,
  input: FormCreate,
): Promise<{ form: Form; created: boolean }> {
  checkFormDate(deps, input.form_date);
  const now = deps.clock.now();
  const { id, created } = await deps.db.transaction(async (tx) => {
    const studentName = await checkFormStudent(tx, user, input.student_id);
    // On PostgreSQL a second insert of the same id waits for the first to commit, then adds nothing.
    const [added] = await tx
      .insert(forms)
      .values({
        ...(input.id ? { id: input.id } : {}),
        type: input.type,
        studentId: input.student_id,
        formDate: input.form_date,
        fields: input.fields,
        status: 'draft',
        authorId: user.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: forms.id })
      .returning();
    if (!added) {
      await checkSameCreate(tx, user.id, { ...input, id: input.id! });
      return { id: input.id!, created: false };
    }
    const photoIds = input.photo_ids ?? [];
    await namePhotos(tx, user, added.id, photoIds);
    await keepFormVersion(tx, added, photoIds);
    await audit(
      tx,
      user,
      now,
      'created',
      `${user.name} started a ${formTitle(input.type, studentName)}`,
      null,
      added,
    );
    return { id: added.id, created: true };
  });
  return { form: await getForm(deps, user, id), created };
}

/** The form as saved, or the fields an edit made on an older version could not merge (412). */
export type FormUpdate = { form: Form } | { conflict: { current: Form; conflicting_fields: string[] } };

/**
 * Replaces the form's date, student and fields. `ifMatch` names the version the edit started from
 * (428 without it); an edit of an older version is merged with the changes saved since, or answers
 * the fields both changed. The form's row is locked first, so two edits at once are one after the
 * other and the second is merged with the first.
 */
export async function updateForm(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: FormInput,
  ifMatch: string | undefined,
): Promise<FormUpdate> {
  checkFormDate(deps, input.form_date);
  const now = deps.clock.now();
  const conflicting = await deps.db.transaction(async (tx) => {
    await tx.select({ id: forms.id }).from(forms).where(eq(forms.id, id)).for('update');
    const { form: before, photoIds } = await visibleForm(tx, user, id);
    checkMayChange(user, before);
    // After the checks of who may change it: 428 only to someone who could.
    const base = ifMatchVersion(ifMatch);
    if (input.type !== before.type) throw badRequest(M.typeFixed, { type: M.typeFixed });
    const outcome = await contentToWrite(tx, before, photoIds, base, input);
    if ('conflicting_fields' in outcome) return outcome.conflicting_fields;
    const { content, merged } = outcome;
    const studentName =
      content.student_id === before.studentId ? null : await checkFormStudent(tx, user, content.student_id);
    if (before.status === 'completed') checkComplete(before.type, content.fields);
    const [after] = await tx
      .update(forms)
      .set({
        studentId: content.student_id,
        formDate: content.form_date,
        fields: content.fields,
        updatedAt: now,
        ...nextVersion,
      })
      .where(and(eq(forms.id, id), eq(forms.version, before.version)))
      .returning();
    if (!after) throw conflict('The form changed while you were editing it. Please reload it and try again.');
    await namePhotos(tx, user, id, content.photo_ids);
    await keepFormVersion(tx, after, content.photo_ids);
    const about = studentName ?? (await visibleForm(tx, user, id)).studentName ?? '';
    const title = formTitle(before.type, about);
    await audit(
      tx,
      user,
      now,
      'updated',
      merged
        ? `${user.name} edited the ${title}, made on version ${base}: merged with the changes saved since`
        : `${user.name} edited the ${title}`,
      before,
      after,
    );
    return null;
  });
  const form = await getForm(deps, user, id);
  return conflicting ? { conflict: { current: form, conflicting_fields: conflicting } } : { form };
}

export async function completeForm(deps: AppDeps, user: SessionUser, id: string): Promise<Form> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { form: before, studentName, photoIds } = await visibleForm(tx, user, id);
    if (before.status !== 'draft')
      throw conflict(before.status === 'reviewed' ? M.locked : M.alreadyCompleted);
    checkMayChange(user, before);
    checkComplete(before.type, before.fields);
    const [after] = await tx
      .update(forms)
      .set({ status: 'completed', completedAt: now, updatedAt: now, ...nextVersion })
      .where(and(eq(forms.id, id), eq(forms.status, 'draft')))
      .returning();
    if (!after) throw conflict(M.alreadyCompleted);
    await keepFormVersion(tx, after, photoIds);
    await audit(
      tx,
      user,
      now,
      'completed',
      `${user.name} completed the ${formTitle(before.type, studentName ?? '')}`,
      before,
      after,
    );
  });
  return getForm(deps, user, id);
}

export async function reviewForm(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  reviewNote: string,
): Promise<Form> {
  if (!isFormManager(user.role)) throw forbidden(M.reviewRole);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { form: before, studentName, photoIds } = await visibleForm(tx, user, id);
    if (before.status !== 'completed')
      throw conflict(before.status === 'reviewed' ? M.locked : M.reviewOnlyCompleted);
    const [after] = await tx
      .update(forms)
      .set({
        status: 'reviewed',
        reviewedById: user.id,
        reviewedAt: now,
        reviewNote,
        updatedAt: now,
        ...nextVersion,
      })
      .where(and(eq(forms.id, id), eq(forms.status, 'completed')))
      .returning();
    if (!after) throw conflict(M.locked);
    await keepFormVersion(tx, after, photoIds);
    await audit(
      tx,
      user,
      now,
      'reviewed',
      `${user.name} reviewed the ${formTitle(before.type, studentName ?? '')}`,
      before,
      after,
    );
  });
  return getForm(deps, user, id);
}

export async function deleteForm(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { form: before, studentName } = await visibleForm(tx, user, id);
    checkMayChange(user, before);
    const removed = await tx
      .delete(forms)
      .where(and(eq(forms.id, id), eq(forms.status, before.status)))
      .returning({ id: forms.id });
    if (removed.length === 0)
      throw new HttpError(409, 'The form changed meanwhile. Please reload it and try again.');
    await audit(
      tx,
      user,
      now,
      'deleted',
      `${user.name} deleted the ${formTitle(before.type, studentName ?? '')}`,
      before,
      null,
    );
  });
}
