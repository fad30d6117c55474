import { describe, expect, it } from 'vitest';
import { type Student, StudentCreateSchema, StudentUpdateSchema } from '../../../contracts/students';
import { formProblems } from '../../components/forms/schema-resolver';
import {
  emptyManagementValues,
  emptyProfileValues,
  fieldOfConflict,
  managementPayload,
  managementValuesFrom,
  PROFILE_FIELDS,
  profilePayload,
  profileValuesFrom,
  StudentManagementFormSchema,
  StudentProfileFormSchema,
  type StudentProfileFormValues,
} from './student-form-values';

const student: Student = {
  id: 'b6f1c3de-0000-4000-8000-000000000001',
  first_name: 'Mwila',
  last_name: 'Chanda',
  full_name: 'Mwila Chanda',
  email: 'mwila@example.org',
  contact_number: '+260977100001',
  community: 'Kalingalinga',
  program_level: 'university',
  program_status: 'enrolled',
  academic_standing: 'good',
  institution_name: 'University of Zambia',
  current_program: 'BSc Computer Science',
  assigned_officer_id: 'officer-1',
  assigned_officer_name: 'Bupe Tembo',
  overall_gpa: 3.5,
  chl_number: 'CHL-1',
  gender: 'female',
  date_of_birth: '2004-03-12',
  age: 21,
  nrc_number: null,
  school_id_number: null,
  profile_photo_url: null,
  program_notes: null,
  guardian_full_name: null,
  guardian_community: null,
  guardian_contact_number: null,
  guardian_relationship: null,
  institution_location: null,
  area_of_study: null,
  program_length: null,
  start_date: null,
  expected_end_date: null,
  accommodation_type: 'boarding_house',
  accommodation_monthly_rent: '1500.00',
  accommodation_payment_method: null,
  accommodation_address: null,
  accommodation_landlord_name: null,
  accommodation_landlord_contact: null,
  landlord_id: null,
  institution_id: null,
  laptop_plan: 'rent_to_own',
  laptop_serial_number: 'SN-1',
  laptop_monthly_deduction: '250.00',
  laptop_inspection_date: '2025-01-10',
  laptop_submission_date: null,
  laptop_collection_date: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

describe('profile form', () => {
  it('starts with the spec defaults', () => {
    const values = emptyProfileValues();
    expect(values).toMatchObject({
      first_name: '',
      gender: 'male',
      program_level: 'university',
      program_status: 'enrolled',
      academic_standing: 'good',
      accommodation_type: 'institution_hostel',
      laptop_plan: 'none',
    });
    expect(Object.keys(values).sort()).toEqual([...PROFILE_FIELDS].sort());
  });

  it('covers every writable field of the API except the officer', () => {
    const apiFields = Object.keys(StudentCreateSchema.shape).filter((f) => f !== 'assigned_officer_id');
    expect([...PROFILE_FIELDS].sort()).toEqual(apiFields.sort());
  });

  it('requires first and last name and checks email, GPA, money and photo', () => {
    const badValues: Partial<StudentProfileFormValues> = {
      first_name: ' ',
      email: 'not-an-email',
      overall_gpa: '4.01',
      accommodation_monthly_rent: '-5',
      laptop_monthly_deduction: 'abc',
      profile_photo_url: 'ftp://x',
      date_of_birth: '2024-02-30',
    };
    const messages = formProblems(StudentProfileFormSchema, { ...emptyProfileValues(), ...badValues });
    expect(messages).toMatchObject({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      email: 'Email must be a valid email address',
      overall_gpa: 'Overall GPA must be a number from 0 to 4.00 with at most 2 decimals',
      profile_photo_url: 'Profile photo must be a web address starting with http:// or https://',
    });
    expect(messages?.accommodation_monthly_rent).toMatch(/Monthly rent must be an amount of 0 or more/);
    expect(messages?.laptop_monthly_deduction).toMatch(/Laptop monthly deduction must be an amount/);
    expect(messages?.date_of_birth).toMatch(/real date/);
  });

  it('accepts GPA 0 to 4.0 in steps of 0.01', () => {
    for (const gpa of ['0', '4', '4.00', '3.75', '2.5']) {
      expect(StudentProfileFormSchema.shape.overall_gpa.safeParse(gpa).success).toBe(true);
    }
    for (const gpa of ['4.5', '3.755', '-1', 'x']) {
      expect(StudentProfileFormSchema.shape.overall_gpa.safeParse(gpa).success).toBe(false);
    }
  });

  it('round-trips a record into a body the API accepts, keeping the officer out', () => {
    const values = profileValuesFrom(student);
    expect(values.overall_gpa).toBe('3.50');
    expect(values.nrc_number).toBe('');
    const body = profilePayload(values);
    expect(body).not.toHaveProperty('assigned_officer_id');
    expect(body).toMatchObject({
      first_name: 'Mwila',
      overall_gpa: 3.5,
      nrc_number: null,
      accommodation_monthly_rent: '1500.00',
      laptop_plan: 'rent_to_own',
      laptop_monthly_deduction: '250.00',
    });
    expect(StudentUpdateSchema.safeParse(body).success).toBe(true);
    expect(StudentCreateSchema.safeParse(body).success).toBe(true);
  });

  it('saves the laptop fields a plan hides as empty', () => {
    const own = profilePayload(profileValuesFrom(student));
    // rent_to_own: the deduction stays, the rent-to-return dates go.
    expect(own.laptop_monthly_deduction).toBe('250.00');
    expect(own.laptop_inspection_date).toBeNull();

    const ret = profilePayload({ ...profileValuesFrom(student), laptop_plan: 'rent_to_return' });
    expect(ret.laptop_monthly_deduction).toBeNull();
    expect(ret.laptop_inspection_date).toBe('2025-01-10');

    const none = profilePayload({ ...profileValuesFrom(student), laptop_plan: 'none' });
    expect(none.laptop_monthly_deduction).toBeNull();
    expect(none.laptop_inspection_date).toBeNull();
  });
});

describe('management form', () => {
  it('maps a new student without an officer unless a manager picks one', () => {
    const values = { ...emptyManagementValues(), first_name: ' Ada ', last_name: 'Phiri', email: '' };
    expect(StudentManagementFormSchema.safeParse(values).success).toBe(true);
    const body = managementPayload(values, { canAssignOfficer: false });
    expect(body).toMatchObject({
      first_name: 'Ada',
      last_name: 'Phiri',
      email: null,
      program_level: 'university',
    });
    expect(body).not.toHaveProperty('assigned_officer_id');
    expect(
      managementPayload({ ...values, assigned_officer_id: 'o-2' }, { canAssignOfficer: false }),
    ).not.toHaveProperty('assigned_officer_id');
    expect(
      managementPayload({ ...values, assigned_officer_id: 'o-2' }, { canAssignOfficer: true }),
    ).toMatchObject({
      assigned_officer_id: 'o-2',
    });
  });

  it('on edit sends the officer only when a manager changed it', () => {
    const values = managementValuesFrom(student);
    expect(values.assigned_officer_id).toBe('officer-1');
    expect(managementPayload(values, { canAssignOfficer: true, original: student })).not.toHaveProperty(
      'assigned_officer_id',
    );
    expect(
      managementPayload(
        { ...values, assigned_officer_id: 'officer-2' },
        { canAssignOfficer: true, original: student },
      ),
    ).toMatchObject({ assigned_officer_id: 'officer-2' });
    // Only the form's own fields travel: the rest of the record keeps its values on the server.
    const body = managementPayload(values, { canAssignOfficer: false, original: student });
    expect(body).not.toHaveProperty('laptop_plan');
    expect(StudentUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('places a taken CHL or NRC number on its field', () => {
    expect(fieldOfConflict('A student with CHL number CHL-1 already exists.')).toBe('chl_number');
    expect(fieldOfConflict('A student with NRC number 1/2/3 already exists.')).toBe('nrc_number');
    expect(fieldOfConflict('This student has allowance records and cannot be deleted.')).toBeNull();
  });
});
