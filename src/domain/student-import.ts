/**
 * Student CSV import (docs/product.md §5): which rows of a file become students, and with what values.
 * Pure: it takes the parsed table (headers lower-cased, row numbers as a spreadsheet shows them)
 * and answers the rows to keep and the rows dropped with a reason. Field rules (valid email,
 * known enumeration values, real dates) are checked afterwards by the same schema as the forms.
 */
import { GENDER_LABELS, GENDERS, normaliseEnumInput, PROGRAM_LEVEL_LABELS, PROGRAM_LEVELS } from './students';

/** The payment channel's columns of the template (issue 49): a row leaving them all blank has no channel. */
export const STUDENT_IMPORT_CHANNEL_COLUMNS = [
  'payment_method',
  'bank_name',
  'bank_branch',
  'account_number',
  'account_name',
  'wallet_number',
  'wallet_name',
] as const;
/** The columns of the import template, in order; other columns in a file are ignored. */
export const STUDENT_IMPORT_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'contact_number',
  'community',
  'program_level',
  'institution_name',
  'current_program',
  'chl_number',
  'gender',
  'date_of_birth',
  // The student's payment channel, optional: all blank, or payment_method and its fields.
  ...STUDENT_IMPORT_CHANNEL_COLUMNS,
] as const;
export type StudentImportColumn = (typeof STUDENT_IMPORT_COLUMNS)[number];

export const STUDENT_IMPORT_REQUIRED_COLUMNS = ['first_name', 'last_name'] as const;
export const STUDENT_IMPORT_TEMPLATE_FILENAME = 'student_import_template.csv';
export const NO_VALID_STUDENT_DATA = 'No valid student data found in CSV';

/**
 * Most students one file may hold: its data rows that are not blank (a row without a name counts;
 * it is dropped, but it was read). An import is checked whole and written in one transaction (all
 * or nothing), so its cost grows with the file while other users wait on the same database;
 * 20,000 rows import in a few seconds, and a 10 MB file could otherwise hold a million.
 */
export const STUDENT_IMPORT_MAX_ROWS = 20_000;
export const TOO_MANY_STUDENTS = 'A file may hold at most 20,000 students.';

export const STUDENT_IMPORT_DEFAULTS = {
  program_level: 'university',
  program_status: 'enrolled',
  academic_standing: 'good',
} as const;

export interface CsvTable {
  headers: string[];
  rows: Array<{ rowNumber: number; values: Record<string, string> }>;
}

/** One kept row: the template's columns (blank cells as null) plus the import defaults. */
export type StudentImportInput = { [K in StudentImportColumn]: string | null } & {
  program_level: string;
  program_status: 'enrolled';
  academic_standing: 'good';
};

export interface StudentImportPlan {
  /** Required columns the header lacks; when any is missing nothing can be imported. */
  missingColumns: string[];
  rows: Array<{ row: number; input: StudentImportInput }>;
  dropped: Array<{ row: number; reason: string }>;
}

// Words a spreadsheet may use for a value of ours.
const PROGRAM_LEVEL_ALIASES: Record<string, string> = { college: 'diploma' };
const GENDER_ALIASES: Record<string, string> = { m: 'male', f: 'female' };

export function planStudentImport(table: CsvTable): StudentImportPlan {
  const missingColumns = STUDENT_IMPORT_REQUIRED_COLUMNS.filter((c) => !table.headers.includes(c));
  if (missingColumns.length > 0) return { missingColumns, rows: [], dropped: [] };

  const rows: StudentImportPlan['rows'] = [];
  const dropped: StudentImportPlan['dropped'] = [];
  for (const { rowNumber, values } of table.rows) {
    const cell = (column: StudentImportColumn) => {
      const value = (values[column] ?? '').trim();
      return value === '' ? null : value;
    };
    const missing = STUDENT_IMPORT_REQUIRED_COLUMNS.filter((c) => cell(c) === null);
    if (missing.length > 0) {
      dropped.push({ row: rowNumber, reason: `Missing ${missing.join(' and ')}` });
      continue;
    }
    const level = cell('program_level');
    const gender = cell('gender');
    rows.push({
      row: rowNumber,
      input: {
        first_name: cell('first_name'),
        last_name: cell('last_name'),
        email: cell('email'),
        contact_number: cell('contact_number'),
        community: cell('community'),
        program_level: level
          ? normaliseEnumInput(
              PROGRAM_LEVEL_ALIASES[level.toLowerCase()] ?? level,
              PROGRAM_LEVELS,
              PROGRAM_LEVEL_LABELS,
            )
          : STUDENT_IMPORT_DEFAULTS.program_level,
        institution_name: cell('institution_name'),
        current_program: cell('current_program'),
        chl_number: cell('chl_number'),
        gender: gender
          ? normaliseEnumInput(GENDER_ALIASES[gender.toLowerCase()] ?? gender, GENDERS, GENDER_LABELS)
          : null,
        date_of_birth: cell('date_of_birth'),
        ...(Object.fromEntries(STUDENT_IMPORT_CHANNEL_COLUMNS.map((c) => [c, cell(c)])) as Record<
          (typeof STUDENT_IMPORT_CHANNEL_COLUMNS)[number],
          string | null
        >),
        program_status: STUDENT_IMPORT_DEFAULTS.program_status,
        academic_standing: STUDENT_IMPORT_DEFAULTS.academic_standing,
      },
    });
  }
  return { missingColumns: [], rows, dropped };
}

/** 'Row N: ...' for every kept row whose CHL number an earlier row of the same file already uses. */
export function duplicateChlNumbersInFile(
  rows: Array<{ row: number; chlNumber: string | null }>,
): Array<{ row: number; message: string }> {
  const firstSeen = new Map<string, number>();
  const problems: Array<{ row: number; message: string }> = [];
  for (const { row, chlNumber } of rows) {
    if (!chlNumber) continue;
    const key = chlNumber.toUpperCase();
    const earlier = firstSeen.get(key);
    if (earlier === undefined) firstSeen.set(key, row);
    else problems.push({ row, message: `CHL number ${chlNumber} is also used in row ${earlier}` });
  }
  return problems;
}

/** The text of a row error as the import result lists it. */
export function rowError(row: number, message: string): string {
  return `Row ${row}: ${message}`;
}
