import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Form } from '../../../contracts/forms';
import type { FormStatus, FormType } from '../../../domain/forms';
import { FORM_MESSAGES as M } from '../../../domain/forms';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { fieldSearch, textSearch } from '../../db/like-pattern';
import { recordColumns } from '../../db/record-columns';
import { formPhotos, forms, studentFiles, students, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofStudentsNamed, studentScopeCondition } from '../students/students.service';

/*
 * Forms as read: each with its student's and people's names, in the caller's scope (D11: a program
 * officer reaches the forms about their own students; management every form).
 */

const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');

export function selectForms(db: DbOrTx) {
  return db
    .select({
      form: recordColumns(forms),
      studentName: students.fullName,
      authorName: author.name,
      reviewerName: reviewer.name,
      fileCount: sql<number>`(select count(*)::int from ${studentFiles} where ${studentFiles.formId} = ${forms.id})`,
      // A home visit's photos, oldest first (form_photos_form_idx).
      photoIds: sql<
        string[]
      >`(select coalesce(json_agg(${formPhotos.id} order by ${formPhotos.createdAt}, ${formPhotos.id}), '[]'::json) from ${formPhotos} where ${formPhotos.formId} = ${forms.id})`,
    })
    .from(forms)
    .innerJoin(students, eq(students.id, forms.studentId))
    .leftJoin(author, eq(author.id, forms.authorId))
    .leftJoin(reviewer, eq(reviewer.id, forms.reviewedById));
}

/*
 * A form always has its student (student_id is NOT NULL, a foreign key) and at most one author, so
 * joining them changes no count: the counts join the students only when the filters read them (an
 * officer's scope; the search finds its students and authors by their own indexes, formSearch).
 * Joining all 50,000 students for the admin cost 13-30 ms a count.
 */

/** What a list's filters read beyond the form: the student (an officer's scope). */
export interface FormJoins {
  scoped: boolean;
}

/** The forms matching `where`, joined only to what it reads (see above). */
export function matchingForms(
  db: DbOrTx,
  fields: Record<string, SQL.Aliased>,
  where: SQL | undefined,
  { scoped }: FormJoins,
) {
  let matches = db.select(fields).from(forms).$dynamic();
  if (scoped) matches = matches.innerJoin(students, eq(students.id, forms.studentId));
  return matches.where(where);
}

/** The lists' order: the newest form date first, then the newest written. */
export const newestForms = [desc(forms.formDate), desc(forms.createdAt), desc(forms.id)];

export type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>['where']>>[number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function formDto(row: FormRow): Form {
  const { form } = row;
  return {
    id: form.id,
    type: form.type as FormType,
    student_id: form.studentId,
    student_name: row.studentName ?? '',
    form_date: form.formDate,
    fields: form.fields,
    status: form.status as FormStatus,
    author_id: form.authorId,
    author_name: row.authorName,
    completed_at: iso(form.completedAt),
    reviewed_by_id: form.reviewedById,
    reviewed_by_name: row.reviewerName,
    reviewed_at: iso(form.reviewedAt),
    review_note: form.reviewNote,
    file_count: Number(row.fileCount),
    photo_ids: row.photoIds,
    version: form.version,
    created_at: form.createdAt.toISOString(),
    updated_at: form.updatedAt.toISOString(),
  };
}

/** The forms the user reaches (through their students). */
export const formScopeCondition = (user: SessionUser): SQL | undefined => studentScopeCondition(user);

/** The form, if the user reaches it; 404 'Form not found' otherwise, as for a missing one. */
export async function visibleForm(db: DbOrTx, user: SessionUser, id: string): Promise<FormRow> {
  const [row] = await selectForms(db).where(and(eq(forms.id, id), formScopeCondition(user)));
  if (!row) throw notFound(M.notFound);
  return row;
}

/**
 * The list's search: what the form says (its fields' values, forms.search_text), the student's name
 * and the author's, each through its own trigram index.
 */
export function formSearch(q: string | undefined, user: SessionUser): SQL | undefined {
  const authors = fieldSearch(users.searchText, users.name, q);
  return or(
    textSearch(forms.searchText, q),
    ofStudentsNamed(forms.studentId, q, { students: formScopeCondition(user) }),
    authors && sql`${forms.authorId} = any(array(select ${users.id} from ${users} where ${authors}))`,
  );
}

/** What the audit trail keeps of a form (D15). */
export const auditedForm = (form: FormRow['form']) => ({
  type: form.type,
  student_id: form.studentId,
  form_date: form.formDate,
  status: form.status,
  ...form.fields,
  review_note: form.reviewNote,
});
