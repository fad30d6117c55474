import { describe, expect, it } from 'vitest';
import { planStudentImport } from '../domain/student-import';
import { parseCsv } from './parse-csv';
import { checkStudentImportRow } from './student-rows';

const TODAY = '2026-11-24';
const firstRow = (csv: string) => {
  const [kept] = planStudentImport(parseCsv(csv)).rows;
  if (!kept) throw new Error('no kept row');
  return kept.input;
};

describe('checkStudentImportRow', () => {
  it('answers the student as the add form saves it', () => {
    const checked = checkStudentImportRow(firstRow('first_name,last_name,gender\nMwila,Chanda,F'), TODAY);
    expect(checked.problems).toEqual([]);
    expect(checked.student).toMatchObject({ first_name: 'Mwila', last_name: 'Chanda', gender: 'female' });
  });

  it("refuses a bad email with the form's message", () => {
    expect(checkStudentImportRow(firstRow('first_name,last_name,email\nA,B,not-mail'), TODAY)).toEqual({
      student: null,
      problems: ['Email must be a valid email address'],
      channel: null,
      warnings: [],
    });
  });

  it('keeps the student of a row born in the future, so its CHL number is still checked', () => {
    const checked = checkStudentImportRow(
      firstRow('first_name,last_name,chl_number,date_of_birth\nA,B,CHL-1,2030-01-01'),
      TODAY,
    );
    expect(checked.problems).toEqual(['Date of birth cannot be in the future']);
    expect(checked.student?.chl_number).toBe('CHL-1');
  });
});
