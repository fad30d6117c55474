/**
 * The student forms (Student Management's Add/Edit and the full Student Profile form): their
 * schemas are the API's own (contracts/students.ts), so a form refuses exactly what the server
 * refuses, with the same messages. A form holds strings ('' means "not given"); this file maps a
 * record to those strings and the checked strings to a request body.
 */
import { z } from 'zod';
import { type Student, type StudentCreate, StudentCreateSchema } from '../../../contracts/students';
import { STUDENT_DEFAULTS } from '../../../domain/students';

/** Every field of the full profile form (docs/product.md §3): the API's fields but the officer. */
export const StudentProfileFormSchema = StudentCreateSchema.omit({ assigned_officer_id: true });
export type ProfileField = keyof typeof StudentProfileFormSchema.shape;
export type StudentProfileFormValues = Record<ProfileField, string>;
export const PROFILE_FIELDS = Object.keys(StudentProfileFormSchema.shape) as ProfileField[];

/** The record's main fields, as Student Management's form shows them. */
const ManagementFieldsSchema = StudentCreateSchema.pick({
  first_name: true,
  last_name: true,
  email: true,
  contact_number: true,
  community: true,
  program_level: true,
  institution_name: true,
  current_program: true,
  program_status: true,
  academic_standing: true,
  chl_number: true,
});

/** The Student Management form: the fields docs/product.md §2/§5 names, plus the officer (managers only). */
export const StudentManagementFormSchema = ManagementFieldsSchema.extend({
  /** '' = the creator (on add) or no change of officer (on edit, when it was unassigned). */
  assigned_officer_id: z.string(),
});
export type ManagementField = keyof typeof StudentManagementFormSchema.shape;
export type StudentManagementFormValues = Record<ManagementField, string>;
export const MANAGEMENT_FIELDS = Object.keys(StudentManagementFormSchema.shape) as ManagementField[];

// ---------------------------------------------------------------------------------------------
// Record -> form values.

const str = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The empty profile form with the spec's defaults (§4: enrolled, good, university; §3 others). */
export function emptyProfileValues(): StudentProfileFormValues {
  const values = Object.fromEntries(PROFILE_FIELDS.map((f) => [f, ''])) as StudentProfileFormValues;
  return {
    ...values,
    gender: STUDENT_DEFAULTS.gender,
    program_level: STUDENT_DEFAULTS.programLevel,
    program_status: STUDENT_DEFAULTS.programStatus,
    academic_standing: STUDENT_DEFAULTS.academicStanding,
    accommodation_type: STUDENT_DEFAULTS.accommodationType,
    laptop_plan: STUDENT_DEFAULTS.laptopPlan,
  };
}

export function profileValuesFrom(student: Student): StudentProfileFormValues {
  const values = emptyProfileValues();
  for (const field of PROFILE_FIELDS) {
    const value = student[field];
    values[field] = field === 'overall_gpa' && typeof value === 'number' ? value.toFixed(2) : str(value);
  }
  return values;
}

/** The management form's share of the profile values, and the officer. */
function managementPart(profile: StudentProfileFormValues, officerId: string): StudentManagementFormValues {
  const values = { assigned_officer_id: officerId } as StudentManagementFormValues;
  for (const field of MANAGEMENT_FIELDS) if (field !== 'assigned_officer_id') values[field] = profile[field];
  return values;
}

export function emptyManagementValues(): StudentManagementFormValues {
  return managementPart(emptyProfileValues(), '');
}

export function managementValuesFrom(student: Student): StudentManagementFormValues {
  return managementPart(profileValuesFrom(student), str(student.assigned_officer_id));
}

// ---------------------------------------------------------------------------------------------
// Form values -> request body.

const orNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Laptop fields a plan does not use are saved empty, as the form hides them (docs/product.md §5). */
export function laptopFieldsShown(plan: string) {
  return { monthlyDeduction: plan === 'rent_to_own', returnDates: plan === 'rent_to_return' };
}

/**
 * The full profile as a request body, for POST (add) and PUT (edit), cleaned by the contract
 * (trimmed, blanks as null, GPA as a number, money as "1500.00"). The officer is never sent: a new
 * profile goes to whoever adds it and an edit keeps the record's officer.
 */
export function profilePayload(values: StudentProfileFormValues): Omit<StudentCreate, 'assigned_officer_id'> {
  const body = StudentProfileFormSchema.parse(values);
  const shown = laptopFieldsShown(values.laptop_plan);
  if (!shown.monthlyDeduction) body.laptop_monthly_deduction = null;
  if (!shown.returnDates) {
    body.laptop_inspection_date = null;
    body.laptop_submission_date = null;
    body.laptop_collection_date = null;
  }
  return body;
}

/**
 * The management form as a request body. The officer is sent only when the user may choose one
 * (admin, deputy manager) and, on edit, only when it changed; otherwise the server assigns the
 * creator (add) or keeps the record's officer (edit).
 */
export function managementPayload(
  values: StudentManagementFormValues,
  options: { canAssignOfficer: boolean; original?: Student },
): z.output<typeof ManagementFieldsSchema> & { assigned_officer_id?: string | null } {
  const { assigned_officer_id, ...fields } = values;
  const body = ManagementFieldsSchema.parse(fields);
  if (!options.canAssignOfficer) return body;
  const chosen = orNull(assigned_officer_id);
  if (options.original) {
    return chosen === options.original.assigned_officer_id ? body : { ...body, assigned_officer_id: chosen };
  }
  return chosen ? { ...body, assigned_officer_id: chosen } : body;
}

/**
 * Where a server message belongs when it names no field: a taken CHL or NRC number (409) goes
 * under that input.
 */
export function fieldOfConflict(message: string): 'chl_number' | 'nrc_number' | null {
  if (/CHL number .* already exists/i.test(message)) return 'chl_number';
  if (/NRC number .* already exists/i.test(message)) return 'nrc_number';
  return null;
}
