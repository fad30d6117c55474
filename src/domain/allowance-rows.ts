/**
 * Allowance amounts and bulk CSV rows (docs/product.md §5; docs/product.md D5, D6): the total is always computed
 * here, in exact ngwee, and every bulk row is checked with the spec's messages.
 */
import { ALLOWANCE_PROGRAM_LEVELS, type AllowanceProgramLevel } from './allowance-stages';
import { MONTHS, type Month, parseMonth } from './dates';
import { formatZmw, isMoneyInputTooLong, type Ngwee, parseMoney, sumMoney, toMoneyString } from './money';
import { searchMode } from './search';
import type { ProgramLevel } from './students';

/** The four amounts besides the stipend; launch_year programmes get 0 for each. */
export const EXTRA_AMOUNT_FIELDS = ['medical', 'transportation', 'school_supplies', 'accommodation'] as const;
export type ExtraAmountField = (typeof EXTRA_AMOUNT_FIELDS)[number];
export type AmountField = 'stipend' | ExtraAmountField;

export const LAUNCH_YEAR_NOTE =
  'Launch Year programs only receive stipend. University and College programs receive all allowance types.';

/** Years an allowance may be for. */
export const ALLOWANCE_YEAR_MIN = 2000;
export const ALLOWANCE_YEAR_MAX = 2100;
export const SUBMISSION_NOTES_MAX = 2000;

/**
 * The most any one amount of a monthly allowance may be (decision record 004): far above any real
 * stipend or rent, low enough that a typo of extra zeros is refused, and five of them (ZMW
 * 5,000,000.00) fit the numeric(12,2) total with room to spare.
 */
export const ALLOWANCE_AMOUNT_MAX_NGWEE: Ngwee = 1_000_000n * 100n;
export const ALLOWANCE_AMOUNT_MAX_TEXT = formatZmw(toMoneyString(ALLOWANCE_AMOUNT_MAX_NGWEE));

export const ROW_MESSAGES = {
  studentRequired: 'Either student_id or chl_number is required',
  studentNameRequired: 'student_name is required',
  monthRequired: 'month is required',
  yearRequired: 'valid year is required',
  programLevel: 'program_level must be one of: launch_year, university, college',
  monthInvalid: 'month must be a valid month name',
  stipend: 'valid stipend amount is required',
  notANumber: (field: ExtraAmountField) => `${field} must be a valid number`,
  tooLarge: (field: AmountField) => `${field} must be at most ${ALLOWANCE_AMOUNT_MAX_TEXT}`,
  notesTooLong: `flmi_comments must be at most ${SUBMISSION_NOTES_MAX} characters`,
} as const;

/** Amounts as exact money strings with two places, total included. */
export interface AllowanceAmounts {
  stipend: string;
  medical: string;
  transportation: string;
  school_supplies: string;
  accommodation: string;
  total: string;
}

export type RawAmount = string | number | null | undefined;
export type RawAmounts = { stipend?: RawAmount } & Partial<Record<ExtraAmountField, RawAmount>>;

export type AmountsResult =
  | { ok: true; amounts: AllowanceAmounts }
  | { ok: false; field: AmountField; message: string };

const isBlank = (value: RawAmount) => value === null || value === undefined || String(value).trim() === '';

/**
 * Parses and totals the amounts: stipend required (0 or more); the others 0 when blank and forced
 * to 0 for launch_year; total = stipend + medical + transportation + school_supplies + accommodation.
 */
export function computeAllowanceAmounts(level: AllowanceProgramLevel, raw: RawAmounts): AmountsResult {
  // A bulk file repeats the same few amount combinations thousands of times: remember the answers
  // for text input (results are frozen, so sharing them is safe).
  const values = [raw.stipend, ...EXTRA_AMOUNT_FIELDS.map((f) => raw[f])];
  if (!values.every((v) => typeof v === 'string')) return computeAmounts(level, raw);
  const key = `${level}\u0000${values.join('\u0000')}`;
  let result = amountsCache.get(key);
  if (!result) {
    if (amountsCache.size >= AMOUNTS_CACHE_SIZE) amountsCache.clear();
    result = deepFreeze(computeAmounts(level, raw));
    amountsCache.set(key, result);
  }
  return result;
}

const AMOUNTS_CACHE_SIZE = 10_000;
const amountsCache = new Map<string, AmountsResult>();

function deepFreeze(result: AmountsResult): AmountsResult {
  if (result.ok) Object.freeze(result.amounts);
  return Object.freeze(result);
}

export type AmountProblem = 'invalid' | 'too_large';

/**
 * One amount as typed: its ngwee, or what is wrong with it. Blank is the caller's business; this
 * reads text that is there.
 */
export function readAllowanceAmount(value: RawAmount): Ngwee | AmountProblem {
  const parsed = parseMoney(value);
  if (parsed === null) return isMoneyInputTooLong(value) ? 'too_large' : 'invalid';
  return parsed > ALLOWANCE_AMOUNT_MAX_NGWEE ? 'too_large' : parsed;
}

