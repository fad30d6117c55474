import { describe, expect, it } from 'vitest';
import type { Student } from '../../../contracts/students';
import {
  formatProfileDate,
  PROFILE_SECTIONS,
  profileAge,
  profileSections,
  programmeLine,
} from './profile-view-model';

const base = {
  first_name: 'Mwila',
  last_name: 'Chanda',
  full_name: 'Mwila Chanda',
  gender: 'female',
  program_level: 'diploma',
  program_status: 'enrolled',
  academic_standing: 'good',
  accommodation_type: 'institution_hostel',
  laptop_plan: 'none',
  date_of_birth: '2004-03-12',
  overall_gpa: 3.5,
  accommodation_monthly_rent: '1500.00',
  laptop_monthly_deduction: '250.00',
  laptop_serial_number: 'SN-9',
  laptop_inspection_date: '2025-01-10',
  laptop_submission_date: null,
  laptop_collection_date: null,
  current_program: null,
} as unknown as Student;

const value = (rows: Array<{ label: string; value: string | null }>, label: string) =>
  rows.find((r) => r.label === label)?.value;

describe('profile view', () => {
  it('computes age with the birthday adjustment', () => {
    expect(profileAge('2004-03-12', '2026-03-11')).toBe('21 years');
    expect(profileAge('2004-03-12', '2026-03-12')).toBe('22 years');
    expect(profileAge(null, '2026-03-12')).toBeNull();
  });

  it('writes calendar dates without shifting the day', () => {
    expect(formatProfileDate('2004-03-12')).toBe('12/03/2004');
    expect(formatProfileDate(null)).toBeNull();
  });

  it('has the six sections, with money in ZMW and GPA to 2 places', () => {
    const sections = profileSections(base, '2026-06-01');
    expect(Object.keys(sections)).toEqual([...PROFILE_SECTIONS]);
    expect(value(sections.Personal, 'Age')).toBe('22 years');
    expect(value(sections.Academic, 'Overall GPA')).toBe('3.50');
    expect(value(sections.Academic, 'Program Level')).toBe('College/Diploma');
    expect(value(sections.Accommodation, 'Monthly Rent')).toBe('ZMW 1,500.00');
  });

  it('shows the laptop rows the plan uses', () => {
    const labels = (plan: string) =>
      profileSections({ ...base, laptop_plan: plan } as Student, '2026-06-01')['Digital Resources'].map(
        (r) => r.label,
      );
    expect(labels('none')).toEqual(['Laptop Plan']);
    expect(labels('rent_to_own')).toEqual(['Laptop Plan', 'Laptop Serial Number', 'Monthly Deduction']);
    expect(labels('rent_to_return')).toEqual([
      'Laptop Plan',
      'Laptop Serial Number',
      'Inspection Date',
      'Submission Date',
      'Collection Date',
    ]);
  });

  it('names the programme, falling back to the category', () => {
    expect(programmeLine(base)).toBe('College/Diploma');
    expect(programmeLine({ ...base, current_program: 'BSc Nursing' })).toBe('BSc Nursing');
  });
});
