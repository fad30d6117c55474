import { describe, expect, it } from 'vitest';
import {
  fullName,
  GENDER_LABELS,
  GENDERS,
  normaliseEnumInput,
  PROGRAM_LEVEL_LABELS,
  PROGRAM_LEVELS,
  studentRecordProblems,
} from './students';

describe('students', () => {
  it('joins the full name from trimmed parts', () => {
    expect(fullName(' Mwila ', 'Chanda ')).toBe('Mwila Chanda');
  });

  it('reads enumeration values by value or label, ignoring case, spaces and hyphens', () => {
    const level = (v: string) => normaliseEnumInput(v, PROGRAM_LEVELS, PROGRAM_LEVEL_LABELS);
    expect(level('University')).toBe('university');
    expect(level('launch-year')).toBe('launch_year');
    expect(level(' Launch Year ')).toBe('launch_year');
    expect(level('College/Diploma')).toBe('diploma');
    expect(level('masters')).toBe('masters');
    expect(level('  ')).toBe('');
    expect(normaliseEnumInput('FEMALE', GENDERS, GENDER_LABELS)).toBe('female');
  });

  it('refuses a birth date in the future and an end before the start', () => {
    const today = '2026-03-15';
    const ok = { date_of_birth: '2004-03-15', start_date: '2023-01-10', expected_end_date: '2026-12-01' };
    expect(studentRecordProblems(ok, today)).toEqual({});
    expect(studentRecordProblems({ ...ok, date_of_birth: '2026-03-16' }, today)).toEqual({
      date_of_birth: 'Date of birth cannot be in the future',
    });
    expect(studentRecordProblems({ ...ok, expected_end_date: '2023-01-09' }, today)).toEqual({
      expected_end_date: 'Expected end date cannot be before the start date',
    });
    expect(
      studentRecordProblems(
        { date_of_birth: null, start_date: null, expected_end_date: '2000-01-01' },
        today,
      ),
    ).toEqual({});
  });
});
