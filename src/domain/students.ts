/** The student record's enumerations, defaults and labels (spec §3). */
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
