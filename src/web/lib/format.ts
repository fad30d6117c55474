/** How the screens show money and dates: ZMW per docs/product.md D5, calendar days in Africa/Lusaka (docs/product.md D8). */
import { PROGRAMME_TIME_ZONE } from '../../domain/dates';
import { formatZmw } from '../../domain/money';

/** '1234.5' -> 'ZMW 1,234.50'. */
export const formatMoney = (value: string | number): string => formatZmw(value);

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: PROGRAMME_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const numericDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: PROGRAMME_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const numericDateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: PROGRAMME_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A YYYY-MM-DD calendar date stays that day whatever the viewer's zone: read it at noon UTC. */
function toInstant(value: Date | string): Date {
  if (value instanceof Date) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00+02:00`);
  return new Date(value);
}

function part(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** 'Saturday, 21 November 2026' (the day in Lusaka). */
export function formatLongDate(value: Date | string): string {
  const parts = longDate.formatToParts(toInstant(value));
  return `${part(parts, 'weekday')}, ${part(parts, 'day')} ${part(parts, 'month')} ${part(parts, 'year')}`;
}

/*
 * Every date on screen reads DD/MM/YYYY, the settings' default format (docs/product.md D8, D13);
 * only the dashboard's greeting spells the day out. When System Settings lets an admin choose
 * another format, it is chosen here.
 */

/** '21/11/2026' (the day in Lusaka). */
export function formatDate(value: Date | string): string {
  return formatDateParts(numericDate.formatToParts(toInstant(value)));
}

/** '21/11/2026 14:05' (Lusaka time). */
export function formatDateTime(value: Date | string): string {
  const parts = numericDateTime.formatToParts(toInstant(value));
  return `${formatDateParts(parts)} ${part(parts, 'hour')}:${part(parts, 'minute')}`;
}

function formatDateParts(parts: Intl.DateTimeFormatPart[]): string {
  return `${part(parts, 'day')}/${part(parts, 'month')}/${part(parts, 'year')}`;
}

/** Amounts as numbers for charts only (never for sums shown as money). */
export function moneyToNumber(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Compact axis label: 12500 -> 'K12.5k'. */
export function formatCompactZmw(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `K${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}m`;
  if (Math.abs(value) >= 1_000) return `K${(value / 1_000).toFixed(1).replace(/\.0$/, '')}k`;
  return `K${value}`;
}
