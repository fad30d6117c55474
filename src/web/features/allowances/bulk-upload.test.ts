import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../../../contracts/allowances';
import { CSV_MAX_BYTES } from '../../components/forms/csv-file';
import {
  allowanceTemplateCsv,
  errorListCsv,
  formatFileSize,
  previewAllowanceCsv,
  splitRowError,
  uploadButtonLabel,
  uploadFileProblem,
} from './bulk-upload';
import { ALLOWANCE_UI } from './messages';

describe('uploadFileProblem', () => {
  const tooLarge = 'The file is larger than 10 MB. Please split it into smaller files.';
  it.each([
    ['no file', null, 'Please select a file to upload.'],
    ['a spreadsheet', { name: 'allowances.xlsx', size: 10 }, 'Only .csv files are accepted.'],
    ['a file over 10 MB', { name: 'big.csv', size: CSV_MAX_BYTES + 1 }, tooLarge],
    ['a 10 MB .CSV', { name: 'ALLOWANCES.CSV', size: CSV_MAX_BYTES }, null],
  ])('answers %s', (_, file, problem) => expect(uploadFileProblem(file)).toBe(problem));
});

describe('previewAllowanceCsv', () => {
  it('counts data rows, skipping empty lines, with trimmed lower-cased headers', () => {
    const text =
      '\ufeff Student_Name ,CHL_NUMBER,month,year,stipend\nA,CHL-1,January,2026,100\n\n,,,,\nB,CHL-2,May,2026,200\n';
    const preview = previewAllowanceCsv(text);
    expect(preview).toMatchObject({ ok: true, ready: 2, withErrors: 0 });
    if (!preview.ok) return;
    expect(preview.rows.map((r) => r.row)).toEqual([2, 5]);
    expect(preview.missingColumns).toContain('program_level');
  });

  it("lists each row with its total, and the rows the server's row check refuses with the reason", () => {
    const text = [
      'student_name,chl_number,month,year,program_level,stipend,medical',
      'Mwila Chanda,CHL-1,january,2026,university,1500,200',
      'Grace Lungu,CHL-2,Smarch,2026,university,100,',
      ',,May,2026,college,100,',
      'Peter Banda,CHL-4,May,2026,university,abc,',
    ].join('\n');
    const preview = previewAllowanceCsv(text);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview).toMatchObject({ ready: 1, withErrors: 3 });
    expect(preview.rows).toEqual([
      { row: 2, student: 'Mwila Chanda', period: 'January 2026', total: 'ZMW 1,700.00', problem: null },
      {
        row: 3,
        student: 'Grace Lungu',
        period: 'Smarch 2026',
        total: null,
        problem: 'month must be a valid month name',
      },
      {
        row: 4,
        student: '',
        period: 'May 2026',
        total: null,
        problem: 'Either student_id or chl_number is required',
      },
      {
        row: 5,
        student: 'Peter Banda',
        period: 'May 2026',
        total: null,
        problem: 'valid stipend amount is required',
      },
    ]);
  });

  it('says when the file cannot be read as CSV', () => {
    expect(previewAllowanceCsv('student_name,month\nA,January\n"B,May\n')).toEqual({
      ok: false,
      message: 'CSV parsing error: Quoted field unterminated (row 3)',
    });
  });

  it('says when there are no rows', () => {
    expect(previewAllowanceCsv(`${ALLOWANCE_TEMPLATE_COLUMNS.join(',')}\n`)).toEqual({
      ok: false,
      message: 'No allowance rows found in the CSV file.',
    });
  });
});

describe('allowanceTemplateCsv', () => {
  it('has the contract columns in order and one example row', () => {
    const parsed = Papa.parse<string[]>(allowanceTemplateCsv(2026).trim());
    expect(parsed.data[0]).toEqual([...ALLOWANCE_TEMPLATE_COLUMNS]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[1]![ALLOWANCE_TEMPLATE_COLUMNS.indexOf('year')]).toBe('2026');
    // The example is a comment: the template as it is holds no row to upload, never a failing one.
    expect(parsed.data[1]![0]).toMatch(/^# Example/);
    expect(previewAllowanceCsv(allowanceTemplateCsv(2026))).toEqual({
      ok: false,
      message: ALLOWANCE_UI.noRows,
    });
    // A row filled in below it is read, with its spreadsheet row number.
    const filled = `${allowanceTemplateCsv(2026)},Grace Lungu,CHL-S-0003,March,2026,launch_year,900,,,,,\r\n`;
    expect(previewAllowanceCsv(filled)).toMatchObject({
      ok: true,
      ready: 1,
      withErrors: 0,
      missingColumns: [],
    });
    expect(previewAllowanceCsv(filled)).toMatchObject({ rows: [{ row: 3, student: 'Grace Lungu' }] });
  });
});

describe('uploadButtonLabel', () => {
  it('says what the button will do', () => {
    const preview = (ready: number, withErrors: number) => ({
      ok: true as const,
      rows: [],
      ready,
      withErrors,
      missingColumns: [],
    });
    expect(uploadButtonLabel(null)).toBe('Upload');
    expect(uploadButtonLabel(preview(3, 0))).toBe('Upload');
    expect(uploadButtonLabel(preview(3, 2))).toBe('Import 3 valid rows');
    expect(uploadButtonLabel(preview(1, 2))).toBe('Import 1 valid row');
    expect(uploadButtonLabel(preview(0, 2))).toBe('No valid rows to import');
  });
});

describe('errorListCsv', () => {
  it('lists every error as row and message, quoting commas and guarding formulas', () => {
    const errors = [
      'Row 2: Either student_id or chl_number is required',
      'Row 3: An allowance for Banda, Grace for January 2026 already exists.',
      'Row 4: =HYPERLINK("x")',
      'Something without a row',
    ];
    const csv = errorListCsv(errors);
    expect(csv.startsWith('\ufeff')).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1).trim()).data;
    expect(rows).toEqual([
      ['row', 'message'],
      ['2', 'Either student_id or chl_number is required'],
      ['3', 'An allowance for Banda, Grace for January 2026 already exists.'],
      ['4', `'=HYPERLINK("x")`],
      ['', 'Something without a row'],
    ]);
  });

  it('keeps all errors, not only the ten shown', () => {
    const errors = Array.from({ length: 25 }, (_, i) => `Row ${i + 2}: valid year is required`);
    expect(Papa.parse(errorListCsv(errors).slice(1).trim()).data).toHaveLength(26);
  });
});

describe('splitRowError and formatFileSize', () => {
  it('splits the row number off', () => {
    expect(splitRowError('Row 12: month must be a valid month name')).toEqual({
      row: 12,
      message: 'month must be a valid month name',
    });
  });

  it('writes sizes for people', () => {
    expect(formatFileSize(96)).toBe('96 bytes');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
