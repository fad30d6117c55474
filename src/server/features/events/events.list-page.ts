import { and, asc, desc, eq, gte, inArray, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { EventListQuery, EventListResponse } from '../../../contracts/events';
import type { AppDeps, SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { tallyByBucket } from '../../db/row-tallies';
import { events } from '../../db/schema';
import { readTallyBuckets } from '../../db/tally-figures';
import { pageOf, pageWindow } from '../../http/paging';
import { eventDto, eventSearch, selectEvents } from './event-records';

/*
 * GET /api/events: the event's own look-up (selectEvents, with whether the reader is registered)
 * in the list's order, its items made by eventDto as one event's answer is. The cards and the
 * total of a type or a status come from the `events` tally that triggers keep in row_tallies by
 * type and status ('workshop,upcoming', migration 0054), read in the page's own statement; only
 * a search is counted (up to the cap, D17).
 *
 * The list's order, what is still to come soonest first and then what has begun latest first, is
 * no index's order: sorting it read every match (2,500 upcoming events of 10,000: 3.4 ms of
 * PostgreSQL a page). So the page's ids are found in the two halves' own index orders
 * (events_starts_idx, events_type_idx, events_status_starts_idx), each half cut at the end of the
 * page, and only the page's rows are read and sorted.
 */

/** The list's order over these columns: to come soonest first; then begun, latest first; ties by id. */
const comingFirst = (startsAt: SQLWrapper, id: SQLWrapper, now: SQL) => [
  sql`${startsAt} < ${now}`,
  sql`case when ${startsAt} >= ${now} then ${startsAt} end asc`,
  sql`${startsAt} desc`,
  sql`${id} asc`,
];

/** The ids of the page: each half read in its index's order up to the page's end, the two sorted. */
function pageIds(db: DbOrTx, where: SQL | undefined, now: SQL, limit: number, offset: number) {
  const half = (begun: boolean) =>
    db
      .select({ id: events.id, startsAt: events.startsAt })
      .from(events)
      .where(and(where, begun ? lt(events.startsAt, now) : gte(events.startsAt, now)))
      .orderBy(begun ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
      .limit(offset + limit);
  const both = unionAll(half(false), half(true)).as('both');
  return db
    .select({ id: both.id })
    .from(both)
    .orderBy(...comingFirst(both.startsAt, both.id, now))
    .limit(limit)
    .offset(offset);
}

/** {'type,status': events} from the tally, as JSON text. */
const eventTally = () => tallyByBucket('events');

/** The list's answer (EventListResponse). */
export async function eventListPage(
  deps: AppDeps,
  user: SessionUser,
  query: EventListQuery,
): Promise<EventListResponse> {
  const db = deps.db;
  const search = eventSearch(query.q);
  const where = and(
    query.type ? eq(events.type, query.type) : undefined,
    query.status ? eq(events.status, query.status) : undefined,
    search,
  );
  const now = sql`${deps.clock.now().toISOString()}::timestamptz`;
  const { limit, offset } = pageWindow(query);
  const [rows, matches] = await Promise.all([
    selectEvents(db, user.id, { tally: eventTally() })
      .where(inArray(events.id, pageIds(db, where, now, limit, offset)))
      .orderBy(...comingFirst(events.startsAt, events.id, now)),
    search !== undefined
      ? countMatches(db, db.select({ one: sql`1` }).from(events).where(where), true)
      : undefined,
  ]);
  // The tally rides on the page's rows; a page past the end reads it alone.
  const tally: Record<string, number> = rows[0]
    ? JSON.parse(String(rows[0].tally))
    : await readTallyBuckets(db, 'events');
  const counted = (type?: string, status?: string) =>
    Object.entries(tally).reduce((sum, [bucket, n]) => {
      const [t, s] = bucket.split(',');
      return (type === undefined || t === type) && (status === undefined || s === status) ? sum + n : sum;
    }, 0);
  const of = (type: string) => counted(type);
  return {
    ...pageOf(rows.map(eventDto), matches ?? counted(query.type, query.status), query),
    counts: {
      workshop: of('workshop'),
      seminar: of('seminar'),
      networking: of('networking'),
      graduation: of('graduation'),
      total: counted(),
    },
  };
}
