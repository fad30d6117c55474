import { and, desc, eq, or } from 'drizzle-orm';
import type { StudentFile } from '../../../contracts/student-files';
import { type FileCategory, FILE_MESSAGES as M } from '../../../domain/student-files';
import type { StudentActor } from '../../../domain/student-permissions';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { recordColumns } from '../../db/record-columns';
import { studentFiles, students, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { ofStudentsNamed, studentScopeCondition } from '../students/students.service';

/** Student files as read, with their student's and uploader's names: the record's answer and the list's items. */

export function selectFiles(db: DbOrTx) {
  return db
    .select({ file: recordColumns(studentFiles), studentName: students.fullName, uploaderName: users.name })
    .from(studentFiles)
    .innerJoin(students, eq(students.id, studentFiles.studentId))
    .leftJoin(users, eq(users.id, studentFiles.uploadedById));
}

export type FileRow = Awaited<ReturnType<ReturnType<typeof selectFiles>['where']>>[number];

export function fileDto({ file, studentName, uploaderName }: FileRow): StudentFile {
  return {
    id: file.id,
    name: file.name,
    mime_type: file.mimeType,
    size: file.size,
    category: file.category as FileCategory,
    student_id: file.studentId,
    form_id: file.formId,
    uploaded_by_id: file.uploadedById,
    created_at: file.createdAt.toISOString(),
    student_name: studentName ?? '',
    uploaded_by_name: uploaderName,
  };
}

export const newest = [desc(studentFiles.createdAt), desc(studentFiles.id)];

export async function visibleFile(db: DbOrTx, user: SessionUser, id: string): Promise<FileRow> {
  const [row] = await selectFiles(db).where(and(eq(studentFiles.id, id), studentScopeCondition(user)));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The search over a file's name (student_files.search_text) and its student's name (D17). */
export const fileSearch = (q: string | undefined, actor: StudentActor) =>
  or(
    textSearch(studentFiles.searchText, q),
    ofStudentsNamed(studentFiles.studentId, q, { students: studentScopeCondition(actor) }),
  );
