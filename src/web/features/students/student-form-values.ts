/**
 * The student forms (Student Management's Add/Edit and the full Student Profile form) as plain
 * strings, their checks, and the mapping to the API's request body (contracts/students.ts).
 * The server checks everything again (decisions D2); these checks only answer sooner.
 */
import { z } from 'zod';
import type { Student, StudentCreateInput, StudentUpdateInput } from '../../../contracts/students';
import { isIsoDate } from '../../../domain/dates';
import { parseMoney } from '../../../domain/money';
import {
  ACADEMIC_STANDINGS,
  ACCOMMODATION_TYPES,
  GENDERS,
  GPA_MAX,
  LAPTOP_PLANS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  STUDENT_DEFAULTS,
} from '../../../domain/students';

// ---------------------------------------------------------------------------------------------
// Field checks on the strings a form holds ('' means "not given").

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` });

const requiredName = (label: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` });

const blankOr = (label: string, max: number, ok: (v: string) => boolean, message: string) =>
  text(label, max).refine((v) => v === '' || ok(v), { message });

const emailCheck = z.email();
const email = blankOr(
  'Email',
  254,
  (v) => emailCheck.safeParse(v).success,
  'Email must be a valid email address',
);

const date = (label: string) =>
  blankOr(label, 10, isIsoDate, `${label} must be a real date written YYYY-MM-DD`);

const money = (label: string) =>
  blankOr(
    label,
    20,
    (v) => parseMoney(v) !== null,
    `${label} must be an amount of 0 or more with at most 2 decimals, such as 1500.00`,
  );

export const GPA_MESSAGE = `Overall GPA must be a number from 0 to ${GPA_MAX.toFixed(2)} with at most 2 decimals`;
const gpa = blankOr(
  'Overall GPA',
  10,
  (v) => /^\d+(\.\d{1,2})?$/.test(v) && Number(v) <= GPA_MAX,
  GPA_MESSAGE,
);

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};
const photoUrl = blankOr(
  'Profile photo address',
  2000,
  isWebAddress,
  'Profile photo must be a web address starting with http:// or https://',
);

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { message: `Please choose a ${label.toLowerCase()}` });

/** Every field of the full profile form (spec §3), as strings. */
export const StudentProfileFormSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  email,
  contact_number: text('Contact number', 40),
  community: text('Community', 120),
  gender: oneOf('Gender', GENDERS),
  date_of_birth: date('Date of birth'),
  chl_number: text('CHL number', 50),
  nrc_number: text('NRC number', 50),
  school_id_number: text('School ID number', 50),
  profile_photo_url: photoUrl,
  guardian_full_name: text('Guardian full name', 200),
  guardian_relationship: text('Guardian relationship', 100),
  guardian_contact_number: text('Guardian contact number', 40),
  guardian_community: text('Guardian community', 120),
  program_level: oneOf('Program level', PROGRAM_LEVELS),
  program_status: oneOf('Program status', PROGRAM_STATUSES),
  academic_standing: oneOf('Academic standing', ACADEMIC_STANDINGS),
  institution_name: text('Institution name', 200),
  institution_location: text('Institution location', 200),
  current_program: text('Current program', 200),
  area_of_study: text('Area of study', 200),
  program_length: text('Program length', 50),
  start_date: date('Start date'),
  expected_end_date: date('Expected end date'),
  overall_gpa: gpa,
  accommodation_type: oneOf('Accommodation type', ACCOMMODATION_TYPES),
  accommodation_monthly_rent: money('Monthly rent'),
  accommodation_payment_method: text('Payment method', 100),
  accommodation_address: text('Accommodation address', 300),
  accommodation_landlord_name: text('Landlord name', 200),
  accommodation_landlord_contact: text('Landlord contact', 100),
  laptop_plan: oneOf('Laptop plan', LAPTOP_PLANS),
  laptop_serial_number: text('Laptop serial number', 100),
  laptop_monthly_deduction: money('Laptop monthly deduction'),
  laptop_inspection_date: date('Inspection date'),
  laptop_submission_date: date('Submission date'),
  laptop_collection_date: date('Collection date'),
  program_notes: text('Program notes', 5000),
});
export type StudentProfileFormValues = z.input<typeof StudentProfileFormSchema>;
export type ProfileField = keyof StudentProfileFormValues;
export const PROFILE_FIELDS = Object.keys(StudentProfileFormSchema.shape) as ProfileField[];

