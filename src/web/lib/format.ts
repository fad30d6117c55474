/**
 * How the screens show money and dates: ZMW per docs/product.md D5; dates in the format and time
 * zone System Settings choose (docs/product.md D13), DD/MM/YYYY in Africa/Lusaka until they load.
 */
import { dayAsWritten, lusakaDate, PROGRAMME_TIME_ZONE, type ProgrammeTimeZone } from '../../domain/dates';
import { formatZmw } from '../../domain/money';
import type { CURRENCIES, DATE_FORMATS } from '../../domain/settings';

export type DateFormat = (typeof DATE_FORMATS)[number];
export type Currency = (typeof CURRENCIES)[number];

export interface DisplaySettings {
  dateFormat: DateFormat;
  timeZone: ProgrammeTimeZone;
  /** The label shown with amounts; amounts are never converted (D13). */
  currency?: Currency;
}

export const DEFAULT_DISPLAY: DisplaySettings = {
  dateFormat: 'DD/MM/YYYY',
  timeZone: PROGRAMME_TIME_ZONE,
  currency: 'ZMW',
};

/*
 * Module-level rather than a React context: the formatters are called from plain functions (view
 * models, CSV names, chart labels) as well as components. The appearance provider sets it from the
 * public settings and re-mounts the screens when it changes, so everything on screen re-renders.
 */
let display: DisplaySettings = DEFAULT_DISPLAY;

export function setDisplaySettings(next: DisplaySettings): void {
  display = { ...next };
}

export const displaySettings = (): DisplaySettings => display;

/** The currency label System Settings give ('ZMW' until they load). */
export const currencyLabel = (): Currency => display.currency ?? 'ZMW';

/** '1234.5' -> 'ZMW 1,234.50', with the configured label. */
export const formatMoney = (value: string | number): string => formatZmw(value, currencyLabel());

/** formatMoney's two parts, for a figure that sets the label apart: { currency: 'ZMW', amount: '1,234.50' }. */
export function moneyParts(value: string | number): { currency: string; amount: string } {
  const currency = currencyLabel();
  const text = formatZmw(value, currency);
  const negative = text.startsWith('-');
  const amount = text.slice((negative ? 1 : 0) + currency.length + 1);
  return { currency, amount: negative ? `-${amount}` : amount };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string, kind: 'long' | 'numeric'): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(
      'en-GB',
      kind === 'long'
        ? { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }
        : {
            timeZone,
            day: '2-digit',
            month: '2-digit',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          },
    );
    formatters.set(key, found);
  }
  return found;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The parts of a date as shown: an instant as the configured zone's clock reads it; a YYYY-MM-DD
 * calendar day (a birth date, a due date) stays that day in every zone, so it is read in UTC.
 */
function partsOf(value: Date | string, kind: 'long' | 'numeric') {
  const calendarDay = typeof value === 'string' && CALENDAR_DAY.test(value);
  const instant = calendarDay
    ? new Date(`${value}T12:00:00Z`)
    : value instanceof Date
      ? value
      : new Date(value);
  const parts = formatterOf(calendarDay ? 'UTC' : display.timeZone, kind).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday'),
    day: part('day'),
    month: part('month'),
    year: part('year'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** The day in the settings' format, written as the server and the date fields write it. */
const numericDay = (p: { day: string; month: string; year: string }): string =>
  dayAsWritten(`${p.year}-${p.month}-${p.day}`, display.dateFormat);

/** 'Saturday, 21 November 2026' ('Saturday, November 21, 2026' where months come first). */
export function formatLongDate(value: Date | string): string {
  const p = partsOf(value, 'long');
  return display.dateFormat === 'MM/DD/YYYY'
    ? `${p.weekday}, ${p.month} ${p.day}, ${p.year}`
    : `${p.weekday}, ${p.day} ${p.month} ${p.year}`;
}

/*
 * Every date on screen reads in the settings' format (docs/product.md D8, D13); only the
 * dashboard's greeting spells the day out.
 */

/** '21/11/2026', '11/21/2026' or '2026-11-21'. */
export function formatDate(value: Date | string): string {
  return numericDay(partsOf(value, 'numeric'));
}

/** '21/11/2026 14:05' in the configured zone, 24-hour clock. */
export function formatDateTime(value: Date | string): string {
  const p = partsOf(value, 'numeric');
  return `${numericDay(p)} ${p.hour}:${p.minute}`;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the configured zone. */
export const dayOf = (instant: Date): string => lusakaDate(instant, display.timeZone);

/** Today (YYYY-MM-DD) in the configured zone: for 'overdue', 'expiring soon', a form's default date. */
export const todayIso = (): string => dayOf(new Date());

/** Amounts as numbers for charts only (never for sums shown as money). */
export function moneyToNumber(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Compact axis label: 12500 -> 'K12.5k'. */
export function formatCompactZmw(value: number): string {
  // K is the kwacha's own sign; another label is written out.
  const sign = currencyLabel() === 'ZMW' ? 'K' : `${currencyLabel()} `;
  if (Math.abs(value) >= 1_000_000) return `${sign}${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}m`;
  if (Math.abs(value) >= 1_000) return `${sign}${(value / 1_000).toFixed(1).replace(/\.0$/, '')}k`;
  return `${sign}${value}`;
}
