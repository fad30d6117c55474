/**
 * Calendar dates in Africa/Lusaka (docs/product.md D8). Lusaka has no daylight saving: it is UTC+2 all
 * year, but we still ask Intl so the rule lives in one place.
 */
export const PROGRAMME_TIME_ZONE = 'Africa/Lusaka';

/** The zones System Settings offer (docs/product.md D13); Lusaka unless an admin chooses another. */
export type ProgrammeTimeZone = 'Africa/Lusaka' | 'Africa/Harare' | 'UTC';

/**
 * Hours east of UTC of each zone System Settings offer. None keeps daylight saving, so a zone's
 * offset is the same all year. The dashboard's monthly submitted totals are kept at each of these
 * offsets (migration 0035): a zone at another offset needs its buckets added there as well.
 */
export const UTC_OFFSET_HOURS: Record<ProgrammeTimeZone, number> = {
  'Africa/Lusaka': 2,
  'Africa/Harare': 2,
  UTC: 0,
};

const formatters = new Map<string, { date: Intl.DateTimeFormat; hour: Intl.DateTimeFormat }>();
function formattersOf(timeZone: string) {
  let found = formatters.get(timeZone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      hour: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }),
    };
    formatters.set(timeZone, found);
  }
  return found;
}

/** The ISO date (YYYY-MM-DD) of an instant, as a calendar in the zone (Lusaka by default) shows it. */
export function lusakaDate(instant: Date, timeZone: string = PROGRAMME_TIME_ZONE): string {
  return formattersOf(timeZone).date.format(instant);
}

/** The hour (0-23) a clock in the zone (Lusaka by default) shows at an instant. */
export function lusakaHour(instant: Date, timeZone: string = PROGRAMME_TIME_ZONE): number {
  return Number(formattersOf(timeZone).hour.format(instant));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The instants a Lusaka calendar day (YYYY-MM-DD) starts and ends (end exclusive): for filters
 * such as the Activity Log's 'from' and 'to', which name days as people there see them.
 */
export function lusakaDayBounds(
  day: string,
  timeZone: string = PROGRAMME_TIME_ZONE,
): { start: Date; end: Date } {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  // The zone's offset at that day's noon; Lusaka's is +2 h every day of the year.
  const lusakaNoon = new Date(`${noonUtc.toLocaleString('en-US', { timeZone })} UTC`);
  const offsetMs = lusakaNoon.getTime() - noonUtc.getTime();
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - offsetMs);
  return { start, end: new Date(start.getTime() + 24 * 60 * 60 * 1000) };
}

export const FUTURE_BIRTH_DATE = 'Date of birth cannot be in the future';

/** Whether a birth date (ISO) is after `today` (ISO): nobody is born tomorrow, staff or student. */
export const isFutureBirthDate = (dateOfBirth: string | null | undefined, today: string): boolean =>
  Boolean(dateOfBirth) && (dateOfBirth as string) > today;

/** Whole years between a birth date and a day, counting a birthday only once it has arrived. */
export function ageOn(dateOfBirth: string, today: string): number | null {
  if (!isIsoDate(dateOfBirth) || !isIsoDate(today)) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age >= 0 ? age : null;
}

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type Month = (typeof MONTHS)[number];

/** 'january', ' MARCH ' -> 'January', 'March'; anything else -> null. */
export function parseMonth(value: string): Month | null {
  const wanted = value.trim().toLowerCase();
  return MONTHS.find((m) => m.toLowerCase() === wanted) ?? null;
}

/** How System Settings write a calendar day (docs/product.md D13); DD/MM/YYYY by default. */
export type DayFormat = 'DD/MM/YYYY' | 'MM/DD/YYYY' | 'YYYY-MM-DD';
export const DEFAULT_DAY_FORMAT: DayFormat = 'DD/MM/YYYY';

/** A YYYY-MM-DD day as people read it in the format given: '2026-11-26' -> '26/11/2026'. */
export function dayAsWritten(isoDay: string, format: DayFormat = DEFAULT_DAY_FORMAT): string {
  const m = ISO_DATE.exec(isoDay);
  if (!m) return isoDay;
  const [, year, month, day] = m;
  if (format === 'YYYY-MM-DD') return isoDay;
  return format === 'MM/DD/YYYY' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/*
 * A day as people type it: the format's order, one or two digits for the day and month, and '/',
 * '-', '.' or a space between. Anything else, or a day no calendar has (31/02), reads as null.
 */
const TYPED_DAY = /^(\d{1,4})[/.\- ](\d{1,2})[/.\- ](\d{1,4})$/;

/** The YYYY-MM-DD day typed as `format` shows it ('26/11/2026' -> '2026-11-26'), or null. */
export function dayFromWritten(text: string, format: DayFormat = DEFAULT_DAY_FORMAT): string | null {
  const m = TYPED_DAY.exec(text.trim());
  if (!m) return null;
  const [a, b, c] = [m[1]!, m[2]!, m[3]!];
  const [year, month, day] =
    format === 'YYYY-MM-DD' ? [a, b, c] : format === 'MM/DD/YYYY' ? [c, a, b] : [c, b, a];
  if (year.length !== 4 || month.length > 2 || day.length > 2) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}
