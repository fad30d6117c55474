import { describe, expect, it } from 'vitest';
import { StudentCreateSchema, StudentListQuerySchema, StudentUpdateSchema } from './students';

const base = { first_name: 'Mwila', last_name: 'Chanda' };
const fieldError = (input: Record<string, unknown>, schema = StudentCreateSchema) => {
  const result = schema.safeParse({ ...base, ...input });
  if (result.success) return undefined;
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('StudentCreateSchema', () => {
  it('needs first and last name, trimmed, and applies the spec defaults', () => {
    const parsed = StudentCreateSchema.parse({ first_name: ' Mwila ', last_name: ' Chanda ' });
    expect(parsed).toMatchObject({
      first_name: 'Mwila',
      last_name: 'Chanda',
      program_level: 'university',
      program_status: 'enrolled',
      academic_standing: 'good',
      gender: 'male',
      accommodation_type: 'institution_hostel',
      laptop_plan: 'none',
    });
    expect(fieldError({ first_name: '  ' })).toEqual({ first_name: 'First name is required' });
    expect(fieldError({ last_name: undefined })).toEqual({ last_name: 'Last name is required' });
    expect(fieldError({ first_name: 'x'.repeat(101) })).toEqual({
      first_name: 'First name must be at most 100 characters',
    });
  });

  it('turns blank strings into null and blank enumerations into their default', () => {
    const parsed = StudentCreateSchema.parse({
      ...base,
      email: ' ',
      community: '',
      program_level: '',
      gpa: '',
    });
    expect(parsed.email).toBeNull();
    expect(parsed.community).toBeNull();
    expect(parsed.program_level).toBe('university');
  });

  it('checks emails and lower-cases them', () => {
    expect(StudentCreateSchema.parse({ ...base, email: ' Mwila@Example.ORG ' }).email).toBe(
      'mwila@example.org',
    );
    expect(fieldError({ email: 'not-an-email' })).toEqual({ email: 'Email must be a valid email address' });
  });

  it('knows every enumeration, with a message listing the values', () => {
    expect(fieldError({ program_level: 'phd' })).toEqual({
      program_level: 'Program level must be one of: university, diploma, launch_year',
    });
    expect(fieldError({ program_status: 'x' })?.program_status).toMatch(/^Program status must be one of/);
    expect(fieldError({ academic_standing: 'x' })?.academic_standing).toMatch(/^Academic standing must be/);
    expect(fieldError({ gender: 'x' })).toEqual({ gender: 'Gender must be one of: male, female, other' });
    expect(fieldError({ accommodation_type: 'tent' })?.accommodation_type).toMatch(/^Accommodation type/);
    expect(fieldError({ laptop_plan: 'buy' })?.laptop_plan).toMatch(/^Laptop plan must be one of/);
  });

  it('takes a GPA from 0 to 4.00 with two decimals, as a number or a numeric string', () => {
    expect(StudentCreateSchema.parse({ ...base, overall_gpa: '3.75' }).overall_gpa).toBe(3.75);
    expect(StudentCreateSchema.parse({ ...base, overall_gpa: 4 }).overall_gpa).toBe(4);
    expect(StudentCreateSchema.parse({ ...base, overall_gpa: 0.29 }).overall_gpa).toBe(0.29);
    for (const bad of [4.01, -1, '3.755', 'abc', '1e1', true]) {
      expect(fieldError({ overall_gpa: bad })).toEqual({
        overall_gpa: 'Overall GPA must be a number from 0 to 4.00 with at most 2 decimals',
      });
    }
  });

  it('takes rent and laptop deduction as exact amounts of 0 or more', () => {
    const parsed = StudentCreateSchema.parse({
      ...base,
      accommodation_monthly_rent: '1,500',
      laptop_monthly_deduction: 250.5,
    });
    expect(parsed.accommodation_monthly_rent).toBe('1500.00');
    expect(parsed.laptop_monthly_deduction).toBe('250.50');
    expect(fieldError({ accommodation_monthly_rent: '-1' })).toEqual({
      accommodation_monthly_rent:
        'Monthly rent must be an amount of 0 or more with at most 2 decimals, such as 1500.00',
    });
    expect(fieldError({ laptop_monthly_deduction: '12.345' })?.laptop_monthly_deduction).toMatch(
      /^Laptop monthly deduction must be an amount/,
    );
    expect(fieldError({ laptop_monthly_deduction: {} })?.laptop_monthly_deduction).toMatch(
      /^Laptop monthly deduction must be an amount/,
    );
  });

  it('takes real dates written YYYY-MM-DD', () => {
    expect(StudentCreateSchema.parse({ ...base, date_of_birth: '2004-02-29' }).date_of_birth).toBe(
      '2004-02-29',
    );
    for (const field of [
      'date_of_birth',
      'start_date',
      'expected_end_date',
      'laptop_inspection_date',
      'laptop_submission_date',
      'laptop_collection_date',
    ]) {
      for (const bad of ['2003-02-29', '2024-13-01', '15/03/2004', 20040315]) {
        expect(fieldError({ [field]: bad })?.[field]).toMatch(/date written YYYY-MM-DD$/);
      }
    }
  });

  it('takes a photo only as an http or https address', () => {
    expect(
      StudentCreateSchema.parse({ ...base, profile_photo_url: 'https://x.org/a.jpg' }).profile_photo_url,
    ).toBe('https://x.org/a.jpg');
    for (const bad of ['javascript:alert(1)', 'ftp://x.org/a', 'not a url']) {
      expect(fieldError({ profile_photo_url: bad })).toEqual({
        profile_photo_url: 'Profile photo must be a web address starting with http:// or https://',
      });
    }
  });

  it('bounds text lengths and checks the officer id', () => {
    expect(fieldError({ community: 'x'.repeat(121) })).toEqual({
      community: 'Community must be at most 120 characters',
    });
    expect(fieldError({ program_notes: 'x'.repeat(5001) })?.program_notes).toMatch(/at most 5000/);
    expect(fieldError({ chl_number: 5 })).toEqual({ chl_number: 'CHL number must be text' });
    expect(fieldError({ assigned_officer_id: 'PO001' })).toEqual({
      assigned_officer_id: 'Assigned officer must be a valid user id',
    });
  });
});

describe('StudentUpdateSchema', () => {
  it('keeps left-out fields out, clears with null or blank, and keeps enumerations when blank', () => {
    expect(StudentUpdateSchema.parse({})).toEqual({});
    expect(StudentUpdateSchema.parse({ email: '', community: null, program_level: '' })).toEqual({
      email: null,
      community: null,
    });
    expect(StudentUpdateSchema.safeParse({ first_name: ' ' }).success).toBe(false);
    // Read-only fields sent back by a form are ignored.
    expect(StudentUpdateSchema.parse({ full_name: 'X', age: 3, id: 'x' })).toEqual({});
  });
});

describe('StudentListQuerySchema', () => {
  it('defaults paging and sort, and refuses unknown filters', () => {
    expect(StudentListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25, sort: 'created_at_desc' });
    expect(StudentListQuerySchema.parse({ category: '', status: '', q: ' ban ' })).toMatchObject({
      q: 'ban',
    });
    expect(StudentListQuerySchema.safeParse({ category: 'college' }).success).toBe(false);
    expect(StudentListQuerySchema.safeParse({ pageSize: '500' }).success).toBe(false);
    expect(StudentListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(StudentListQuerySchema.safeParse({ sort: 'age' }).success).toBe(false);
  });
});
