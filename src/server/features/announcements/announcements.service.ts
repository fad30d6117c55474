import { randomUUID } from 'node:crypto';
import { and, desc, eq, notExists, or, sql } from 'drizzle-orm';
import type {
  Announcement,
  AnnouncementAttachment,
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementListResponse,
} from '../../../contracts/announcements';
import {
  ANNOUNCEMENT_TYPE_LABELS,
  type AnnouncementType,
  AUDIENCE_LABELS,
  type Audience,
  ANNOUNCEMENT_MESSAGES as M,
} from '../../../domain/announcements';
import { detectFileType, FILE_MESSAGES, safeFileName } from '../../../domain/student-files';
import type { AppDeps, SessionUser } from '../../app-env';
import { type NotificationSource, opensOn, searchSource, waitingRecords } from '../../area-sources';
import type { DbOrTx, Tx } from '../../db/client';
import { announcementAttachments, announcementReads, announcements } from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/file-upload';
import { programmeDate } from '../../programme-time';
import { fileStore } from '../../storage/file-store';
import { areaAudit, recordChangeAudit } from '../audit/audit.service';
import { queueUrgentAnnouncementSms } from '../sms/sms.service';
import {
  announcementDto,
  announcementSearch,
  auditedAnnouncement,
  changeableAnnouncement,
  shownTo,
  visibleAnnouncement,
  visibleTo,
} from './announcement-records';
import { announcementList } from './announcements.list-page';

/*
 * Announcements (docs/product.md §2, §4, D11, D15, D16): program officers and above publish; the
 * author (by account) or an admin edits and deletes; each audience sees only its own, while active
 * and not expired. Read More records the reader once, so 'Read by N people' counts people.
 */

const newest = [desc(announcements.createdAt), desc(announcements.id)];
const todayOf = (deps: AppDeps) => programmeDate(deps.clock.now());

/** The list (announcements.list-page.ts): the route's answer, and the dashboard's news (my-dashboard.service.ts). */
export async function listAnnouncements(
  deps: AppDeps,
  user: SessionUser,
  query: AnnouncementListQuery,
): Promise<AnnouncementListResponse> {
  return announcementList(deps, user, query);
}

export async function getAnnouncement(deps: AppDeps, user: SessionUser, id: string): Promise<Announcement> {
  return announcementDto(await visibleAnnouncement(deps.db, user, id, todayOf(deps)));
}

const audit = areaAudit('announcement', 'announcement');
const auditChange = recordChangeAudit('announcement', auditedAnnouncement);

function checkExpiry(deps: AppDeps, input: AnnouncementInput, current: string | null = null) {
  // An expiry kept as it was may have passed; a new one may not.
  if (input.expiry_date && input.expiry_date !== current && input.expiry_date < todayOf(deps))
    throw badRequest(M.expiryPast, { expiry_date: M.expiryPast });
}

const values = (input: AnnouncementInput) => ({
  title: input.title,
  content: input.content,
  type: input.type,
  priority: input.priority,
  targetAudience: input.target_audience,
  expiryDate: input.expiry_date ?? null,
  isActive: input.is_active,
});

export async function createAnnouncement(deps: AppDeps, user: SessionUser, input: AnnouncementInput) {
  checkExpiry(deps, input);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(announcements)
      .values({
        ...values(input),
        authorId: user.id,
        authorName: user.name,
        createdDate: todayOf(deps),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await auditChange(tx, user, now, 'created', `${user.name} published "${added!.title}"`, null, added!);
    // Students' texts, in this transaction: sent if and only if the announcement is published.
    await queueUrgentAnnouncementSms(tx, deps.config, added!, now);
    return added!.id;
  });
  return getAnnouncement(deps, user, id);
}

async function mayChange(tx: Tx, deps: AppDeps, user: SessionUser, id: string) {
  const { row, allowed } = await changeableAnnouncement(tx, user, id, todayOf(deps));
  if (!allowed) throw forbidden(M.notYours);
  return row.announcement;
}

export async function updateAnnouncement(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: AnnouncementInput,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await mayChange(tx, deps, user, id);
    checkExpiry(deps, input, before.expiryDate);
    const [after] = await tx
      .update(announcements)
      .set({ ...values(input), updatedAt: now })
      .where(eq(announcements.id, id))
      .returning();
    await auditChange(tx, user, now, 'updated', `${user.name} edited "${after!.title}"`, before, after!);
    // Made urgent by the edit: the students not yet told are (one text each per announcement).
    await queueUrgentAnnouncementSms(tx, deps.config, after!, now);
  });
  return getAnnouncement(deps, user, id);
}

export async function deleteAnnouncement(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await mayChange(tx, deps, user, id);
    const files = await tx
      .select({ key: announcementAttachments.storageKey })
      .from(announcementAttachments)
      .where(eq(announcementAttachments.announcementId, id));
    for (const file of files) await fileStore().remove(tx, file.key);
    await tx.delete(announcements).where(eq(announcements.id, id));
    await auditChange(tx, user, now, 'deleted', `${user.name} deleted "${before.title}"`, before, null);
  });
}

/**
 * Read More: the reader counted once, whatever how often they open it. A first read is one
 * statement: the read written for the announcement the reader sees, answering its readers. Its
 * count is taken in the statement's own snapshot, which does not hold the row it adds: hence + 1.
 * Nothing written is an announcement read before, or one the reader does not see (404).
 */
