import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  StudentFile,
  StudentFileListQuery,
  StudentFileUploadFields,
} from '../../../contracts/student-files';
import { StudentFileUploadFieldsSchema } from '../../../contracts/student-files';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { isStaffRole } from '../../../domain/roles';
import {
  detectFileType,
  FILE_CATEGORY_LABELS,
  type FileCategory,
  formatFileSize,
  FILE_MESSAGES as M,
  safeFileName,
} from '../../../domain/student-files';
import type { AppDeps, SessionUser } from '../../app-env';
import { opensOn, searchSource } from '../../area-sources';
import { forms, studentFiles, students } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound, validationError } from '../../http/errors';
import { fileDownloadHeaders } from '../../http/file-download';
import type { UploadedFile } from '../../http/file-upload';
import { pageOf } from '../../http/paging';
import { fileStore } from '../../storage/file-store';
import { recordStudentRecordChange } from '../audit/audit.service';
import { studentBeingImported } from '../bulk-writes/bulk-writes.service';
import { studentScopeCondition } from '../students/students.service';
import { fileRows } from './file-list-page';
import { type FileRow, fileDto, fileSearch, newest, visibleFile } from './file-records';

/*
 * Student Files (docs/product.md §2, D11, D12, D14, D15): documents kept for a student, their
 * bytes in the file store and their record here, written together in one transaction. An officer
 * reaches the files of their own students (medical ones included, as the student's officer);
 * management every file. The type comes from the content; downloads are always attachments.
 */

/** The student files list (StudentFileListResponse): the page's items, each fileDto of its row, and its total. */
export async function listFiles(deps: AppDeps, user: SessionUser, query: StudentFileListQuery) {
  const { rows, total } = await fileRows(deps.db, user, query);
  return pageOf(rows.map(fileDto), total, query);
}

export async function getFile(deps: AppDeps, user: SessionUser, id: string): Promise<StudentFile> {
  return fileDto(await visibleFile(deps.db, user, id));
}

/** Checks the fields and the file, then keeps both; 400, 404-like 400, 413 or 415 otherwise. */
export async function uploadFile(
  deps: AppDeps,
  user: SessionUser,
  fields: Record<string, string>,
  file: UploadedFile | null,
): Promise<StudentFile> {
  const parsed = StudentFileUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) throw validationError(parsed.error);
  if (!file || file.name === '') throw badRequest(M.fileRequired, { file: M.fileRequired });
  if (file.size === 0) throw badRequest(M.empty, { file: M.empty });
  const mimeType = detectFileType(file.chunks, file.name);
  if (mimeType === null) throw new HttpError(415, M.refused);
  const input: StudentFileUploadFields = parsed.data;
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [student] = await tx
      .select({ id: students.id, name: students.fullName, importing: studentBeingImported })
      .from(students)
      .where(and(eq(students.id, input.student_id), studentScopeCondition(user)));
    if (!student) throw badRequest(M.studentNotFound, { student_id: M.studentNotFound });
    // A file would keep an import that cannot finish from being taken out again.
    if (student.importing) throw conflict(STUDENT_API_MESSAGES.stillImporting);
    if (input.form_id) {
      const [form] = await tx
        .select({ studentId: forms.studentId })
        .from(forms)
        .where(eq(forms.id, input.form_id));
      if (!form) throw badRequest(M.formNotFound, { form_id: M.formNotFound });
      if (form.studentId !== input.student_id)
        throw badRequest(M.formOtherStudent, { form_id: M.formOtherStudent });
    }
    const storageKey = randomUUID();
    await fileStore().save(tx, storageKey, file.chunks);
    const [added] = await tx
      .insert(studentFiles)
      .values({
        studentId: input.student_id,
        formId: input.form_id ?? null,
        name: safeFileName(file.name),
        mimeType,
        size: file.size,
        category: input.category,
        storageKey,
        uploadedById: user.id,
        createdAt: now,
      })
      .returning();
    await recordStudentRecordChange(tx, user, {
      entityType: 'file',
      id: added!.id,
      studentId: input.student_id,
      action: 'uploaded',
      summary: `${user.name} uploaded ${added!.name} (${formatFileSize(file.size)}) for ${student.name}`,
      at: now,
      before: null,
      after: auditedFile(added!),
    });
    return added!.id;
  });
  return getFile(deps, user, id);
}

const auditedFile = (file: FileRow['file']) => ({
  name: file.name,
  category: file.category,
  mime_type: file.mimeType,
  size: file.size,
  student_id: file.studentId,
  form_id: file.formId,
});

/** The file's bytes as a stream and the headers to send them with. */
export async function downloadFile(deps: AppDeps, user: SessionUser, id: string) {
  const { file } = await visibleFile(deps.db, user, id);
  const body = await fileStore().open(deps.db, file.storageKey);
  if (!body) throw notFound(M.notFound);
  return { body, headers: fileDownloadHeaders(file) };
}

export async function deleteFile(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { file, studentName } = await visibleFile(tx, user, id);
    const removed = await tx
      .delete(studentFiles)
      .where(eq(studentFiles.id, id))
      .returning({ id: studentFiles.id });
    if (removed.length === 0) throw notFound(M.notFound);
    await fileStore().remove(tx, file.storageKey);
    await recordStudentRecordChange(tx, user, {
      entityType: 'file',
      id,
      studentId: file.studentId,
      action: 'deleted',
      summary: `${user.name} deleted ${file.name} of ${studentName ?? ''}`,
      at: now,
      before: auditedFile(file),
      after: null,
    });
  });
}

/** Files in the top bar's search, within the caller's scope (D11). */
export const fileSearchSource = searchSource({
  area: 'files',
  label: 'Student Files',
  readableBy: (user) => isStaffRole(user.role),
  // What the item shows, not the whole file with its uploader.
  rows: (db) =>
    db
      .select({
        id: studentFiles.id,
        name: studentFiles.name,
        category: studentFiles.category,
        size: studentFiles.size,
        studentName: students.fullName,
      })
      .from(studentFiles)
      .innerJoin(students, eq(students.id, studentFiles.studentId))
      .$dynamic(),
  matching: (term, { user }) => and(studentScopeCondition(user), fileSearch(term.text, user)),
  order: newest,
  item: (row) => ({
    title: row.name,
    detail: `${row.studentName} · ${FILE_CATEGORY_LABELS[row.category as FileCategory]} · ${formatFileSize(row.size)}`,
  }),
  opens: opensOn('/files'),
});
