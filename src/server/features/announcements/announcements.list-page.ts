import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnnouncementListQuery } from '../../../contracts/announcements';
import { audiencesOf } from '../../../domain/announcements';
import type { AppDeps, SessionUser } from '../../app-env';
import { countSelect, matchCountOf } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { itemsArray, keptObjectWith, onPage, PAGE_ALIAS } from '../../db/json-items';
import { runWithValues, unseenByPlanner } from '../../db/prepared';
import { tallyByBucket } from '../../db/row-tallies';
import { announcements } from '../../db/schema';
import { namedPageStatements, type PageWindow, PLACEHOLDERS } from '../../db/statements-by-shape';
import { pageJsonText } from '../../http/json-text';
import { programmeDate } from '../../programme-time';
import {
  announcementSearch,
  attachmentsSql,
  readBySql,
  readCountSql,
  shownAmong,
} from './announcement-records';

/*
 * GET /api/announcements as one statement after the session look-up (docs/decisions/002): one row
 * holding the page's items as JSON text written by PostgreSQL (announcementDto field for field,
 * announcements.list-page.test.ts holds the two together) and the figures beside them:
 * - `undated` and `dated`: the cards, what the caller's audience sees today by type. Those shown
 *   until someone hides them come from the announcements tally (row_tallies, by audience and
 *   type); those that expire depend on the day, so the ones not yet expired are counted, a short
 *   range of announcements_dated_idx (counting all 8,000 shown ones took 1.5 ms a page);
 * - `matching`: how many a priority or a search matches (capped for a search, D17). Filtered by
 *   type at most, the list's total is a card (or all of them added up), and it is left out.
 * The first page of a size the screens ask for, without a priority or search, is a statement
 * named per shape (its LIMIT written in, db/prepared.ts writtenCount); its best plan reads the
 * newest first off announcements_newest_idx whatever the audiences and the day.
 */

/** The page sizes asked for: the Announcements screen (20) and the lists bench (25). */
const SCREEN_PAGE_SIZES = new Set([20, 25]);

const p = {
  viewer: sql.placeholder('viewer'),
  audiences: sql.placeholder('audiences'),
  today: sql.placeholder('today'),
  type: sql.placeholder('type'),
  priority: sql.placeholder('priority'),
};

/**
 * announcementDto of the page's row, for the viewer: what its row decides as a trigger keeps it
 * (announcements.list_item, migration 0043), then its attachments and readers. The page's rows are
 * read off the index of its order and the items written from them: looking each up again by its
 * id cost about a tenth of the statement (as for events).
 */
const announcementItem = keptObjectWith(onPage(announcements.listItem), {
  attachments: attachmentsSql(onPage(announcements.id)),
  read_count: readCountSql(onPage(announcements.id)),
  read_by_me: readBySql(p.viewer, onPage(announcements.id)),
});

interface Shape {
  type: boolean;
  priority: boolean;
  /** A search's conditions (values written in): the statement is then never named. */
  search: SQL | undefined;
}
function pageStatement(db: DbOrTx, shape: Shape, window: PageWindow) {
  const shown = shownAmong(sql`${p.audiences}::text[]`, sql`${p.today}::date`);
  const where = and(
    shown,
    shape.type ? eq(announcements.type, p.type) : undefined,
    shape.priority ? eq(announcements.priority, p.priority) : undefined,
    shape.search,
  );
  // The page's rows, newest first off the index; the items are written for those only.
  const page = db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(window.limit)
    .offset(window.offset)
    .as(PAGE_ALIAS);
  // Those that expire, not yet expired, by type: a short range of announcements_dated_idx. The
  // range is written out: PostgreSQL does not read it from `shown`'s "no expiry date or not yet
  // expired", and scanned every dated announcement instead (1,500 of them in the lists bench, for
  // 41 counted: PostgreSQL's time for a page went from 492 to 408-424 µs). Today is unseen by
  // the planner (db/prepared.ts): seen, it made PostgreSQL plan the named statement again on every
  // request (700 µs a page).
  const datedByType = db
    .select({ type: announcements.type, n: sql<number>`count(*)::int`.as('n') })
    .from(announcements)
    .where(
      and(
        shown,
        sql`${announcements.isActive} and ${announcements.expiryDate} is not null`,
        sql`${announcements.expiryDate} >= ${unseenByPlanner(p.today, 'date')}`,
      ),
    )
    .groupBy(announcements.type)
    .as('dated_by_type');
  const counted = shape.priority || shape.search !== undefined;
  const matching = counted
    ? sql<number>`(${countSelect(db, db.select({ one: sql`1` }).from(announcements).where(where), shape.search !== undefined)})`
    : sql<null>`null::int`;
  return db
    .select({
      items: itemsArray(announcementItem, sql`${page.createdAt} desc, ${page.id} desc`).as('items'),
      undated: tallyByBucket('announcements').as('undated'),
      dated:
        sql<string>`(select coalesce(json_object_agg(${datedByType.type}, ${datedByType.n}), '{}')::text from ${datedByType})`.as(
          'dated',
        ),
      matching: matching.as('matching'),
    })
    .from(page);
}

const namedPages = namedPageStatements();

/** The first page without a priority or search: named per shape and size (a bounded set). */
function namedFirstPage(shape: Shape, limit: number) {
  const key = `announcements.${shape.type ? 'type' : 'all'}`;
  return namedPages(key, limit, (db, window) => pageStatement(db, shape, window));
}

/**
 * What the caller's audiences see today by type: the tally's announcements shown until hidden
 * (buckets 'audience,type'), and those that expire, not yet expired (counted in the statement).
 */
function cardsOf(undated: unknown, dated: unknown, audiences: readonly string[]): Record<string, number> {
  const byType = JSON.parse(String(dated ?? '{}')) as Record<string, number>;
  for (const [bucket, n] of Object.entries(JSON.parse(String(undated ?? '{}')) as Record<string, number>)) {
    const [audience, type] = bucket.split(',');
    if (type && audiences.includes(audience!)) byType[type] = (byType[type] ?? 0) + n;
  }
  return byType;
}

/** The list's answer (AnnouncementListResponse) as JSON text. */
export async function announcementListJson(
  deps: AppDeps,
  user: SessionUser,
  query: AnnouncementListQuery,
): Promise<string> {
  const search = announcementSearch(query.q);
  const shape: Shape = { type: query.type !== undefined, priority: query.priority !== undefined, search };
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const values = {
    viewer: user.id,
    audiences: audiencesOf(user.role),
    today: programmeDate(deps.clock.now()),
    type: query.type,
    priority: query.priority,
    limit,
    offset,
  };
  const named = offset === 0 && SCREEN_PAGE_SIZES.has(limit) && !shape.priority && search === undefined;
  const [row] = named
    ? await namedFirstPage(shape, limit)(deps.db, values)
    : await runWithValues(pageStatement(deps.db, shape, PLACEHOLDERS), values);
  const byType = cardsOf(row?.undated, row?.dated, values.audiences);
  const of = (type: string) => byType[type] ?? 0;
  const all = Object.values(byType).reduce((sum, n) => sum + n, 0);
  const count =
    typeof row?.matching === 'number'
      ? matchCountOf(row.matching, search !== undefined)
      : matchCountOf(query.type ? of(query.type) : all, false);
  return pageJsonText(String(row?.items ?? '[]'), count, query, {
    counts: {
      general: of('general'),
      urgent: of('urgent'),
      academic: of('academic'),
      financial: of('financial'),
    },
  });
}
