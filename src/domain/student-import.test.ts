import { describe, expect, it } from 'vitest';
import {
  duplicateChlNumbersInFile,
  planStudentImport,
  rowError,
  STUDENT_IMPORT_COLUMNS,
} from './student-import';

const table = (headers: string[], rows: Array<Record<string, string>>) => ({
  headers,
  rows: rows.map((values, i) => ({ rowNumber: i + 2, values })),
});

describe('planStudentImport', () => {
  it('keeps rows with first and last name, with the import defaults and blank cells as null', () => {
    const plan = planStudentImport(
      table(['first_name', 'last_name', 'email'], [{ first_name: 'Mwila', last_name: 'Chanda', email: ' ' }]),
    );
    expect(plan.missingColumns).toEqual([]);
    expect(plan.dropped).toEqual([]);
    expect(plan.rows).toEqual([
      {
        row: 2,
        input: {
          first_name: 'Mwila',
          last_name: 'Chanda',
          email: null,
          contact_number: null,
          community: null,
          program_level: 'university',
          institution_name: null,
          current_program: null,
          chl_number: null,
          gender: null,
          date_of_birth: null,
          payment_method: null,
          bank_name: null,
          bank_branch: null,
          account_number: null,
          account_name: null,
          wallet_number: null,
          wallet_name: null,
          program_status: 'enrolled',
          academic_standing: 'good',
        },
      },
    ]);
  });

  it('drops rows missing first or last name, with the reason and the spreadsheet row number', () => {
    const plan = planStudentImport(
      table(
        ['first_name', 'last_name'],
        [
          { first_name: '', last_name: 'Kabwe' },
          { first_name: 'Ruth', last_name: '  ' },
          { first_name: '', last_name: '' },
          { first_name: 'Grace', last_name: 'Lungu' },
        ],
      ),
    );
    expect(plan.dropped).toEqual([
      { row: 2, reason: 'Missing first_name' },
      { row: 3, reason: 'Missing last_name' },
      { row: 4, reason: 'Missing first_name and last_name' },
    ]);
    expect(plan.rows.map((r) => r.row)).toEqual([5]);
  });

  it('reports missing required columns', () => {
    expect(planStudentImport(table(['first_name', 'email'], [])).missingColumns).toEqual(['last_name']);
    expect(planStudentImport(table([], [])).missingColumns).toEqual(['first_name', 'last_name']);
  });

  it('reads levels and genders as people type them, and ignores columns outside the template', () => {
    const plan = planStudentImport(
      table(
        ['first_name', 'last_name', 'program_level', 'gender', 'program_status', 'nrc_number'],
        [
          {
            first_name: 'A',
            last_name: 'B',
            program_level: 'College/Diploma',
            gender: 'F',
            program_status: 'graduated',
            nrc_number: '1',
          },
          { first_name: 'C', last_name: 'D', program_level: 'Launch Year', gender: 'Male' },
          { first_name: 'E', last_name: 'F', program_level: 'college', gender: 'robot' },
          { first_name: 'G', last_name: 'H', program_level: 'phd' },
        ],
      ),
    );
    const inputs = plan.rows.map((r) => r.input);
    expect(inputs.map((i) => i.program_level)).toEqual(['diploma', 'launch_year', 'diploma', 'phd']);
    expect(inputs.map((i) => i.gender)).toEqual(['female', 'male', 'robot', null]);
    expect(inputs[0]!.program_status).toBe('enrolled');
    expect(inputs[0]).not.toHaveProperty('nrc_number');
  });

  it('has the template columns in order', () => {
    expect(STUDENT_IMPORT_COLUMNS.join(',')).toBe(
      'first_name,last_name,email,contact_number,community,program_level,institution_name,current_program,chl_number,gender,date_of_birth,' +
        'payment_method,bank_name,bank_branch,account_number,account_name,wallet_number,wallet_name',
    );
  });
});

describe('duplicateChlNumbersInFile', () => {
  it('flags later rows that reuse a CHL number, ignoring case', () => {
    expect(
      duplicateChlNumbersInFile([
        { row: 2, chlNumber: 'CHL-1' },
        { row: 3, chlNumber: null },
        { row: 4, chlNumber: 'chl-1' },
        { row: 5, chlNumber: 'CHL-2' },
      ]),
    ).toEqual([{ row: 4, message: 'CHL number chl-1 is also used in row 2' }]);
    expect(rowError(4, 'x')).toBe('Row 4: x');
  });
});
