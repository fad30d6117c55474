import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../contracts/common';
import { STUDENT_API_MESSAGES } from '../../../contracts/students';
import { STUDENT_MESSAGES, type StudentActor } from '../../../domain/student-permissions';
import { studentRecordProblems } from '../../../domain/students';
import type { AppDeps } from '../../app-env';
import type { Tx } from '../../db/client';
import { answeringConstraints } from '../../db/constraint-errors';
import { students } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { programmeDate } from '../../programme-time';
import { studentBeingImported } from '../bulk-writes/bulk-writes.service';
import { isAssignableOfficer } from '../staff-users/staff-users.service';
import { findStudentRow, type StudentRow, scopeCondition } from './students.query';

/** The checks and the transaction wrapper behind every change to a student (students.service.ts). */

/**
 * Runs a change in one transaction, turning the database's refusals into answers for the user:
 * a CHL or NRC number taken meanwhile (409), or allowances or issues that keep a student from deletion (409, D12).
 */
export function writeStudent<T>(
  deps: AppDeps,
  names: { chl?: string | null; nrc?: string | null },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const messages = {
    unique: {
      students_chl_number_key: STUDENT_API_MESSAGES.duplicateChl(names.chl ?? ''),
      students_nrc_number_key: STUDENT_API_MESSAGES.duplicateNrc(names.nrc ?? ''),
    },
    foreignKey: {
      allowances_student_id_students_id_fk: STUDENT_API_MESSAGES.hasAllowances,
      issues_student_id_students_id_fk: STUDENT_API_MESSAGES.hasIssues,
      forms_student_id_students_id_fk: STUDENT_API_MESSAGES.hasForms,
      student_files_student_id_students_id_fk: STUDENT_API_MESSAGES.hasFiles,
      // A landlord or institution deleted meanwhile (or an id of nothing).
      students_landlord_id_landlords_id_fk: STUDENT_API_MESSAGES.landlordUnknown,
      students_institution_id_institutions_id_fk: STUDENT_API_MESSAGES.institutionUnknown,
    },
  };
  return answeringConstraints(messages, () => deps.db.transaction(work));
}

export async function lockStudent(tx: Tx, actor: StudentActor, id: string): Promise<StudentRow> {
  if (!isUuid(id)) throw notFound(STUDENT_API_MESSAGES.notFound);
  // Lock the row first (a plain FOR UPDATE cannot lock the nullable side of the officer join).
  const [locked] = await tx
    .select({ id: students.id, importing: studentBeingImported })
    .from(students)
    .where(and(eq(students.id, id), scopeCondition(actor)))
    .for('update');
  const row = locked ? await findStudentRow(tx, actor, id) : undefined;
  if (!row) throw notFound(STUDENT_API_MESSAGES.notFound);
  // Its import is still being written, or taken out again (docs/decisions/009).
  if (locked!.importing) throw conflict(STUDENT_API_MESSAGES.stillImporting);
  return row;
}

export function definedFields<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function checkRecord(
  deps: AppDeps,
  record: { date_of_birth?: string | null; start_date?: string | null; expected_end_date?: string | null },
) {
  const problems = studentRecordProblems(
    {
      date_of_birth: record.date_of_birth ?? null,
      start_date: record.start_date ?? null,
      expected_end_date: record.expected_end_date ?? null,
    },
    programmeDate(deps.clock.now()),
  );
  const first = Object.values(problems)[0];
  if (first) throw badRequest(first, problems);
}

export async function assertAssignableOfficer(tx: Tx, officerId: string): Promise<void> {
  if (!(await isAssignableOfficer(tx, officerId)))
    throw badRequest(STUDENT_MESSAGES.officerNotAssignable, {
      assigned_officer_id: STUDENT_MESSAGES.officerNotAssignable,
    });
}

/** CHL and NRC numbers belong to one student each, whatever their case. */
export async function assertUnique(
  tx: Tx,
  chlNumber: string | null | undefined,
  nrcNumber: string | null | undefined,
  exceptId?: string,
): Promise<void> {
  const clauses: SQL[] = [];
  if (chlNumber) clauses.push(sql`upper(${students.chlNumber}) = upper(${chlNumber})`);
  if (nrcNumber) clauses.push(sql`upper(${students.nrcNumber}) = upper(${nrcNumber})`);
  if (clauses.length === 0) return;
  const taken = await tx
    .select({ chl: students.chlNumber, nrc: students.nrcNumber })
    .from(students)
    .where(and(or(...clauses), exceptId ? ne(students.id, exceptId) : undefined))
    .limit(2);
  if (chlNumber && taken.some((t) => t.chl?.toUpperCase() === chlNumber.toUpperCase()))
    throw conflict(STUDENT_API_MESSAGES.duplicateChl(chlNumber));
  if (nrcNumber && taken.some((t) => t.nrc?.toUpperCase() === nrcNumber.toUpperCase()))
    throw conflict(STUDENT_API_MESSAGES.duplicateNrc(nrcNumber));
}
