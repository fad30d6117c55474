import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnnouncementListQuery, AnnouncementListResponse } from '../../../contracts/announcements';
import { audiencesOf } from '../../../domain/announcements';
import type { AppDeps, SessionUser } from '../../app-env';
import { countMatches } from '../../db/capped-count';
import type { DbOrTx } from '../../db/client';
import { announcements } from '../../db/schema';
import { readTallyBuckets } from '../../db/tally-figures';
import { pageOf, pageWindow } from '../../http/paging';
import { programmeDate } from '../../programme-time';
import { announcementDto, announcementSearch, selectAnnouncements, shownTo } from './announcement-records';

/*
 * GET /api/announcements: a page of what the caller's audience sees today, newest first, each
 * made by announcementDto from the row the page read, and the cards: what the audience sees today
 * by type. Those shown until someone hides them come from the announcements tally (row_tallies,
 * by audience and type); those that expire depend on the day, so the ones not yet expired are
 * counted (a short range of announcements_dated_idx). Filtered by type at most, the list's total
 * is a card (or all of them added up); a priority or a search counts its matches (capped for a
 * search, D17).
 */

/** What the caller's audiences see today by type: the tally's undated ones and the dated ones not yet expired. */
async function cardsOf(db: DbOrTx, user: SessionUser, today: string): Promise<Record<string, number>> {
  const audiences: readonly string[] = audiencesOf(user.role);
  const [undated, dated] = await Promise.all([
    readTallyBuckets(db, 'announcements'),
    db
      .select({ type: announcements.type, n: sql<number>`count(*)::int` })
      .from(announcements)
      .where(
        and(
          shownTo(user, today),
          // Written out: PostgreSQL does not read this range from shownTo's "no expiry date or not
          // yet expired", and scanned every dated announcement instead.
          sql`${announcements.expiryDate} is not null and ${announcements.expiryDate} >= ${today}`,
        ),
      )
      .groupBy(announcements.type),
  ]);
  const byType: Record<string, number> = Object.fromEntries(dated.map((d) => [d.type, Number(d.n)]));
  // The tally's buckets are 'audience,type'.
  for (const [bucket, n] of Object.entries(undated)) {
    const [audience, type] = bucket.split(',');
    if (type && audiences.includes(audience!)) byType[type] = (byType[type] ?? 0) + n;
  }
  return byType;
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
  const [rows, byType] = await Promise.all([
    selectAnnouncements(db, user.id)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    cardsOf(db, user, today),
  ]);
  const of = (type: string) => byType[type] ?? 0;
  const total =
    query.priority || search
      ? await countMatches(db, db.select({ one: sql`1` }).from(announcements).where(where), !!search)
      : query.type
        ? of(query.type)
        : Object.values(byType).reduce((sum, n) => sum + n, 0);
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
