import { describe, expect, it } from 'vitest';
import {
  allowanceLevelForStudent,
  computeAllowanceAmounts,
  monthNumbersMatching,
  parseAllowanceYear,
  previewAllowanceTotal,
  validateBulkRow,
} from './allowance-rows';

const row = (values: Record<string, string>, rowNumber = 2) => ({
  rowNumber,
  values: {
    student_id: '',
    student_name: 'Mwila Chanda',
    chl_number: 'CHL-S-0001',
    month: 'January',
    year: '2026',
    program_level: 'university',
    stipend: '1500',
    medical: '200',
    transportation: '150',
    school_supplies: '100',
    accommodation: '800',
    flmi_comments: '',
    ...values,
  },
});
const errorOf = (values: Record<string, string>, rowNumber = 2) => {
  const result = validateBulkRow(row(values, rowNumber));
  return result.ok ? null : result.error;
};

describe('computeAllowanceAmounts', () => {
  it('adds the five amounts exactly', () => {
    const result = computeAllowanceAmounts('university', {
      stipend: '0.10',
      medical: 0.2,
      transportation: '1,000.05',
      school_supplies: '',
      accommodation: null,
    });
    expect(result).toEqual({
      ok: true,
      amounts: {
        stipend: '0.10',
        medical: '0.20',
        transportation: '1000.05',
        school_supplies: '0.00',
        accommodation: '0.00',
        total: '1000.35',
      },
    });
  });

  it('gives launch_year the stipend only, whatever else is sent', () => {
    const result = computeAllowanceAmounts('launch_year', {
      stipend: '900',
      medical: '200',
      transportation: 'abc',
      school_supplies: '-5',
      accommodation: '800',
    });
    expect(result.ok && result.amounts).toEqual({
      stipend: '900.00',
      medical: '0.00',
      transportation: '0.00',
      school_supplies: '0.00',
      accommodation: '0.00',
      total: '900.00',
    });
  });

  it('refuses a missing, negative or non-numeric stipend', () => {
    for (const stipend of ['', '-1', 'abc', null, undefined, '1.234']) {
      expect(computeAllowanceAmounts('college', { stipend })).toEqual({
        ok: false,
        field: 'stipend',
        message: 'valid stipend amount is required',
      });
    }
    expect(computeAllowanceAmounts('college', { stipend: '0' }).ok).toBe(true);
  });

  it('names the first bad extra amount', () => {
    for (const field of ['medical', 'transportation', 'school_supplies', 'accommodation'] as const) {
      expect(computeAllowanceAmounts('university', { stipend: '1', [field]: 'x' })).toEqual({
        ok: false,
        field,
        message: `${field} must be a valid number`,
      });
    }
  });

  it('takes each amount up to ZMW 1,000,000.00, so the total tops out at 5,000,000.00', () => {
    const cap = '1000000.00';
    const result = computeAllowanceAmounts('university', {
      stipend: cap,
      medical: cap,
      transportation: cap,
      school_supplies: '1,000,000',
      accommodation: cap,
    });
    expect(result).toMatchObject({ ok: true, amounts: { total: '5000000.00' } });
  });

  it('refuses an amount over the cap, however it is written, with a message naming the cap', () => {
    for (const field of [
      'stipend',
      'medical',
      'transportation',
      'school_supplies',
      'accommodation',
    ] as const) {
      for (const big of ['1000000.01', '9999999999.99', '12345678901', '100000000000000000000000.5']) {
        expect(computeAllowanceAmounts('university', { stipend: '1', [field]: big })).toEqual({
          ok: false,
          field,
          message: `${field} must be at most ZMW 1,000,000.00`,
        });
      }
    }
  });

  it('calls malformed amounts invalid, not too large', () => {
    for (const bad of ['1e9', '-0', '0x10', '-1000000.01', '1000000.001', 'Infinity']) {
      expect(computeAllowanceAmounts('university', { stipend: bad })).toMatchObject({
        ok: false,
        message: 'valid stipend amount is required',
      });
    }
  });

  it('previews the total or null', () => {
    expect(previewAllowanceTotal('college', { stipend: '1200', medical: '150' })).toBe('1350.00');
    expect(previewAllowanceTotal('college', { stipend: '' })).toBeNull();
  });
});

