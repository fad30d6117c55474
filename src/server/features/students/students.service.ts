import { eq } from 'drizzle-orm';
import {
  STUDENT_API_MESSAGES,
  type Student,
  type StudentCreate,
  type StudentListQuery,
  type StudentUpdate,
} from '../../../contracts/students';
import { canAssignStudentTo, canStudent, STUDENT_MESSAGES } from '../../../domain/student-permissions';
import { fullName, PROGRAM_STATUS_LABELS } from '../../../domain/students';
import type { AppDeps, SessionUser } from '../../app-env';
import { students } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { recordAudit, recordHistory } from '../audit/audit.service';
import { listStudents as listStudentsPage } from './students.list';
import { findStudentRow, toStudentColumns, toStudentDto } from './students.query';
import {
  assertAssignableOfficer,
  assertUnique,
  checkRecord,
  definedFields,
  lockStudent,
  writeStudent,
} from './students.write';

/** The user's students counted by category, status and start year (for the dashboard). */
export { type StudentCountGroup, studentCountGroupsSql } from './students.list';
export { scopeCondition as studentScopeCondition } from './students.query';
export { type NamedAmong, ofStudentsNamed, studentMatches, studentSearch } from './students.search';
/** Locks a student in the user's scope for a change to a record of theirs (payment channels). */
export { lockStudent } from './students.write';

const today = (deps: AppDeps) => programmeDate(deps.clock.now());

/** A page of the student list in the user's scope, with its category tiles. */
export function listStudents(deps: AppDeps, user: SessionUser, query: StudentListQuery) {
  return listStudentsPage(deps.db, user, query);
}

/** Another officer's student, or an id that is no student, answers 404 alike. */
export async function getStudent(deps: AppDeps, user: SessionUser, id: string): Promise<Student> {
  const row = await findStudentRow(deps.db, user, id);
  if (!row) throw notFound(STUDENT_API_MESSAGES.notFound);
  return toStudentDto(row, today(deps));
}

/** A student's audit trail, scoped like the student: another officer's student answers 404. */
export async function studentHistory(deps: AppDeps, user: SessionUser, id: string) {
  await getStudent(deps, user, id);
  return recordHistory(deps.db, 'student', id);
}

export async function createStudent(
  deps: AppDeps,
  user: SessionUser,
  input: StudentCreate,
): Promise<Student> {
  if (!canStudent(user, 'create')) throw forbidden();
  const officerId = input.assigned_officer_id ?? user.id;
  if (!canAssignStudentTo(user, officerId)) throw forbidden(STUDENT_MESSAGES.officerAssignsOnlySelf);
  checkRecord(deps, input);
  const now = deps.clock.now();
  const names = { chl: input.chl_number, nrc: input.nrc_number };
  const id = await writeStudent(deps, names, async (tx) => {
    if (input.assigned_officer_id) await assertAssignableOfficer(tx, input.assigned_officer_id);
    await assertUnique(tx, input.chl_number, input.nrc_number);
    const [created] = await tx
      .insert(students)
      .values({
        ...(toStudentColumns(input) as typeof students.$inferInsert),
        fullName: fullName(input.first_name, input.last_name),
        assignedOfficerId: officerId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: students.id, fullName: students.fullName });
    await recordAudit(tx, {
      actor: user,
      officerId,
      entityType: 'student',
      entityId: created!.id,
      action: 'student.created',
      summary: `${user.name} added ${created!.fullName}`,
      at: now,
      before: null,
      after: await findStudentRow(tx, user, created!.id),
    });
    return created!.id;
  });
  return getStudent(deps, user, id);
}

export async function updateStudent(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: StudentUpdate,
): Promise<Student> {
  const now = deps.clock.now();
  await writeStudent(deps, { chl: input.chl_number, nrc: input.nrc_number }, async (tx) => {
    const current = await lockStudent(tx, user, id);
    if (!canStudent(user, 'update', { assignedOfficerId: current.assigned_officer_id }))
      throw notFound(STUDENT_API_MESSAGES.notFound);

    const officerChanges =
      input.assigned_officer_id !== undefined && input.assigned_officer_id !== current.assigned_officer_id;
    if (officerChanges) {
      const officerId = input.assigned_officer_id ?? null;
      if (!canAssignStudentTo(user, officerId)) throw forbidden(STUDENT_MESSAGES.officerAssignsOnlySelf);
      if (officerId) await assertAssignableOfficer(tx, officerId);
    }
    const merged = { ...current, ...definedFields(input) };
    checkRecord(deps, merged);
    await assertUnique(tx, input.chl_number, input.nrc_number, id);

    const name = fullName(merged.first_name, merged.last_name);
    await tx
      .update(students)
      .set({ ...toStudentColumns(input), fullName: name, updatedAt: now })
      .where(eq(students.id, id));

    const officerId = merged.assigned_officer_id;
    const statusNote =
      merged.program_status !== current.program_status
        ? ` (status ${PROGRAM_STATUS_LABELS[current.program_status]} → ${PROGRAM_STATUS_LABELS[merged.program_status]})`
        : '';
    const activity = {
      actor: user,
      entityType: 'student' as const,
      entityId: id,
      at: now,
    };
    // Read back as stored, so the trail shows what the database kept (a trimmed name, '1200.00').
    // Program officers cannot hand a student away, so the record is still in the user's scope.
    const saved = await findStudentRow(tx, user, id);
    await recordAudit(tx, [
      {
        ...activity,
        officerId,
        action: 'student.updated',
        summary: `${user.name} updated ${name}${statusNote}`,
        before: current,
        after: saved ?? null,
      },
      // The officer who had the student learns where it went.
      ...(officerChanges && current.assigned_officer_id
        ? [
            {
              ...activity,
              officerId: current.assigned_officer_id,
              action: 'student.reassigned',
              summary: `${user.name} reassigned ${name} to another officer`,
            },
          ]
        : []),
    ]);
  });
  // Program officers cannot hand a student away, so the saved record is still in the user's scope.
  return getStudent(deps, user, id);
}

export async function deleteStudent(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await writeStudent(deps, {}, async (tx) => {
    const current = await lockStudent(tx, user, id);
    if (!canStudent(user, 'delete', { assignedOfficerId: current.assigned_officer_id }))
      throw notFound(STUDENT_API_MESSAGES.notFound);
    await tx.delete(students).where(eq(students.id, id));
    await recordAudit(tx, {
      actor: user,
      officerId: current.assigned_officer_id,
      entityType: 'student',
      entityId: id,
      action: 'student.deleted',
      summary: `${user.name} deleted ${current.full_name}`,
      at: now,
      before: current,
      after: null,
    });
  });
}
