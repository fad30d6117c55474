import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../../../contracts/common';
import type { Student, StudentCreate, StudentListItem, StudentUpdate } from '../../../contracts/students';
import { ageOn } from '../../../domain/dates';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import type { DbOrTx } from '../../db/client';
import { students, users } from '../../db/schema';

/** The columns of a student as the API names them (docs/product.md §3), the officer's name joined from users. */
export const studentColumns = {
  id: students.id,
  first_name: students.firstName,
  last_name: students.lastName,
  full_name: students.fullName,
  email: students.email,
  contact_number: students.contactNumber,
  community: students.community,
  program_level: students.programLevel,
  program_status: students.programStatus,
  academic_standing: students.academicStanding,
  institution_name: students.institutionName,
  current_program: students.currentProgram,
  assigned_officer_id: students.assignedOfficerId,
  assigned_officer_name: users.name,
  landlord_id: students.landlordId,
  institution_id: students.institutionId,
  overall_gpa: students.overallGpa,
  chl_number: students.chlNumber,
  gender: students.gender,
  date_of_birth: students.dateOfBirth,
  nrc_number: students.nrcNumber,
  school_id_number: students.schoolIdNumber,
  profile_photo_url: students.profilePhotoUrl,
  program_notes: students.programNotes,
  guardian_full_name: students.guardianFullName,
  guardian_community: students.guardianCommunity,
  guardian_contact_number: students.guardianContactNumber,
  guardian_relationship: students.guardianRelationship,
  institution_location: students.institutionLocation,
  area_of_study: students.areaOfStudy,
  program_length: students.programLength,
  start_date: students.startDate,
  expected_end_date: students.expectedEndDate,
  accommodation_type: students.accommodationType,
  accommodation_monthly_rent: students.accommodationMonthlyRent,
  accommodation_payment_method: students.accommodationPaymentMethod,
  accommodation_address: students.accommodationAddress,
  accommodation_landlord_name: students.accommodationLandlordName,
  accommodation_landlord_contact: students.accommodationLandlordContact,
  laptop_plan: students.laptopPlan,
  laptop_serial_number: students.laptopSerialNumber,
  laptop_monthly_deduction: students.laptopMonthlyDeduction,
  laptop_inspection_date: students.laptopInspectionDate,
  laptop_submission_date: students.laptopSubmissionDate,
  laptop_collection_date: students.laptopCollectionDate,
  created_at: students.createdAt,
  updated_at: students.updatedAt,
};

export type StudentRow = Awaited<ReturnType<typeof selectStudents>>[number];

/*
 * The columns of a list item (contracts/students.ts StudentListItem), in its order: what the list
 * shows and nothing private. A page reads and parses these 13 rather than the record's 45, and
 * its answer is about a fifth of the size.
 */
export const studentListColumns = {
  id: students.id,
  first_name: students.firstName,
  last_name: students.lastName,
  full_name: students.fullName,
  email: students.email,
  program_level: students.programLevel,
  program_status: students.programStatus,
  institution_name: students.institutionName,
  current_program: students.currentProgram,
  assigned_officer_id: students.assignedOfficerId,
  assigned_officer_name: users.name,
  chl_number: students.chlNumber,
  profile_photo_url: students.profilePhotoUrl,
} satisfies { [K in keyof StudentListItem]: Column };

/** Input field name -> table column key, for writes. */
const WRITABLE: { [K in keyof StudentCreate]-?: keyof typeof students.$inferInsert } = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  contact_number: 'contactNumber',
  community: 'community',
  program_level: 'programLevel',
  program_status: 'programStatus',
  academic_standing: 'academicStanding',
  institution_name: 'institutionName',
  current_program: 'currentProgram',
  assigned_officer_id: 'assignedOfficerId',
  overall_gpa: 'overallGpa',
  chl_number: 'chlNumber',
  gender: 'gender',
  date_of_birth: 'dateOfBirth',
  nrc_number: 'nrcNumber',
  school_id_number: 'schoolIdNumber',
  profile_photo_url: 'profilePhotoUrl',
  program_notes: 'programNotes',
  guardian_full_name: 'guardianFullName',
  guardian_community: 'guardianCommunity',
  guardian_contact_number: 'guardianContactNumber',
  guardian_relationship: 'guardianRelationship',
  institution_location: 'institutionLocation',
  area_of_study: 'areaOfStudy',
  program_length: 'programLength',
  start_date: 'startDate',
  expected_end_date: 'expectedEndDate',
  accommodation_type: 'accommodationType',
  accommodation_monthly_rent: 'accommodationMonthlyRent',
  accommodation_payment_method: 'accommodationPaymentMethod',
  accommodation_address: 'accommodationAddress',
  accommodation_landlord_name: 'accommodationLandlordName',
  accommodation_landlord_contact: 'accommodationLandlordContact',
  landlord_id: 'landlordId',
  institution_id: 'institutionId',
  laptop_plan: 'laptopPlan',
  laptop_serial_number: 'laptopSerialNumber',
  laptop_monthly_deduction: 'laptopMonthlyDeduction',
  laptop_inspection_date: 'laptopInspectionDate',
  laptop_submission_date: 'laptopSubmissionDate',
  laptop_collection_date: 'laptopCollectionDate',
};

export type StudentColumns = Partial<typeof students.$inferInsert>;

/** The table columns for the fields present in the input (left-out fields are left out; null clears). */
export function toStudentColumns(input: StudentCreate | StudentUpdate): StudentColumns {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(WRITABLE)) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined) continue;
    columns[column] = field === 'overall_gpa' && typeof value === 'number' ? value.toFixed(2) : value;
  }
  return columns as StudentColumns;
}

export function toStudentDto(row: StudentRow, today: string): Student {
  return {
    ...row,
    overall_gpa: row.overall_gpa === null ? null : Number(row.overall_gpa),
    age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The students a user reaches: everyone's, their own (program officer) or none. `officer` is the
 * column naming the student's officer (another table's, as student_counts').
 */
export function scopeCondition(
  actor: StudentActor,
  officer: AnyPgColumn = students.assignedOfficerId,
): SQL | undefined {
  const scope = studentScope(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'officer') return eq(officer, scope.officerId);
  return sql`false`;
}

export function selectStudents(db: DbOrTx) {
  return db.select(studentColumns).from(students).leftJoin(users, eq(users.id, students.assignedOfficerId));
}

/** One student inside the user's scope, or undefined (also for ids that are not uuids). */
export async function findStudentRow(
  db: DbOrTx,
  actor: StudentActor,
  id: string,
): Promise<StudentRow | undefined> {
  if (!isUuid(id) || studentScope(actor).kind === 'none') return undefined;
  const [row] = await selectStudents(db)
    .where(and(eq(students.id, id), scopeCondition(actor)))
    .limit(1);
  return row;
}
