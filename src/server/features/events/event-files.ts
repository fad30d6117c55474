import type { Attendee } from '../../../contracts/events';
import { toCsv } from '../../../csv/to-csv';
import type { EventRow } from './event-records';

/*
 * What an event hands out as files: the attendee list as CSV (formula-safe, for the organizer) and
 * an iCalendar file (RFC 5545) anyone can add to their calendar.
 */

export const attendeesCsv = (items: Attendee[]) =>
  toCsv(
    ['name', 'email', 'role', 'registered_at'],
    items.map((a) => [a.name, a.email, a.role, a.registered_at]),
  );

/** Text as iCalendar wants it: backslash, semicolon, comma and new lines escaped. */
const icsText = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** 20261126T120000Z */
const icsTime = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** Lines longer than 75 octets continue on the next, after a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + (start === 0 ? 75 : 74), bytes.length);
    // Never split a character: step back over UTF-8 continuation bytes.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.join('\r\n ');
}

/** The event as a calendar entry of two hours (the programme records no end time). */
export function eventIcs(event: EventRow['event'], appUrl: string, now: Date): string {
  const end = new Date(event.startsAt.getTime() + 2 * 3600 * 1000);
  const where = event.isVirtual ? (event.virtualLink ?? 'Online') : (event.location ?? '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CHL Back-office//Excel Beyond Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@chl-back-office`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `LOCATION:${icsText(where)}`,
    `ORGANIZER;CN=${icsText(event.organizerName)}:mailto:noreply@chl.invalid`,
    `URL:${appUrl}/events?open=${event.id}`,
    `STATUS:${event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export const icsFileName = (event: EventRow['event']) =>
  `${
    event.title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'event'
  }.ics`;
