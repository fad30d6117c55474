import { and, eq, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Announcement, AnnouncementAttachment } from '../../../contracts/announcements';
import {
  type AnnouncementPriority,
  type AnnouncementType,
  type Audience,
  audiencesOf,
  canChangeAnnouncement,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import type { SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { textSearch } from '../../db/like-pattern';
import { qualified } from '../../db/qualified';
import { recordColumns } from '../../db/record-columns';
import { announcementAttachments, announcementReads, announcements } from '../../db/schema';
import { notFound } from '../../http/errors';

/*
 * Announcements as read: each with its readers counted, whether the caller is one of them, and
 * its attachments, for the caller's audience (docs/product.md D11).
 */

/** The id of the `announcements` row around these sub-selects. */
const aroundId = qualified(announcements.id);

/** How many people have read the announcement `id` ('Read by N people'). */
export const readCountSql = (id: SQLWrapper = aroundId) =>
  sql<number>`(select count(*)::int from ${announcementReads} r where r.announcement_id = ${id})`;

/** Whether this reader (a value or a placeholder) has read the announcement `id`. */
export const readBySql = (viewer: SQLWrapper | string, id: SQLWrapper = aroundId) =>
  sql<boolean>`exists (select 1 from ${announcementReads} r where r.announcement_id = ${id} and r.user_id = ${viewer})`;

/** The attachments of the announcement `id` as a JSON array (AnnouncementAttachmentSchema), oldest first. */
export const attachmentsSql = (id: SQLWrapper = aroundId) =>
  sql<
    AnnouncementAttachment[]
  >`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'mime_type', a.mime_type, 'size', a.size) order by a.created_at, a.id) from ${announcementAttachments} a where a.announcement_id = ${id}), '[]')`;

/** Announcements as read by this viewer; a list adds its own figures (`also`) to the row. */
export function selectAnnouncements<Also extends Record<string, SQL> = Record<never, SQL>>(
  db: DbOrTx,
  viewerId: string,
  also?: Also,
) {
  return db
    .select({
      announcement: recordColumns(announcements),
      readCount: readCountSql(),
      readByMe: readBySql(viewerId),
      attachments: attachmentsSql(),
      ...(also as Also),
    })
    .from(announcements);
}

export type AnnouncementRow = Awaited<
  ReturnType<ReturnType<typeof selectAnnouncements<Record<never, SQL>>>['where']>
>[number];

export function announcementDto(row: AnnouncementRow): Announcement {
  const { announcement: a } = row;
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    type: a.type as AnnouncementType,
    priority: a.priority as AnnouncementPriority,
    target_audience: a.targetAudience as Audience,
    author_id: a.authorId,
    author_name: a.authorName,
    created_date: a.createdDate,
    expiry_date: a.expiryDate,
    is_active: a.isActive,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    attachments: row.attachments.map((f) => ({ ...f, size: Number(f.size) })),
    read_count: Number(row.readCount),
    read_by_me: Boolean(row.readByMe),
  };
}

/** What the user's audience sees today: for their audiences, active, not past its expiry. */
export function shownTo(user: Pick<SessionUser, 'role'>, today: string): SQL {
  return and(
    sql`${announcements.targetAudience} = any(${sql.param(audiencesOf(user.role))})`,
    sql`${announcements.isActive}`,
    or(isNull(announcements.expiryDate), sql`${announcements.expiryDate} >= ${today}`),
  )!;
}

/** Those its author (by account) or an admin may change, shown or not. */
const changeableBy = (user: SessionUser): SQL | undefined =>
  user.role === 'admin' ? undefined : eq(announcements.authorId, user.id);

/** The announcement `id` if the user sees it (its audience, shown today) or may change it. */
export const visibleTo = (user: SessionUser, id: string, today: string): SQL =>
  and(eq(announcements.id, id), or(shownTo(user, today), changeableBy(user) ?? sql`true`))!;

/**
 * The announcement, if the user sees it (its audience, shown today) or may change it; else 404
 * 'Announcement not found', as for a missing one: a student learns nothing of an officers' notice.
 */
export async function visibleAnnouncement(
  db: DbOrTx,
  user: SessionUser,
  id: string,
  today: string,
): Promise<AnnouncementRow> {
  const [row] = await selectAnnouncements(db, user.id).where(visibleTo(user, id, today));
  if (!row) throw notFound(M.notFound);
  return row;
}

/** The announcement, if the user may change it: 404 when they do not see it, 403 when they only read it. */
export async function changeableAnnouncement(db: DbOrTx, user: SessionUser, id: string, today: string) {
  const row = await visibleAnnouncement(db, user, id, today);
  if (!canChangeAnnouncement(user, { author_id: row.announcement.authorId })) return { row, allowed: false };
  return { row, allowed: true };
}

export const announcementSearch = (q: string | undefined) => textSearch(announcements.searchText, q);

/** What the audit trail keeps of an announcement (D15). */
export const auditedAnnouncement = (a: AnnouncementRow['announcement']) => ({
  title: a.title,
  content: a.content,
  type: a.type,
  priority: a.priority,
  target_audience: a.targetAudience,
  expiry_date: a.expiryDate,
  is_active: a.isActive,
});
