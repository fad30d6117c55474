import { and, asc, desc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { EventListQuery } from '../../../contracts/events';
import type { AppDeps, SessionUser } from '../../app-env';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray, keptObjectWith, onPage, PAGE_ALIAS } from '../../db/json-items';
import { runWithValues } from '../../db/prepared';
import { tallyByBucket } from '../../db/row-tallies';
import { eventRegistrations, events } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { eventSearch } from './event-records';

/*
 * GET /api/events as one statement after the session look-up (docs/decisions/002): one row
 * holding the page's items as JSON text written by PostgreSQL (eventDto field for field,
 * events.list-page.test.ts holds the two together) and the figures beside them:
 * - `by_type`: the cards, every event by type, from the `events` tally that triggers keep in
 *   row_tallies (migration 0026) instead of counting the table on each request;
 * - `matching`: how many a status or a search matches (capped for a search, D17). Filtered by
 *   type at most, the list's total is a card (or all of them added up), and it is left out.
 * The order is relative to now (what is to come soonest first, then what has begun latest
 * first), which no index gives: each side is read in its own index order as far as the page
 * reaches, only those rows are sorted, and only the page's rows are written as items (18-27 ms a
 * page when every event was sorted with its registration look-up). The first page of a size the
 * screens ask for, without a status or search, is a statement named per shape, its LIMIT written
 * in (db/prepared.ts writtenCount): both sides are index scans whatever the instant.
 */

/** The page sizes asked for: the Events screen (20) and the lists bench (25). */
const SCREEN_PAGE_SIZES = new Set([20, 25]);

const p = {
  viewer: sql.placeholder('viewer'),
  now: sql.placeholder('now'),
  type: sql.placeholder('type'),
  status: sql.placeholder('status'),
};

/**
 * The page's rows are read whole, in a subquery of this name, and the items written from them: the
 * index scans of each side read the rows anyway, where looking each item up again by its id cost
 * about a tenth of the statement.
 */

/**
 * The viewer's registration for the page's event (the key is the event and the user), joined
 * rather than looked up per event: a sub-select run for each row cost more than the join.
 */
const viewersRegistration = alias(eventRegistrations, 'viewers_registration');

/**
 * eventDto of the page's row, for the viewer: what the event's row decides as a trigger keeps it
 * (events.list_item, migration 0041), then whether the viewer is registered.
 */
const eventItem = keptObjectWith(onPage(events.listItem), {
  registered: sql`(${viewersRegistration.eventId} is not null)`,
});

/** The list's order: what is still to come, soonest first; then what has begun, latest first. */
const comingFirst = (startsAt: SQLWrapper, id: SQLWrapper, now: SQL) =>
  sql.join(
    [
      sql`${startsAt} < ${now}`,
      sql`case when ${startsAt} >= ${now} then ${startsAt} end asc`,
      sql`${startsAt} desc`,
      sql`${id} asc`,
    ],
    sql`, `,
  );

interface Shape {
  type: boolean;
  status: boolean;
  /** A search's conditions (values written in): the statement is then never named. */
  search: SQL | undefined;
}
/** `reach`: offset + limit, how far into each side the page can fall. */
type Window = PageWindow & { reach: Placeholder };

function pageStatement(db: DbOrTx, shape: Shape, window: Window) {
  const now = sql`${p.now}::timestamptz`;
  const where = and(
    shape.type ? eq(events.type, p.type) : undefined,
    shape.status ? eq(events.status, p.status) : undefined,
    shape.search,
  );
  const side = (toCome: boolean) =>
    db
      .select()
      .from(events)
      .where(and(where, toCome ? sql`${events.startsAt} >= ${now}` : sql`${events.startsAt} < ${now}`))
      .orderBy(toCome ? asc(events.startsAt) : desc(events.startsAt), asc(events.id))
      .limit(window.reach);
  const reached = unionAll(side(true), side(false)).as('reached');
  const page = db
    .select()
    .from(reached)
    .orderBy(comingFirst(reached.startsAt, reached.id, now))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  const counted = shape.status || shape.search !== undefined;
  const matching = counted
    ? sql<number>`(${countSelect(db, db.select({ one: sql`1` }).from(events).where(where), shape.search !== undefined)})`
    : sql<null>`null::int`;
  return db
    .select({
      items: itemsArray(eventItem, comingFirst(page.startsAt, page.id, now)).as('items'),
      byType: tallyByBucket('events').as('by_type'),
      matching: matching.as('matching'),
    })
    .from(page)
    .leftJoin(
      viewersRegistration,
      and(eq(viewersRegistration.eventId, onPage(events.id)), eq(viewersRegistration.userId, p.viewer)),
    );
}

/** The first page without a status or search: named per shape and size (a bounded set). */
const namedFirstPage = namedPageStatements();

/** The list's answer (EventListResponse) as JSON text. */
export async function eventListJson(
  deps: AppDeps,
  user: SessionUser,
  query: EventListQuery,
): Promise<string> {
  const search = eventSearch(query.q);
  const shape: Shape = { type: query.type !== undefined, status: query.status !== undefined, search };
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const values = {
    viewer: user.id,
    now: deps.clock.now().toISOString(),
    type: query.type,
    status: query.status,
    limit,
    offset,
    reach: offset + limit,
  };
  const named = offset === 0 && SCREEN_PAGE_SIZES.has(limit) && !shape.status && search === undefined;
  const [row] = named
    ? await namedFirstPage(`events.${shape.type ? 'type' : 'all'}`, limit, (handle, window) =>
        // At offset 0, reach (offset + limit) is the LIMIT.
        pageStatement(handle, shape, { ...window, reach: window.limit }),
      )(deps.db, values)
    : await runWithValues(
        pageStatement(deps.db, shape, { ...PLACEHOLDERS, reach: sql.placeholder('reach') }),
        values,
      );
  const byType = JSON.parse(String(row?.by_type ?? '{}')) as Record<string, number>;
  const of = (type: string) => byType[type] ?? 0;
  const total = Object.values(byType).reduce((sum, n) => sum + n, 0);
  const count =
    typeof row?.matching === 'number'
      ? matchCountOf(row.matching, search !== undefined)
      : matchCountOf(query.type ? of(query.type) : total, false);
  return pageJsonText(String(row?.items ?? '[]'), count, query, {
    counts: {
      workshop: of('workshop'),
      seminar: of('seminar'),
      networking: of('networking'),
      graduation: of('graduation'),
      total,
    },
  });
}
