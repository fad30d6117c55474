import { and, eq } from 'drizzle-orm';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { CASE_MESSAGES as M } from '../../../domain/case-work';
import type { SessionUser } from '../../app-env';
import type { Tx } from '../../db/client';
import { students } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { recordStudentRecordChange, type StudentRecordChange } from '../audit/audit.service';
import { studentBeingImported } from '../bulk-writes/bulk-writes.service';
import { isAssignableOfficer } from '../staff-users/staff-users.service';
import { studentScopeCondition } from '../students/students.service';

/*
 * The checks a task or an issue passes before it is written (D11): whom it is assigned to, and
 * which student it is about. A student the caller does not reach answers like a missing one, so
 * an officer learns nothing of another officer's students by naming them.
 */

/** The assignee is an active program officer, deputy manager or admin; else 400 on the field. */
export async function checkAssignee(tx: Tx, assigneeId: string | null): Promise<void> {
  if (assigneeId !== null && !(await isAssignableOfficer(tx, assigneeId)))
    throw badRequest(M.assigneeNotStaff, { assigned_to_id: M.assigneeNotStaff });
}

/**
 * The student is one the caller reaches (a program officer's own), or the one the record already
 * names (an officer editing a task assigned to them about someone else's student keeps it).
 */
export async function checkCaseStudent(
  tx: Tx,
  user: SessionUser,
  studentId: string | null,
  current: string | null = null,
): Promise<void> {
  if (studentId === null || studentId === current) return;
  const [found] = await tx
    .select({ id: students.id, importing: studentBeingImported })
    .from(students)
    .where(and(eq(students.id, studentId), studentScopeCondition(user)));
  if (!found) throw badRequest(M.studentNotFound, { student_id: M.studentNotFound });
  // An issue would keep an import that cannot finish from being taken out again.
  if (found.importing) throw conflict(STUDENT_API_MESSAGES.stillImporting);
}

/** Records a change to a task or an issue in the audit trail (D15), under its student's officer. */
export function recordCaseChange(
  tx: Tx,
  user: SessionUser,
  change: StudentRecordChange & { entityType: 'task' | 'issue' },
): Promise<void> {
  return recordStudentRecordChange(tx, user, change);
}
