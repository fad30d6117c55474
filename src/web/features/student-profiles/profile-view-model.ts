/**
 * What the read-only profile shows, section by section (docs/product.md §2 Student Profiles): pure, so the
 * sections, the age and the laptop plan's conditional rows are tested without a browser.
 */
import type { Student } from '../../../contracts/students';
import { ageOn } from '../../../domain/dates';
import {
  ACADEMIC_STANDING_LABELS,
  ACCOMMODATION_TYPE_LABELS,
  GENDER_LABELS,
  LAPTOP_PLAN_LABELS,
  PROGRAM_LEVEL_LABELS,
  PROGRAM_STATUS_LABELS,
} from '../../../domain/students';
import { formatDate, formatMoney } from '../../lib/format';

export const PROFILE_SECTIONS = [
  'Personal',
  'Guardian',
  'Academic',
  'Accommodation',
  'Digital Resources',
  'Program Notes',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

export interface ProfileRow {
  label: string;
  /** null when the record has no value ('Not provided' on screen). */
  value: string | null;
}

/** Dates as they read on the profile: '12/03/2004' (the calendar day, whatever the viewer's zone). */
export function formatProfileDate(iso: string | null): string | null {
  return iso ? formatDate(iso) : null;
}

/** Age in whole years on `today` (YYYY-MM-DD in Lusaka), counting the birthday once it has come. */
export function profileAge(dateOfBirth: string | null, today: string): string | null {
  if (!dateOfBirth) return null;
  const age = ageOn(dateOfBirth, today);
  return age === null ? null : `${age} years`;
}

const money = (value: string | null) => (value === null ? null : formatMoney(value));

/** Rows of each section of the read-only profile. Laptop rows follow the plan (docs/product.md §5). */
export function profileSections(student: Student, today: string): Record<ProfileSection, ProfileRow[]> {
  const laptop: ProfileRow[] = [{ label: 'Laptop Plan', value: LAPTOP_PLAN_LABELS[student.laptop_plan] }];
  if (student.laptop_plan !== 'none')
    laptop.push({ label: 'Laptop Serial Number', value: student.laptop_serial_number });
  if (student.laptop_plan === 'rent_to_own')
    laptop.push({ label: 'Monthly Deduction', value: money(student.laptop_monthly_deduction) });
  if (student.laptop_plan === 'rent_to_return')
    laptop.push(
      { label: 'Inspection Date', value: formatProfileDate(student.laptop_inspection_date) },
      { label: 'Submission Date', value: formatProfileDate(student.laptop_submission_date) },
      { label: 'Collection Date', value: formatProfileDate(student.laptop_collection_date) },
    );

  return {
    Personal: [
      { label: 'Email', value: student.email },
      { label: 'Contact Number', value: student.contact_number },
      { label: 'Gender', value: GENDER_LABELS[student.gender] },
      { label: 'Date of Birth', value: formatProfileDate(student.date_of_birth) },
      { label: 'Age', value: profileAge(student.date_of_birth, today) },
      { label: 'Community', value: student.community },
      { label: 'CHL Number', value: student.chl_number },
      { label: 'NRC Number', value: student.nrc_number },
      { label: 'School ID Number', value: student.school_id_number },
    ],
    Guardian: [
      { label: 'Guardian Name', value: student.guardian_full_name },
      { label: 'Relationship', value: student.guardian_relationship },
      { label: 'Guardian Contact', value: student.guardian_contact_number },
      { label: 'Guardian Community', value: student.guardian_community },
    ],
    Academic: [
      { label: 'Program Level', value: PROGRAM_LEVEL_LABELS[student.program_level] },
      { label: 'Program Status', value: PROGRAM_STATUS_LABELS[student.program_status] },
      { label: 'Academic Standing', value: ACADEMIC_STANDING_LABELS[student.academic_standing] },
      { label: 'Institution', value: student.institution_name },
      { label: 'Institution Location', value: student.institution_location },
      { label: 'Current Program', value: student.current_program },
      { label: 'Area of Study', value: student.area_of_study },
      { label: 'Program Length', value: student.program_length },
      { label: 'Start Date', value: formatProfileDate(student.start_date) },
      { label: 'Expected End Date', value: formatProfileDate(student.expected_end_date) },
      { label: 'Overall GPA', value: student.overall_gpa === null ? null : student.overall_gpa.toFixed(2) },
      { label: 'Assigned Officer', value: student.assigned_officer_name },
    ],
    Accommodation: [
      { label: 'Accommodation Type', value: ACCOMMODATION_TYPE_LABELS[student.accommodation_type] },
      { label: 'Monthly Rent', value: money(student.accommodation_monthly_rent) },
      { label: 'Payment Method', value: student.accommodation_payment_method },
      { label: 'Address', value: student.accommodation_address },
      { label: 'Landlord Name', value: student.accommodation_landlord_name },
      { label: 'Landlord Contact', value: student.accommodation_landlord_contact },
    ],
    'Digital Resources': laptop,
    'Program Notes': [{ label: 'Notes', value: student.program_notes }],
  };
}

/** The card's programme line: the current programme, else the category. */
export function programmeLine(student: Pick<Student, 'current_program' | 'program_level'>): string {
  return student.current_program ?? PROGRAM_LEVEL_LABELS[student.program_level];
}
