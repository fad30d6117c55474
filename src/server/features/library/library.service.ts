import { randomUUID } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Resource, ResourceInput, ResourceListQuery } from '../../../contracts/library';
import {
  detectMediaType,
  LIBRARY_MESSAGES as M,
  RESOURCE_TYPE_LABELS,
  type ResourceType,
} from '../../../domain/library';
import { detectFileType, FILE_MESSAGES, FILE_TYPES, safeFileName } from '../../../domain/student-files';
import type { AppDeps, SessionUser } from '../../app-env';
import { opensOn, searchSource } from '../../area-sources';
import type { Tx } from '../../db/client';
import { recordColumns } from '../../db/record-columns';
import { libraryOpens, libraryRatings, libraryResources } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/file-upload';
import { programmeDate } from '../../programme-time';
import { fileStore } from '../../storage/file-store';
import { areaAudit, recordChangeAudit } from '../audit/audit.service';
import { resourceListPage } from './library-list-page';
import { found, type Row, resourceDto, resourceSearch } from './library-records';

/*
 * The Students Library (docs/product.md §2, §3, D11, D14): staff add, edit and delete resources;
 * every signed-in user browses, opens (counted once per user per Lusaka day) and rates them (one
 * rating each, changeable; the average is recomputed in the same transaction).
 */

const newest = [desc(libraryResources.createdAt), desc(libraryResources.id)];

/** The library list (ResourceListResponse): the page's items with the caller's own stars, its total and the tiles. */
export function listResources(deps: AppDeps, user: SessionUser, query: ResourceListQuery) {
  return resourceListPage(deps.db, user.id, query);
}

export async function getResource(deps: AppDeps, user: SessionUser, id: string): Promise<Resource> {
  return resourceDto(await found(deps.db, user, id));
}

const audited = (r: Row['resource']) => ({
  title: r.title,
  author: r.author,
  type: r.type,
  category: r.category,
  url: r.url,
  file_name: r.fileName,
});

const auditFile = areaAudit('library_resource', 'library');
const audit = recordChangeAudit('library_resource', audited, 'library');

const values = (input: ResourceInput) => ({
  title: input.title,
  description: input.description ?? null,
  author: input.author ?? null,
  tags: [...new Set(input.tags)],
  type: input.type,
  category: input.category,
  thumbnailUrl: input.thumbnail_url ?? null,
  duration: input.duration ?? null,
  url: input.url ?? null,
});

export async function createResource(
  deps: AppDeps,
  user: SessionUser,
  input: ResourceInput,
): Promise<Resource> {
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [added] = await tx
      .insert(libraryResources)
      .values({ ...values(input), createdById: user.id, createdAt: now, updatedAt: now })
      .returning();
    await audit(
      tx,
      user,
      now,
      'created',
      `${user.name} added "${added!.title}" to the library`,
      null,
      added!,
    );
    return added!.id;
  });
  return getResource(deps, user, id);
}

async function locked(tx: Tx, id: string) {
  const [row] = await tx
    .select(recordColumns(libraryResources))
    .from(libraryResources)
    .where(eq(libraryResources.id, id))
    .for('update');
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function updateResource(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  input: ResourceInput,
): Promise<Resource> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await locked(tx, id);
    const [after] = await tx
      .update(libraryResources)
      .set({ ...values(input), updatedAt: now })
      .where(eq(libraryResources.id, id))
      .returning();
    await audit(tx, user, now, 'updated', `${user.name} edited "${after!.title}"`, before, after!);
  });
  return getResource(deps, user, id);
}

export async function deleteResource(deps: AppDeps, user: SessionUser, id: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (before.storageKey) await fileStore().remove(tx, before.storageKey);
    await tx.delete(libraryResources).where(eq(libraryResources.id, id));
    await audit(
      tx,
      user,
      now,
      'deleted',
      `${user.name} deleted "${before.title}" from the library`,
      before,
      null,
    );
  });
}

/** A book is a PDF (or a text file); audio and video are the media a browser plays. */
function libraryFileType(type: string, file: UploadedFile): string | null {
  if (type === 'book') {
    const found = detectFileType(file.chunks, file.name);
    return found === FILE_TYPES.pdf || found === FILE_TYPES.text ? found : null;
  }
  const media = detectMediaType(Buffer.concat(file.chunks.slice(0, 4)).subarray(0, 64));
  if (!media) return null;
  return type === 'video'
    ? media.startsWith('video/')
      ? media
      : null
    : media.startsWith('audio/') || media === 'video/mp4'
      ? media
      : null;
}

