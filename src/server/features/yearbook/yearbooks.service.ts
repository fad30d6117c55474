import { count, desc, eq } from 'drizzle-orm';
import type { YearbookInput } from '../../../contracts/yearbook';
import { plural } from '../../../domain/plural';
import { canManageYearbooks, classOf, YEARBOOK_MESSAGES as M } from '../../../domain/yearbook';
import type { AppDeps, SessionUser } from '../../app-env';
import { answeringConstraints } from '../../db/constraint-errors';
import { memoryWallPosts, yearbookEntries, yearbooks } from '../../db/schema';
import { conflict, forbidden } from '../../http/errors';
import { type PageQuery, pageOf, pageWindow, totalEndingAt } from '../../http/paging';
import { programmeDate } from '../../programme-time';
import { recordAudit } from '../audit/audit.service';
import { graduatePage } from './graduates-page';
import {
  actorOf,
  auditedYearbook,
  selectYearbooks,
  visibleYearbook,
  visibleYearbookWithFigures,
  type YearbookRow,
  yearbookDto,
} from './yearbook-records';

/*
 * Yearbooks (docs/product.md §2 Yearbook Management, §4, D11): everyone reads the published ones,
 * newest class first; deputy managers and admins see and change them all. Every change is recorded
 * in the audit trail in its own transaction (D15).
 */

export function requireYearbookManager(user: SessionUser): void {
  if (!canManageYearbooks(user.role)) throw forbidden("You don't have permission to manage yearbooks.");
}

const YEAR_TAKEN = (year: number) => ({ unique: { yearbooks_year_key: M.yearTaken(year) } });

export async function listYearbooks(deps: AppDeps, user: SessionUser, query: PageQuery) {
  const where = canManageYearbooks(user.role) ? undefined : eq(yearbooks.status, 'published');
  const { limit, offset } = pageWindow(query);
  const rows = await selectYearbooks(deps.db)
    .where(where)
    .orderBy(desc(yearbooks.year))
    .limit(limit)
    .offset(offset);
  // One yearbook a class: the first page usually holds them all, and so tells the total.
  const total =
    totalEndingAt(rows.length, query) ??
    (await deps.db.select({ n: count() }).from(yearbooks).where(where))[0]?.n ??
    0;
  return pageOf(
    rows.map((row) => yearbookDto(user, row)),
    total,
    query,
  );
}

export async function getYearbook(deps: AppDeps, user: SessionUser, id: string) {
  return yearbookDto(user, await visibleYearbookWithFigures(deps.db, user, id));
}

/** Published for the first time: today in Lusaka; a yearbook published before keeps its date. */
const publishedDateFor = (status: YearbookRow['status'], before: string | null, now: Date) =>
  status === 'published' ? (before ?? programmeDate(now)) : before;

const columnsOf = (input: YearbookInput, year: number) => ({
  year,
  title: input.title,
  theme: input.theme ?? null,
  coverImageUrl: input.cover_image_url ?? null,
  status: input.status,
});

export async function createYearbook(deps: AppDeps, user: SessionUser, input: YearbookInput) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  const year = input.year ?? Number(programmeDate(now).slice(0, 4));
  const id = await answeringConstraints(YEAR_TAKEN(year), () =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(yearbooks)
        .values({
          ...columnsOf(input, year),
          createdBy: user.id,
          createdByName: user.name,
          publishedDate: publishedDateFor(input.status, null, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actor: actorOf(user),
        officerId: null,
        entityType: 'yearbook',
        entityId: row!.id,
        action: 'yearbook.created',
        summary: `${user.name} created the ${classOf(year)} yearbook`,
        at: now,
        before: null,
        after: auditedYearbook(row!),
      });
      return row!.id;
    }),
  );
  return getYearbook(deps, user, id);
}

export async function updateYearbook(deps: AppDeps, user: SessionUser, id: string, input: YearbookInput) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await visibleYearbook(tx, user, id, { forUpdate: true });
    const year = input.year ?? before.year;
    const [after] = await answeringConstraints(YEAR_TAKEN(year), () =>
      tx
        .update(yearbooks)
        .set({
          ...columnsOf(input, year),
          publishedDate: publishedDateFor(input.status, before.publishedDate, now),
          updatedAt: now,
        })
        .where(eq(yearbooks.id, id))
        .returning(),
    );
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: 'yearbook',
      entityId: id,
      action: 'yearbook.updated',
      summary: `${user.name} updated the ${classOf(year)} yearbook`,
      at: now,
      before: auditedYearbook(before),
      after: auditedYearbook(after!),
    });
  });
  return getYearbook(deps, user, id);
}

/** Publishes a draft ('It will be visible to everyone'); anything else is refused with 409. */
export async function publishYearbook(deps: AppDeps, user: SessionUser, id: string) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await visibleYearbook(tx, user, id, { forUpdate: true });
    if (before.status !== 'draft') throw conflict(M.onlyDraftsPublished);
    const [after] = await tx
      .update(yearbooks)
      .set({ status: 'published', publishedDate: programmeDate(now), updatedAt: now })
      .where(eq(yearbooks.id, id))
      .returning();
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: 'yearbook',
      entityId: id,
      action: 'yearbook.published',
      summary: `${user.name} published the ${classOf(before.year)} yearbook`,
      at: now,
      before: auditedYearbook(before),
      after: auditedYearbook(after!),
    });
  });
  return getYearbook(deps, user, id);
}

/** Deletes the yearbook with its entries and memories (the foreign keys cascade). */
export async function deleteYearbook(deps: AppDeps, user: SessionUser, id: string) {
  requireYearbookManager(user);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await visibleYearbook(tx, user, id, { forUpdate: true });
    const [[entries], [memories]] = await Promise.all([
      tx.select({ n: count() }).from(yearbookEntries).where(eq(yearbookEntries.yearbookId, id)),
      tx.select({ n: count() }).from(memoryWallPosts).where(eq(memoryWallPosts.yearbookId, id)),
    ]);
    await tx.delete(yearbooks).where(eq(yearbooks.id, id));
    await recordAudit(tx, {
      actor: actorOf(user),
      officerId: null,
      entityType: 'yearbook',
      entityId: id,
      action: 'yearbook.deleted',
      summary: `${user.name} deleted the ${classOf(before.year)} yearbook with ${plural(entries?.n ?? 0, 'entry', 'entries')} and ${plural(memories?.n ?? 0, 'memory', 'memories')}`,
      at: now,
      before: auditedYearbook(before),
      after: null,
    });
  });
}

/** Students whose status is graduated, by full name (Graduating Students); management only. */
export async function listGraduates(deps: AppDeps, user: SessionUser, query: PageQuery & { q?: string }) {
  requireYearbookManager(user);
  return graduatePage(deps.db, query);
}
