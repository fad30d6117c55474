import { describe, expect, it } from 'vitest';
import { PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { STUDENT_IMPORT_CHANNEL_COLUMNS, STUDENT_IMPORT_COLUMNS } from '../../../domain/student-import';
import { CSV_MAX_BYTES } from '../../components/forms/csv-file';
import {
  buildImportPreview,
  checkImportFile,
  IMPORT_FILE_MESSAGES,
  importButtonLabel,
  importTemplateCsv,
  NO_VALID_STUDENT_DATA,
  parseCsvText,
  TOO_MANY_STUDENTS,
} from './import-preview';

const TODAY = '2026-06-01';
/** ../shared/fixtures/students-sample.csv, inlined so the test does not depend on files outside the repo. */
const SAMPLE_CSV = `first_name,last_name,email,contact_number,community,program_level,institution_name,current_program,chl_number,gender,date_of_birth
Mwila,Chanda,mwila.chanda@example.org,+260977100001,Kalingalinga,university,University of Zambia,BSc Computer Science,CHL-S-0001,female,2004-03-12
Joseph,Mumba,joseph.mumba@example.org,+260977100002,Matero,diploma,Evelyn Hone College,Diploma in Journalism,CHL-S-0002,male,2003-11-02
Grace,Lungu,grace.lungu@example.org,+260977100003,Chipata Compound,launch_year,,Launch Year,CHL-S-0003,female,2006-07-21
Peter,Sakala,,+260977100004,George,university,Copperbelt University,BEng Mining,CHL-S-0004,male,2002-01-30
,Kabwe,missing.first@example.org,,,university,,,CHL-S-0005,,
Ruth,,missing.last@example.org,,,university,,,CHL-S-0006,,
Esther,Mwansa,esther.mwansa@example.org,+260977100007,Kanyama,diploma,"Northern Technical College, Ndola",Diploma in Electrical Engineering,CHL-S-0007,female,2005-09-09
`;
const sampleCsv = () => SAMPLE_CSV;

describe('import file checks', () => {
  it('takes only .csv files up to 10 MB', () => {
    expect(checkImportFile({ name: 'students.CSV', size: 100 })).toBeNull();
    expect(checkImportFile({ name: 'students.xlsx', size: 100 })).toBe(IMPORT_FILE_MESSAGES.notCsv);
    expect(checkImportFile({ name: 'big.csv', size: CSV_MAX_BYTES + 1 })).toBe(IMPORT_FILE_MESSAGES.tooLarge);
    expect(checkImportFile({ name: 'max.csv', size: CSV_MAX_BYTES })).toBeNull();
    expect(checkImportFile({ name: 'empty.csv', size: 0 })).toBe(IMPORT_FILE_MESSAGES.empty);
  });

  it('offers a template with the contract columns', () => {
    const [header, example] = importTemplateCsv().split('\r\n');
    expect(header).toBe(STUDENT_IMPORT_COLUMNS.join(','));
    // The example row is a comment: the template as it is imports nothing.
    expect(example).toMatch(/^# Example row never imported/);
    expect(buildImportPreview(parseCsvText(importTemplateCsv()), TODAY)).toMatchObject({
      rows: [],
      blocker: NO_VALID_STUDENT_DATA,
    });
  });
});

describe('parseCsvText', () => {
  it('strips a BOM, lower-cases headers, keeps quoted commas and spreadsheet row numbers', () => {
    const table = parseCsvText('\ufeff First_Name ,LAST_NAME,institution_name\r\nA,B,"X, Y"\r\n\r\nC,D,\r\n');
    expect(table.headers).toEqual(['first_name', 'last_name', 'institution_name']);
    expect(table.rows).toEqual([
      { rowNumber: 2, values: { first_name: 'A', last_name: 'B', institution_name: 'X, Y' } },
      { rowNumber: 4, values: { first_name: 'C', last_name: 'D', institution_name: '' } },
    ]);
  });

  it('reads an exported file as the server does: the formula guard comes off', () => {
    const table = parseCsvText("first_name,last_name,community\r\n'=Mwila,Chanda,'@home\r\n");
    expect(table.rows[0]!.values).toEqual({ first_name: '=Mwila', last_name: 'Chanda', community: '@home' });
  });
});

describe('buildImportPreview', () => {
  it('marks the sample file: 5 to import, 2 dropped with reasons', () => {
    const preview = buildImportPreview(parseCsvText(sampleCsv()), TODAY);
    expect(preview).toMatchObject({ toImport: 5, toDrop: 2, withErrors: 0, blocker: null });
    expect(preview.rows.filter((r) => r.status === 'drop')).toEqual([
      expect.objectContaining({ row: 6, reasons: ['Missing first_name'] }),
      expect.objectContaining({ row: 7, reasons: ['Missing last_name'] }),
    ]);
    expect(preview.rows.find((r) => r.row === 8)?.values.institution_name).toBe(
      'Northern Technical College, Ndola',
    );
    // The sample has no payment channel columns; the preview shows the file's own.
    expect(preview.columns).toEqual(
      STUDENT_IMPORT_COLUMNS.filter(
        (c) => !(STUDENT_IMPORT_CHANNEL_COLUMNS as readonly string[]).includes(c),
      ),
    );
  });

  it('flags rows the server would refuse', () => {
    const csv = [
      'first_name,last_name,email,program_level,chl_number,date_of_birth',
      'A,One,a@example.org,university,C-1,2000-01-01',
      'B,Two,bad-email,,,',
      'C,Three,,masters,C-2,',
      'D,Four,,,c-1,2030-01-01',
      'E,Five,,College/Diploma,,',
    ].join('\n');
    const preview = buildImportPreview(parseCsvText(csv), TODAY);
    expect(preview.toImport).toBe(2);
    expect(preview.withErrors).toBe(3);
    const byRow = Object.fromEntries(preview.rows.map((r) => [r.row, r]));
    expect(byRow[2]!.status).toBe('import');
    expect(byRow[3]!.reasons).toEqual(['Email must be a valid email address']);
    expect(byRow[4]!.reasons[0]).toMatch(/^Program level must be one of/);
    expect(byRow[5]!.reasons).toEqual([
      'Date of birth cannot be in the future',
      'CHL number c-1 is also used in row 2',
    ]);
    expect(byRow[6]!.status).toBe('import');
  });

  it('blocks a file without the name columns or without any kept row', () => {
    expect(buildImportPreview(parseCsvText('name,email\nA,a@b.c'), TODAY).blocker).toBe(
      IMPORT_FILE_MESSAGES.missingColumns(['first_name', 'last_name']),
    );
    const onlyDropped = buildImportPreview(parseCsvText('first_name,last_name\n,X\nY,'), TODAY);
    expect(onlyDropped).toMatchObject({ toImport: 0, toDrop: 2, blocker: NO_VALID_STUDENT_DATA });
  });

  it('labels the import button with what it will do', () => {
    expect(importButtonLabel(5)).toBe('Import 5 students');
    expect(importButtonLabel(1)).toBe('Import 1 student');
    expect(importButtonLabel(3, 2)).toBe('Import 3 valid rows');
    expect(importButtonLabel(1, 1)).toBe('Import 1 valid row');
    expect(importButtonLabel(0)).toBe('No valid rows to import');
    expect(importButtonLabel(0, 4)).toBe('No valid rows to import');
  });

  it("skips the template's example row, a comment", () => {
    const preview = buildImportPreview(parseCsvText(`${importTemplateCsv()}Jane,Banda,,,,,,,,,\r\n`), TODAY);
    expect(preview).toMatchObject({ toImport: 1, withErrors: 0, blocker: null });
    expect(preview.rows.map((r) => r.row)).toEqual([3]);
  });
});

describe('the 20,000-student limit', () => {
  const file = (rows: number, separator = '\n') => {
    const lines = ['first_name,last_name,chl_number'];
    for (let i = 0; i < rows; i++) lines.push(`First${i},Last${i},LIM-${i}`);
    return lines.join(separator);
  };

  it('previews 20,000 students, blank rows not counted', () => {
    const text = file(20_000, '\r\n').replace(/\r\nFirst1(\d)00,/g, '\r\n,,\r\n\r\nFirst1$100,');
    const preview = buildImportPreview(parseCsvText(text), TODAY);
    expect(preview).toMatchObject({ toImport: 20_000, blocker: null });
  });

  it("blocks 20,001 with the server's message, and stops reading a huge file there", () => {
    expect(TOO_MANY_STUDENTS).toBe('A file may hold at most 20,000 students.');
    expect(buildImportPreview(parseCsvText(file(20_001)), TODAY)).toMatchObject({
      blocker: TOO_MANY_STUDENTS,
      rows: [],
      toImport: 0,
    });
    const huge = parseCsvText(file(200_000));
    expect(huge.rows).toHaveLength(20_001);
    expect(buildImportPreview(huge, TODAY).blocker).toBe(TOO_MANY_STUDENTS);
  });
});

describe('the payment channel columns in the preview', () => {
  it('marks a bad wallet number and a wallet used twice in the file, as the server would', () => {
    const csv = [
      'first_name,last_name,payment_method,wallet_number,wallet_name',
      'Chipo,Banda,mtn_momo,0961230001,Chipo Banda',
      'Mapalo,Zulu,mtn_momo,+260961230001,Mapalo Zulu',
      'Bwalya,Mutale,airtel_money,12345,Bwalya Mutale',
    ].join('\r\n');
    const preview = buildImportPreview(parseCsvText(csv), TODAY);
    expect(preview.rows.map((r) => [r.row, r.status, r.reasons])).toEqual([
      [2, 'import', []],
      [3, 'error', ['This wallet is also in row 2']],
      [4, 'error', [PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid]],
    ]);
  });
});