/** Uploads (or replaces) the resource's file. */
export async function putResourceFile(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  file: UploadedFile | null,
): Promise<Resource> {
  if (!file || file.name === '')
    throw badRequest(FILE_MESSAGES.fileRequired, { file: FILE_MESSAGES.fileRequired });
  if (file.size === 0) throw badRequest(FILE_MESSAGES.empty, { file: FILE_MESSAGES.empty });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await locked(tx, id);
    const mimeType = libraryFileType(before.type, file);
    if (!mimeType)
      throw new HttpError(
        415,
        before.type === 'book'
          ? 'A book must be a PDF or a plain text file.'
          : 'Upload an audio or video file: MP3, M4A, OGG, MP4 or WebM.',
      );
    if (before.storageKey) await fileStore().remove(tx, before.storageKey);
    const storageKey = randomUUID();
    await fileStore().save(tx, storageKey, file.chunks);
    const name = safeFileName(file.name);
    await tx
      .update(libraryResources)
      .set({ storageKey, fileName: name, mimeType, fileSize: file.size, updatedAt: now })
      .where(eq(libraryResources.id, id));
    await auditFile(
      tx,
      user,
      now,
      id,
      'file',
      `${user.name} uploaded ${name} for "${before.title}"`,
      { file_name: before.fileName },
      { file_name: name },
    );
  });
  return getResource(deps, user, id);
}

/**
 * The resource's own file, read in the app or downloaded: opening the resource itself, so it
 * counts as a download (countOpen); its details alone never do (issue 46).
 */
export async function resourceFile(deps: AppDeps, user: SessionUser, id: string) {
  const { resource } = await found(deps.db, user, id);
  if (!resource.storageKey || !resource.mimeType || !resource.fileName) throw notFound(M.noSource);
  const body = await fileStore().open(deps.db, resource.storageKey);
  if (!body) throw notFound(M.noSource);
  await countOpen(deps, user, id);
  return {
    body,
    file: { name: resource.fileName, mimeType: resource.mimeType, size: resource.fileSize ?? 0 },
  };
}

/**
 * The resource itself opened: its link followed (POST /open, as the screen's link is clicked: the
 * server does not see the other site) or its file read (resourceFile). Counted once per user per
 * Lusaka day.
 */
async function countOpen(deps: AppDeps, user: SessionUser, id: string): Promise<{ downloads: number }> {
  return deps.db.transaction(async (tx) => {
    await locked(tx, id);
    const first = await tx
      .insert(libraryOpens)
      .values({ resourceId: id, userId: user.id, day: programmeDate(deps.clock.now()) })
      .onConflictDoNothing()
      .returning({ day: libraryOpens.day });
    const [after] = await tx
      .update(libraryResources)
      .set({ downloads: sql`${libraryResources.downloads} + ${first.length}` })
      .where(eq(libraryResources.id, id))
      .returning({ downloads: libraryResources.downloads });
    return { downloads: after!.downloads };
  });
}

/** Open link: the resource's link followed from the screen, counted like its file read. */
export const openResource = countOpen;

/** One rating per user, changeable; the figures follow in the same transaction. */
export async function rateResource(deps: AppDeps, user: SessionUser, id: string, stars: number) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await locked(tx, id);
    await tx
      .insert(libraryRatings)
      .values({ resourceId: id, userId: user.id, stars, ratedAt: now })
      .onConflictDoUpdate({
        target: [libraryRatings.resourceId, libraryRatings.userId],
        set: { stars, ratedAt: now },
      });
    const [figures] = await tx
      .select({ average: sql<string>`coalesce(round(avg(${libraryRatings.stars}), 2), 0)`, n: count() })
      .from(libraryRatings)
      .where(eq(libraryRatings.resourceId, id));
    await tx
      .update(libraryResources)
      .set({ ratingAverage: String(figures!.average), ratingCount: figures!.n })
      .where(eq(libraryResources.id, id));
    return { rating_average: Number(figures!.average), rating_count: figures!.n, my_rating: stars };
  });
}

/** Library resources in the top bar's search, for every signed-in user. */
export const librarySearchSource = searchSource({
  area: 'library',
  label: 'Library',
  readableBy: () => true,
  // What the item shows, not the whole resource with the user's rating.
  rows: (db) =>
    db
      .select({
        id: libraryResources.id,
        title: libraryResources.title,
        type: libraryResources.type,
        author: libraryResources.author,
      })
      .from(libraryResources)
      .$dynamic(),
  matching: (term) => resourceSearch(term.text),
  order: newest,
  item: (r) => ({
    title: r.title,
    detail: `${RESOURCE_TYPE_LABELS[r.type as ResourceType] ?? r.type}${r.author ? ` · ${r.author}` : ''}`,
  }),
  opens: opensOn('/library'),
});
