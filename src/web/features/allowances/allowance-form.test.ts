import { describe, expect, it } from 'vitest';
import { CreateAllowanceRequestSchema } from '../../../contracts/allowances';
import { formProblems } from '../../components/forms/schema-resolver';
import {
  AllowanceFormSchema,
  type AllowanceFormValues,
  amountFieldsFor,
  emptyAllowanceForm,
  FORM_MESSAGES,
  formTotal,
  toCreateAllowancePayload,
} from './allowance-form';

const filled = (overrides: Partial<AllowanceFormValues> = {}): AllowanceFormValues => ({
  ...emptyAllowanceForm(new Date('2026-03-10T10:00:00Z')),
  student_id: '3f1c6a52-9a4f-4a7e-8d41-0c3d2a1b5e77',
  month: 'March',
  stipend: '1,500.50',
  medical: '200',
  transportation: '150.25',
  school_supplies: '',
  accommodation: '800',
  ...overrides,
});

describe('emptyAllowanceForm', () => {
  it('defaults the year to the current year in Lusaka and leaves the month to choose', () => {
    // 23:00 UTC on 31 December is already 1 January in Lusaka.
    expect(emptyAllowanceForm(new Date('2025-12-31T23:00:00Z'))).toMatchObject({ year: '2026', month: '' });
  });
});

describe('formTotal', () => {
  it('adds the five amounts exactly', () => {
    expect(formTotal(filled())).toBe('2650.75');
    expect(
      formTotal(filled({ stipend: '0.10', medical: '0.20', transportation: '', accommodation: '' })),
    ).toBe('0.30');
  });

  it('counts only the stipend for launch_year', () => {
    expect(formTotal(filled({ program_level: 'launch_year' }))).toBe('1500.50');
  });

  it('is null while an amount is not valid', () => {
    expect(formTotal(filled({ medical: 'abc' }))).toBeNull();
    expect(formTotal(filled({ stipend: '' }))).toBeNull();
    expect(formTotal(filled({ stipend: '-5' }))).toBeNull();
  });
});

describe('AllowanceFormSchema', () => {
  it('reports every problem at once', () => {
    const byField = formProblems(AllowanceFormSchema, {
      ...emptyAllowanceForm(),
      year: '20x6',
      stipend: '',
      medical: '1.234',
    });
    expect(byField).toMatchObject({
      student_id: FORM_MESSAGES.student,
      month: FORM_MESSAGES.month,
      year: FORM_MESSAGES.year,
      stipend: FORM_MESSAGES.stipend,
      medical: FORM_MESSAGES.amount('medical'),
    });
  });

  it('marks each amount over ZMW 1,000,000.00 with the cap, and takes the cap itself', () => {
    const byField = formProblems(
      AllowanceFormSchema,
      filled({ stipend: '1,000,000.01', medical: '99999999999', accommodation: '1000000' }),
    );
    expect(byField).toEqual({
      stipend: 'Stipend must be at most ZMW 1,000,000.00.',
      medical: 'Medical must be at most ZMW 1,000,000.00.',
    });
    expect(FORM_MESSAGES.tooLarge('school_supplies')).toBe(
      'School Supplies must be at most ZMW 1,000,000.00.',
    );
  });

  it('ignores the hidden amounts of a launch_year allowance', () => {
    expect(
      AllowanceFormSchema.safeParse(filled({ program_level: 'launch_year', medical: 'abc' })).success,
    ).toBe(true);
    expect(amountFieldsFor('launch_year')).toEqual(['stipend']);
  });
});

describe('toCreateAllowancePayload', () => {
  it('sends the amounts as typed, without a total, and passes the API contract', () => {
    const payload = toCreateAllowancePayload(filled({ flmi_comments: '  Fees confirmed  ' }));
    expect(payload).toEqual({
      student_id: '3f1c6a52-9a4f-4a7e-8d41-0c3d2a1b5e77',
      month: 'March',
      year: 2026,
      program_level: 'university',
      stipend: '1500.50',
      medical: '200',
      transportation: '150.25',
      school_supplies: null,
      accommodation: '800',
      flmi_comments: 'Fees confirmed',
    });
    expect(payload).not.toHaveProperty('total');
    expect(CreateAllowanceRequestSchema.safeParse(payload).success).toBe(true);
  });

  it('leaves the four other amounts out for launch_year', () => {
    const payload = toCreateAllowancePayload(filled({ program_level: 'launch_year', flmi_comments: '' }));
    expect(payload).toEqual({
      student_id: '3f1c6a52-9a4f-4a7e-8d41-0c3d2a1b5e77',
      month: 'March',
      year: 2026,
      program_level: 'launch_year',
      stipend: '1500.50',
      flmi_comments: null,
    });
  });
});