function computeAmounts(level: AllowanceProgramLevel, raw: RawAmounts): AmountsResult {
  const refuse = (field: AmountField, problem: AmountProblem): AmountsResult => ({
    ok: false,
    field,
    message:
      problem === 'too_large'
        ? ROW_MESSAGES.tooLarge(field)
        : field === 'stipend'
          ? ROW_MESSAGES.stipend
          : ROW_MESSAGES.notANumber(field),
  });
  const stipend = isBlank(raw.stipend) ? 'invalid' : readAllowanceAmount(raw.stipend);
  if (typeof stipend === 'string') return refuse('stipend', stipend);
  const extras = {} as Record<ExtraAmountField, Ngwee>;
  for (const field of EXTRA_AMOUNT_FIELDS) {
    const value = raw[field];
    if (level === 'launch_year' || isBlank(value)) {
      extras[field] = 0n;
      continue;
    }
    const parsed = readAllowanceAmount(value);
    if (typeof parsed === 'string') return refuse(field, parsed);
    extras[field] = parsed;
  }
  // At most five capped amounts: the total stays far inside the numeric(12,2) column.
  const total = sumMoney([stipend, ...EXTRA_AMOUNT_FIELDS.map((f) => extras[f])]);
  return {
    ok: true,
    amounts: {
      stipend: toMoneyString(stipend),
      medical: toMoneyString(extras.medical),
      transportation: toMoneyString(extras.transportation),
      school_supplies: toMoneyString(extras.school_supplies),
      accommodation: toMoneyString(extras.accommodation),
      total: toMoneyString(total),
    },
  };
}

/** The form's live total: the computed total, or null while an amount is not valid. */
export function previewAllowanceTotal(level: AllowanceProgramLevel, raw: RawAmounts): string | null {
  const result = computeAllowanceAmounts(level, raw);
  return result.ok ? result.amounts.total : null;
}

export function parseAllowanceProgramLevel(value: string): AllowanceProgramLevel | null {
  const wanted = value.trim().toLowerCase();
  return (ALLOWANCE_PROGRAM_LEVELS as readonly string[]).includes(wanted)
    ? (wanted as AllowanceProgramLevel)
    : null;
}

/** A student's programme level as an allowance names it (diploma is paid as college). */
export function allowanceLevelForStudent(level: ProgramLevel): AllowanceProgramLevel {
  return level === 'diploma' ? 'college' : level;
}

/** A whole year in range, from text or a number; otherwise null. */
export function parseAllowanceYear(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  if (!/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= ALLOWANCE_YEAR_MIN && year <= ALLOWANCE_YEAR_MAX ? year : null;
}

/** 1 for January ... 12 for December. */
export function monthNumber(month: Month): number {
  return MONTHS.indexOf(month) + 1;
}

/**
 * Month numbers whose name matches the search text, case-insensitively: from its start for one or
 * two characters ('ju' -> [6, 7]; 'er' -> []), anywhere for more ('ber' -> [9, 10, 11, 12]) (D17).
 */
export function monthNumbersMatching(search: string): number[] {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return [];
  const fromStart = searchMode(wanted) === 'prefix';
  return MONTHS.flatMap((m, i) => {
    const name = m.toLowerCase();
    return (fromStart ? name.startsWith(wanted) : name.includes(wanted)) ? [i + 1] : [];
  });
}

/** The key of the one-open-allowance-per-period rule. */
export function periodKey(studentId: string, year: number, month: number): string {
  return `${studentId}|${year}|${month}`;
}

export function rowError(rowNumber: number, message: string): string {
  return `Row ${rowNumber}: ${message}`;
}

/** A bulk row that passed every check that needs no database. */
export interface ValidBulkRow {
  rowNumber: number;
  studentId: string | null;
  chlNumber: string | null;
  studentName: string;
  month: Month;
  monthNumber: number;
  year: number;
  programLevel: AllowanceProgramLevel;
  amounts: AllowanceAmounts;
  notes: string | null;
}

export type BulkRowResult = { ok: true; row: ValidBulkRow } | { ok: false; error: string };

/**
 * Checks one CSV row (headers already trimmed and lower-cased), in the spec's order, and answers
 * the first problem as 'Row N: message'.
 */
export function validateBulkRow(input: { rowNumber: number; values: Record<string, string> }): BulkRowResult {
  const { rowNumber, values } = input;
  const cell = (name: string) => (values[name] ?? '').trim();
  const fail = (message: string): BulkRowResult => ({ ok: false, error: rowError(rowNumber, message) });

  const studentId = cell('student_id');
  const chlNumber = cell('chl_number');
  if (!studentId && !chlNumber) return fail(ROW_MESSAGES.studentRequired);
  const studentName = cell('student_name');
  if (!studentName) return fail(ROW_MESSAGES.studentNameRequired);
  const monthText = cell('month');
  if (!monthText) return fail(ROW_MESSAGES.monthRequired);
  const year = parseAllowanceYear(cell('year'));
  if (year === null) return fail(ROW_MESSAGES.yearRequired);
  const levelText = cell('program_level');
  const programLevel = levelText ? parseAllowanceProgramLevel(levelText) : 'university';
  if (!programLevel) return fail(ROW_MESSAGES.programLevel);
  const month = parseMonth(monthText);
  if (!month) return fail(ROW_MESSAGES.monthInvalid);
  const amounts = computeAllowanceAmounts(programLevel, {
    stipend: cell('stipend'),
    medical: cell('medical'),
    transportation: cell('transportation'),
    school_supplies: cell('school_supplies'),
    accommodation: cell('accommodation'),
  });
  if (!amounts.ok) return fail(amounts.message);
  const notes = cell('flmi_comments');
  if (notes.length > SUBMISSION_NOTES_MAX) return fail(ROW_MESSAGES.notesTooLong);

  return {
    ok: true,
    row: {
      rowNumber,
      studentId: studentId || null,
      chlNumber: chlNumber || null,
      studentName,
      month,
      monthNumber: monthNumber(month),
      year,
      programLevel,
      amounts: amounts.amounts,
      notes: notes || null,
    },
  };
}