export async function markRead(
  deps: AppDeps,
  user: SessionUser,
  id: string,
): Promise<{ read_count: number }> {
  const db = deps.db;
  const readers = () => db.$count(announcementReads, eq(announcementReads.announcementId, id));
  const [added] = await db
    .insert(announcementReads)
    .select(
      db
        .select({
          announcementId: announcements.id,
          userId: sql`${user.id}::uuid`.as('user_id'),
          readAt: sql`${deps.clock.now().toISOString()}::timestamptz`.as('read_at'),
        })
        .from(announcements)
        .where(visibleTo(user, id, todayOf(deps))),
    )
    .onConflictDoNothing()
    .returning({ readCount: sql<number>`(${readers()}) + 1` });
  if (added) return { read_count: Number(added.readCount) };
  const [seen] = await db
    .select({ readCount: readers() })
    .from(announcements)
    .where(visibleTo(user, id, todayOf(deps)));
  if (!seen) throw notFound(M.notFound);
  return { read_count: Number(seen.readCount) };
}

export async function addAttachment(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  file: UploadedFile | null,
): Promise<AnnouncementAttachment> {
  if (!file || file.name === '')
    throw badRequest(FILE_MESSAGES.fileRequired, { file: FILE_MESSAGES.fileRequired });
  if (file.size === 0) throw badRequest(FILE_MESSAGES.empty, { file: FILE_MESSAGES.empty });
  const mimeType = detectFileType(file.chunks, file.name);
  if (mimeType === null) throw new HttpError(415, FILE_MESSAGES.refused);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const announcement = await mayChange(tx, deps, user, id);
    const storageKey = randomUUID();
    await fileStore().save(tx, storageKey, file.chunks);
    const [added] = await tx
      .insert(announcementAttachments)
      .values({
        announcementId: id,
        name: safeFileName(file.name),
        mimeType,
        size: file.size,
        storageKey,
        createdAt: now,
      })
      .returning();
    await audit(
      tx,
      user,
      now,
      id,
      'attached',
      `${user.name} attached ${added!.name} to "${announcement.title}"`,
      null,
      { attachment: added!.name },
    );
    return { id: added!.id, name: added!.name, mime_type: added!.mimeType, size: added!.size };
  });
}

async function attachmentOf(tx: DbOrTx, id: string, attachmentId: string) {
  const [found] = await tx
    .select()
    .from(announcementAttachments)
    .where(and(eq(announcementAttachments.id, attachmentId), eq(announcementAttachments.announcementId, id)));
  if (!found) throw notFound(FILE_MESSAGES.notFound);
  return found;
}

export async function downloadAttachment(deps: AppDeps, user: SessionUser, id: string, attachmentId: string) {
  await visibleAnnouncement(deps.db, user, id, todayOf(deps));
  const file = await attachmentOf(deps.db, id, attachmentId);
  const body = await fileStore().open(deps.db, file.storageKey);
  if (!body) throw notFound(FILE_MESSAGES.notFound);
  return { body, file };
}

export async function removeAttachment(deps: AppDeps, user: SessionUser, id: string, attachmentId: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const announcement = await mayChange(tx, deps, user, id);
    const file = await attachmentOf(tx, id, attachmentId);
    await tx.delete(announcementAttachments).where(eq(announcementAttachments.id, attachmentId));
    await fileStore().remove(tx, file.storageKey);
    await audit(
      tx,
      user,
      now,
      id,
      'detached',
      `${user.name} removed ${file.name} from "${announcement.title}"`,
      { attachment: file.name },
      null,
    );
  });
}

/** The bell (D16): urgent announcements (by type or priority) the user sees and has not read. */
export const announcementNotifications: NotificationSource = {
  area: 'announcements',
  switch: 'systemUpdates',
  label: 'Urgent announcements',
  async waitingFor(deps, user) {
    const unreadUrgent = and(
      shownTo(user, todayOf(deps)),
      or(eq(announcements.type, 'urgent'), eq(announcements.priority, 'urgent')),
      notExists(
        deps.db
          .select({ one: sql`1` })
          .from(announcementReads)
          .where(
            and(
              eq(announcementReads.announcementId, announcements.id),
              eq(announcementReads.userId, user.id),
            ),
          ),
      ),
    );
    return waitingRecords(
      deps.db,
      announcements,
      unreadUrgent,
      deps.db
        .select({
          id: announcements.id,
          title: announcements.title,
          author: announcements.authorName,
          audience: announcements.targetAudience,
        })
        .from(announcements)
        .where(unreadUrgent)
        .orderBy(...newest),
      (r) => ({
        id: r.id,
        title: r.title,
        detail: `${r.author} · for ${AUDIENCE_LABELS[r.audience as Audience] ?? r.audience}`,
        href: `/announcements?${new URLSearchParams({ open: r.id })}`,
      }),
    );
  },
};

/** Announcements in the top bar's search: those the user's audience sees today. */
export const announcementSearchSource = searchSource({
  area: 'announcements',
  label: 'Announcements',
  readableBy: () => true,
  // What the item shows, not the whole announcement with its reads and attachments.
  rows: (db) =>
    db
      .select({
        id: announcements.id,
        title: announcements.title,
        type: announcements.type,
        authorName: announcements.authorName,
      })
      .from(announcements)
      .$dynamic(),
  matching: (term, { deps, user }) => and(shownTo(user, todayOf(deps)), announcementSearch(term.text)),
  order: newest,
  item: (a) => ({
    title: a.title,
    detail: `${ANNOUNCEMENT_TYPE_LABELS[a.type as AnnouncementType] ?? a.type} · ${a.authorName}`,
  }),
  opens: opensOn('/announcements'),
});
