import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnnouncementListQuery, AnnouncementListResponse } from '../../../contracts/announcements';
import { audiencesOf } from '../../../domain/announcements';
import type { AppDeps, SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { tallyByBucket } from '../../db/row-tallies';
import { announcements } from '../../db/schema';
import { pageOf, pageWindow } from '../../http/paging';
import { programmeDate } from '../../programme-time';
import { announcementDto, announcementSearch, selectAnnouncements, shownTo } from './announcement-records';

/*
 * GET /api/announcements: a page of what the caller's audience sees today, newest first, each
 * made by announcementDto from the row the page read, and the cards: what the audience sees today
 * by type. Those shown until someone hides them come from the announcements tally (row_tallies,
 * by audience and type); those that expire depend on the day, so the ones not yet expired are
 * counted (a short range of announcements_dated_idx). Both ride on the page's own statement as
 * subqueries PostgreSQL runs once: a reader's page is one statement after the session look-up,
 * where the two figures' statements of their own cost more than the page did. Filtered by type at
 * most, the list's total is a card (or all of them added up); a priority or a search counts its
 * matches (capped for a search, D17).
 */

/** The dated announcements the user's audience sees today, by type: JSON text of {type: n}. */
function datedByType(db: DbOrTx, user: SessionUser, today: string): SQL<string> {
  const dated = db
    .select({ type: announcements.type, n: sql<number>`count(*)::int`.as('n') })
    .from(announcements)
    .where(
      and(
        shownTo(user, today),
        // Written out: PostgreSQL does not read this range from shownTo's "no expiry date or not
        // yet expired", and scanned every dated announcement instead.
        sql`${announcements.expiryDate} is not null and ${announcements.expiryDate} >= ${today}`,
      ),
    )
    .groupBy(announcements.type)
    .as('dated');
  return sql<string>`(select coalesce(json_object_agg(${dated.type}, ${dated.n}), '{}')::text from ${dated})`;
}

/** The two figures the cards add up, as JSON text each. */
const cardFigures = (db: DbOrTx, user: SessionUser, today: string) => ({
  undated: tallyByBucket('announcements'),
  dated: datedByType(db, user, today),
});

/** What the caller's audiences see today by type: the tally's undated ones and the dated ones not yet expired. */
function cardsOf(user: SessionUser, figures: { undated: string; dated: string }): Record<string, number> {
  const audiences: readonly string[] = audiencesOf(user.role);
  const byType: Record<string, number> = JSON.parse(figures.dated);
  // The tally's buckets are 'audience,type'.
  for (const [bucket, n] of Object.entries(JSON.parse(figures.undated) as Record<string, number>)) {
    const [audience, type] = bucket.split(',');
    if (type && audiences.includes(audience!)) byType[type] = (byType[type] ?? 0) + n;
  }
  return byType;
}

/** The figures alone, for a page past the end (no row to carry them). */
async function figuresAlone(db: DbOrTx, user: SessionUser, today: string) {
  const [row] = await db.select(cardFigures(db, user, today)).from(sql`(select 1) as one`);
  return row!;
}

export async function announcementList(
  deps: AppDeps,
  user: SessionUser,
  query: AnnouncementListQuery,
): Promise<AnnouncementListResponse> {
  const db = deps.db;
  const today = programmeDate(deps.clock.now());
  const search = announcementSearch(query.q);
  const where = and(
    shownTo(user, today),
    query.type ? eq(announcements.type, query.type) : undefined,
    query.priority ? eq(announcements.priority, query.priority) : undefined,
    search,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, matches] = await Promise.all([
    selectAnnouncements(db, user.id, cardFigures(db, user, today))
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    query.priority || search
      ? countMatches(db, db.select({ one: sql`1` }).from(announcements).where(where), !!search)
      : undefined,
  ]);
  const byType = cardsOf(user, rows[0] ?? (await figuresAlone(db, user, today)));
  const of = (type: string) => byType[type] ?? 0;
  const total =
    matches ?? (query.type ? of(query.type) : Object.values(byType).reduce((sum, n) => sum + n, 0));
  return {
    ...pageOf(rows.map(announcementDto), total, query),
    counts: {
      general: of('general'),
      urgent: of('urgent'),
      academic: of('academic'),
      financial: of('financial'),
    },
  };
}