/** The Student Management form: the fields spec §2/§5 names, plus the officer (managers only). */
export const StudentManagementFormSchema = StudentProfileFormSchema.pick({
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
}).extend({
  /** '' = the creator (on add) or no change of officer (on edit, when it was unassigned). */
  assigned_officer_id: z.string(),
});
export type StudentManagementFormValues = z.input<typeof StudentManagementFormSchema>;
export type ManagementField = keyof StudentManagementFormValues;
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
    (values as Record<string, string>)[field] =
      field === 'overall_gpa' && typeof value === 'number' ? value.toFixed(2) : str(value);
  }
  return values;
}

export function emptyManagementValues(): StudentManagementFormValues {
  const p = emptyProfileValues();
  return {
    first_name: '',
    last_name: '',
    email: '',
    contact_number: '',
    community: '',
    program_level: p.program_level,
    institution_name: '',
    current_program: '',
    program_status: p.program_status,
    academic_standing: p.academic_standing,
    chl_number: '',
    assigned_officer_id: '',
  };
}

export function managementValuesFrom(student: Student): StudentManagementFormValues {
  const p = profileValuesFrom(student);
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    contact_number: p.contact_number,
    community: p.community,
    program_level: p.program_level,
    institution_name: p.institution_name,
    current_program: p.current_program,
    program_status: p.program_status,
    academic_standing: p.academic_standing,
    chl_number: p.chl_number,
    assigned_officer_id: str(student.assigned_officer_id),
  };
}

// ---------------------------------------------------------------------------------------------
// Form values -> request body.

const orNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Laptop fields a plan does not use are saved empty, as the form hides them (spec §5). */
export function laptopFieldsShown(plan: string) {
  return { monthlyDeduction: plan === 'rent_to_own', returnDates: plan === 'rent_to_return' };
}

/**
 * The full profile as a request body, for POST (add) and PUT (edit). The officer is never sent:
 * a new profile goes to whoever adds it and an edit keeps the record's officer.
 */
export function profilePayload(values: StudentProfileFormValues): StudentCreateInput & StudentUpdateInput {
  const body: Record<string, string | number | null> = {};
  for (const field of PROFILE_FIELDS) body[field] = orNull(values[field]);
  const gpaText = orNull(values.overall_gpa);
  body.overall_gpa = gpaText === null ? null : Number(gpaText);
  const shown = laptopFieldsShown(values.laptop_plan);
  if (!shown.monthlyDeduction) body.laptop_monthly_deduction = null;
  if (!shown.returnDates) {
    body.laptop_inspection_date = null;
    body.laptop_submission_date = null;
    body.laptop_collection_date = null;
  }
  return body as unknown as StudentCreateInput & StudentUpdateInput;
}

/**
 * The management form as a request body. The officer is sent only when the user may choose one
 * (admin, deputy manager) and, on edit, only when it changed; otherwise the server assigns the
 * creator (add) or keeps the record's officer (edit).
 */
export function managementPayload(
  values: StudentManagementFormValues,
  options: { canAssignOfficer: boolean; original?: Student },
): StudentCreateInput & StudentUpdateInput {
  const body: Record<string, string | null> = {};
  for (const field of MANAGEMENT_FIELDS) {
    if (field !== 'assigned_officer_id') body[field] = orNull(values[field]);
  }
  if (options.canAssignOfficer) {
    const chosen = orNull(values.assigned_officer_id);
    if (options.original) {
      if (chosen !== options.original.assigned_officer_id) body.assigned_officer_id = chosen;
    } else if (chosen) {
      body.assigned_officer_id = chosen;
    }
  }
  return body as unknown as StudentCreateInput & StudentUpdateInput;
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
