import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type DayFormat,
  DEFAULT_DAY_FORMAT,
  dayAsWritten,
  lusakaDate,
  lusakaDayBounds,
  lusakaHour,
  PROGRAMME_TIME_ZONE,
  type ProgrammeTimeZone,
} from '../domain/dates';

/*
 * "Today" in the time zone System Settings choose (docs/product.md D13), and their date format for
 * the days the server writes into text. Both are read with
 * the request's session (one statement, auth/sessions.ts) and carried through the request's
 * async work here, so the services that need today (overdue tasks, expired announcements, the
 * digest's morning) ask for it without each reading the settings again. Nothing outlives the
 * request: another process, or the next request, reads the zone afresh.
 */

const zoneOfWork = new AsyncLocalStorage<{ zone: ProgrammeTimeZone; dayFormat: DayFormat }>();

/**
 * Runs `work` (a request, a scheduled pass) with today counted in `zone`, and the days it writes
 * for people (the bell, the search, the daily email) in the settings' `dayFormat`.
 */
export function inProgrammeZone<T>(
  zone: ProgrammeTimeZone,
  work: () => T,
  dayFormat: DayFormat = DEFAULT_DAY_FORMAT,
): T {
  return zoneOfWork.run({ zone, dayFormat }, work);
}

/** The zone of the work under way; Lusaka outside any (the seed, a test calling a service). */
export function programmeZone(): ProgrammeTimeZone {
  return zoneOfWork.getStore()?.zone ?? PROGRAMME_TIME_ZONE;
}

/** A YYYY-MM-DD day written in the format System Settings choose, as the screens write it. */
export const programmeDay = (isoDay: string): string =>
  dayAsWritten(isoDay, zoneOfWork.getStore()?.dayFormat ?? DEFAULT_DAY_FORMAT);

/** The calendar date (YYYY-MM-DD) of an instant in the programme's zone. */
export const programmeDate = (instant: Date): string => lusakaDate(instant, programmeZone());

/** The hour (0-23) of an instant in the programme's zone. */
export const programmeHour = (instant: Date): number => lusakaHour(instant, programmeZone());

/** The instants a programme day starts and ends (end exclusive). */
export const programmeDayBounds = (day: string) => lusakaDayBounds(day, programmeZone());
