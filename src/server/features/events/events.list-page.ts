import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { EventListQuery, EventListResponse } from '../../../contracts/events';
import type { AppDeps, SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import { tallyByBucket } from '../../db/row-tallies';
import { events } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { eventDto, eventSearch, selectEvents } from './event-records';

/*
 * GET /api/events: the event's own look-up (selectEvents, with whether the reader is registered)
 * in the list's order, its items made by eventDto as one event's answer is. The cards count every
 * event by type from the `events` tally that triggers keep in row_tallies (migration 0026);
 * filtered by type at most, the list's total is a card (or all of them added up). A status or a
 * search is counted (a search up to the cap, D17).
 */

/** The list's order: what is still to come, soonest first; then what has begun, latest first. */
const comingFirst = (now: SQL) => [
  sql`${events.startsAt} < ${now}`,
  sql`case when ${events.startsAt} >= ${now} then ${events.startsAt} end asc`,
  sql`${events.startsAt} desc`,
  sql`${events.id} asc`,
];

/** {type: events} from the tally. */
async function eventsByType(deps: AppDeps): Promise<Record<string, number>> {
  const { rows } = await deps.db.execute(sql`select ${tallyByBucket('events')} as by_type`);
  return JSON.parse(String((rows[0] as { by_type?: string } | undefined)?.by_type ?? '{}'));
}

/** The list's answer (EventListResponse). */
export async function eventListPage(
  deps: AppDeps,
  user: SessionUser,
  query: EventListQuery,
): Promise<EventListResponse> {
  const search = eventSearch(query.q);
  const where = and(
    query.type ? eq(events.type, query.type) : undefined,
    query.status ? eq(events.status, query.status) : undefined,
    search,
  );
  const now = sql`${deps.clock.now().toISOString()}::timestamptz`;
  const { limit, offset } = pageWindow(query);
  const [rows, byType, matches] = await Promise.all([
    selectEvents(deps.db, user.id)
      .where(where)
      .orderBy(...comingFirst(now))
      .limit(limit)
      .offset(offset),
    eventsByType(deps),
    query.status !== undefined || search !== undefined
      ? countMatches(deps.db, deps.db.select({ one: sql`1` }).from(events).where(where), search !== undefined)
      : undefined,
  ]);
  const of = (type: string) => byType[type] ?? 0;
  const all = Object.values(byType).reduce((sum, n) => sum + n, 0);
  const total = matches ?? (query.type ? of(query.type) : all);
  return {
    ...pageOf(rows.map(eventDto), total, query),
    counts: {
      workshop: of('workshop'),
      seminar: of('seminar'),
      networking: of('networking'),
      graduation: of('graduation'),
      total: all,
    },
  };
}
