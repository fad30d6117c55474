/** The student record's enumerations, defaults and labels (docs/product.md §3). */
import { FUTURE_BIRTH_DATE, isFutureBirthDate } from './dates';
export const PROGRAM_LEVELS = ['university', 'diploma', 'launch_year'] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];
export const PROGRAM_LEVEL_LABELS: Record<ProgramLevel, string> = {
  university: 'University',
  diploma: 'College/Diploma',
  launch_year: 'Launch Year',
};

export const PROGRAM_STATUSES = ['enrolled', 'graduated', 'discharged', 'suspended', 'transferred'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

export const ACADEMIC_STANDINGS = ['excellent', 'good', 'probation', 'warning'] as const;
export type AcademicStanding = (typeof ACADEMIC_STANDINGS)[number];

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const ACCOMMODATION_TYPES = ['institution_hostel', 'boarding_house', 'self_paying', 'other'] as const;
export type AccommodationType = (typeof ACCOMMODATION_TYPES)[number];

export const LAPTOP_PLANS = ['none', 'rent_to_return', 'rent_to_own'] as const;
export type LaptopPlan = (typeof LAPTOP_PLANS)[number];

export const STUDENT_DEFAULTS = {
  programLevel: 'university',
  programStatus: 'enrolled',
  academicStanding: 'good',
  gender: 'male',
  accommodationType: 'institution_hostel',
  laptopPlan: 'none',
} as const;

export const GPA_MAX = 4;

export function fullName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`;
}

export const PROGRAM_STATUS_LABELS: Record<ProgramStatus, string> = {
  enrolled: 'Enrolled',
  graduated: 'Graduated',
  discharged: 'Discharged',
  suspended: 'Suspended',
  transferred: 'Transferred',
};

export const ACADEMIC_STANDING_LABELS: Record<AcademicStanding, string> = {
  excellent: 'Excellent',
  good: 'Good',
  probation: 'Probation',
  warning: 'Warning',
};

export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Other' };

export const ACCOMMODATION_TYPE_LABELS: Record<AccommodationType, string> = {
  institution_hostel: 'Institution Hostel',
  boarding_house: 'Boarding House',
  self_paying: 'Self Paying',
  other: 'Other',
};

export const LAPTOP_PLAN_LABELS: Record<LaptopPlan, string> = {
  none: 'None',
  rent_to_return: 'Rent to Return',
  rent_to_own: 'Rent to Own',
};

/** How the student list can be ordered; newest first unless asked otherwise. */
export const STUDENT_SORTS = ['created_at_desc', 'created_at_asc', 'name_asc', 'name_desc'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];
export const DEFAULT_STUDENT_SORT: StudentSort = 'created_at_desc';

/**
 * Reads an enumeration value the way a person may type it in a spreadsheet: case, spaces and
 * hyphens do not matter, and the on-screen label is accepted too ('College/Diploma', 'Launch Year').
 * Anything else is handed back unchanged, for validation to refuse with a message.
 */
export function normaliseEnumInput<T extends string>(
  value: string,
  values: readonly T[],
  labels: Record<T, string>,
): string {
  const key = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  const wanted = key(value);
  if (!wanted) return '';
  const found = values.find((v) => key(v) === wanted || key(labels[v]) === wanted);
  return found ?? value.trim();
}

/** The dates and other fields of a student record whose rules span more than one field. */
export interface StudentRecordDates {
  date_of_birth: string | null;
  start_date: string | null;
  expected_end_date: string | null;
}

/**
 * Rules across fields, checked on the record as it will be saved (after an update is merged):
 * a birth date is not in the future, and a programme does not end before it starts.
 * Answers field -> message, empty when all is well. Dates are ISO strings, so they compare as text.
 */
export function studentRecordProblems(record: StudentRecordDates, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (isFutureBirthDate(record.date_of_birth, today)) problems.date_of_birth = FUTURE_BIRTH_DATE;
  if (record.start_date && record.expected_end_date && record.expected_end_date < record.start_date)
    problems.expected_end_date = 'Expected end date cannot be before the start date';
  return problems;
}

/** The fields of a student record as its History and the Activity Log name them (domain/audit-labels.ts). */
export const STUDENT_FIELD_LABELS: Readonly<Record<string, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  contact_number: 'Contact number',
  community: 'Community',
  program_level: 'Program level',
  program_status: 'Program status',
  academic_standing: 'Academic standing',
  institution_name: 'Institution name',
  institution_id: 'Institution',
  current_program: 'Current program',
  assigned_officer_id: 'Assigned officer',
  overall_gpa: 'Overall GPA',
  chl_number: 'CHL number',
  gender: 'Gender',
  date_of_birth: 'Date of birth',
  nrc_number: 'NRC number',
  school_id_number: 'School ID number',
  profile_photo_url: 'Profile photo link',
  program_notes: 'Program notes',
  guardian_full_name: 'Guardian full name',
  guardian_community: 'Guardian community',
  guardian_contact_number: 'Guardian contact number',
  guardian_relationship: 'Guardian relationship',
  institution_location: 'Institution location',
  area_of_study: 'Area of study',
  program_length: 'Program length',
  start_date: 'Start date',
  expected_end_date: 'Expected end date',
  accommodation_type: 'Accommodation type',
  accommodation_monthly_rent: 'Accommodation monthly rent',
  accommodation_payment_method: 'Accommodation payment method',
  accommodation_address: 'Accommodation address',
  accommodation_landlord_name: 'Accommodation landlord name',
  landlord_id: 'Landlord',
  accommodation_landlord_contact: 'Accommodation landlord contact',
  laptop_plan: 'Laptop plan',
  laptop_serial_number: 'Laptop serial number',
  laptop_monthly_deduction: 'Laptop monthly deduction',
  laptop_inspection_date: 'Laptop inspection date',
  laptop_submission_date: 'Laptop submission date',
  laptop_collection_date: 'Laptop collection date',
  written_by_import: 'Written by the import',
  // Recorded with a CSV import.
  rows: 'Students imported',
  dropped: 'Rows left out',
  skipped: 'Rows with problems skipped',
};