describe('small parsers', () => {
  it('reads years in range only', () => {
    expect(parseAllowanceYear('2026')).toBe(2026);
    expect(parseAllowanceYear(2026)).toBe(2026);
    for (const bad of ['twenty', '', '2026.5', '1999', '2101', '12026', null, undefined]) {
      expect(parseAllowanceYear(bad)).toBeNull();
    }
  });

  it('finds the months a search text names', () => {
    expect(monthNumbersMatching('JU')).toEqual([6, 7]);
    expect(monthNumbersMatching(' january ')).toEqual([1]);
    expect(monthNumbersMatching('ber')).toEqual([9, 10, 11, 12]);
    expect(monthNumbersMatching('er')).toEqual([]);
    expect(monthNumbersMatching('m')).toEqual([3, 5]);
    expect(monthNumbersMatching('mwila')).toEqual([]);
    expect(monthNumbersMatching('')).toEqual([]);
  });

  it('pays diploma students as college', () => {
    expect(allowanceLevelForStudent('diploma')).toBe('college');
    expect(allowanceLevelForStudent('launch_year')).toBe('launch_year');
    expect(allowanceLevelForStudent('university')).toBe('university');
  });
});

describe('validateBulkRow', () => {
  it('accepts a full row and normalises it', () => {
    const result = validateBulkRow(
      row({ month: ' march ', program_level: 'College', flmi_comments: 'term 1', chl_number: 'chl-s-0001' }),
    );
    expect(result).toEqual({
      ok: true,
      row: {
        rowNumber: 2,
        studentId: null,
        chlNumber: 'chl-s-0001',
        studentName: 'Mwila Chanda',
        month: 'March',
        monthNumber: 3,
        year: 2026,
        programLevel: 'college',
        amounts: {
          stipend: '1500.00',
          medical: '200.00',
          transportation: '150.00',
          school_supplies: '100.00',
          accommodation: '800.00',
          total: '2750.00',
        },
        notes: 'term 1',
      },
    });
  });

  it('defaults program_level to university', () => {
    const result = validateBulkRow(row({ program_level: '' }));
    expect(result.ok && result.row.programLevel).toBe('university');
  });

  it('answers each rule with the spec message, prefixed with the row number', () => {
    expect(errorOf({ student_id: '', chl_number: '' }, 7)).toBe(
      'Row 7: Either student_id or chl_number is required',
    );
    expect(errorOf({ student_name: ' ' })).toBe('Row 2: student_name is required');
    expect(errorOf({ month: '' })).toBe('Row 2: month is required');
    expect(errorOf({ year: 'twenty' })).toBe('Row 2: valid year is required');
    expect(errorOf({ year: '' })).toBe('Row 2: valid year is required');
    expect(errorOf({ program_level: 'masters' })).toBe(
      'Row 2: program_level must be one of: launch_year, university, college',
    );
    expect(errorOf({ month: 'Janury' })).toBe('Row 2: month must be a valid month name');
    expect(errorOf({ stipend: '-1' })).toBe('Row 2: valid stipend amount is required');
    expect(errorOf({ stipend: '' })).toBe('Row 2: valid stipend amount is required');
    expect(errorOf({ medical: 'abc' })).toBe('Row 2: medical must be a valid number');
    expect(errorOf({ transportation: 'x' })).toBe('Row 2: transportation must be a valid number');
    expect(errorOf({ school_supplies: 'x' })).toBe('Row 2: school_supplies must be a valid number');
    expect(errorOf({ accommodation: 'x' })).toBe('Row 2: accommodation must be a valid number');
    expect(errorOf({ flmi_comments: 'x'.repeat(2001) })).toBe(
      'Row 2: flmi_comments must be at most 2000 characters',
    );
  });

  it('ignores bad extra amounts on launch_year rows', () => {
    expect(errorOf({ program_level: 'LAUNCH_YEAR', medical: 'abc' })).toBeNull();
  });

  it('reports the first problem of a row only', () => {
    expect(errorOf({ student_name: '', month: '', year: 'x' })).toBe('Row 2: student_name is required');
  });

  it('takes a row with student_id only', () => {
    const result = validateBulkRow(row({ chl_number: '', student_id: 'abc' }));
    expect(result.ok && [result.row.studentId, result.row.chlNumber]).toEqual(['abc', null]);
  });
});
