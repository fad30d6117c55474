import { createHash, randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { FormPhoto } from '../../../contracts/forms';
import { FORM_MESSAGES as M, MAX_PHOTO_BYTES } from '../../../domain/forms';
import { detectFileType, FILE_TYPES } from '../../../domain/student-files';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx, Tx } from '../../db/client';
import { formPhotos } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { fileDownloadHeaders } from '../../http/file-download';
import { fileStore } from '../../storage/file-store';
import { visibleForm } from './form-records';

/*
 * Photos of a home visit (issue 48, item 7): uploaded once each under the id the phone gave it
 * (sent again, the same bytes answer the stored photo), before the form that names it. The bytes
 * go to the file store like a student file's (docs/decisions/008). A photo no form names is its
 * uploader's alone; once named, whoever reaches the form sees it.
 */

const PHOTO_TYPES: readonly string[] = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.webp];

type PhotoRow = typeof formPhotos.$inferSelect;

const photoDto = (row: PhotoRow): FormPhoto => ({
  id: row.id,
  mime_type: row.mimeType,
  size: row.size,
  form_id: row.formId,
  created_at: row.createdAt.toISOString(),
});

/** The request's body as its chunks, refused with 413 past MAX_PHOTO_BYTES (one byte more is enough to tell). */
export async function readPhotoBody(body: ReadableStream<Uint8Array> | null): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!body) return chunks;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    size += value.byteLength;
    if (size > MAX_PHOTO_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new HttpError(413, M.photoTooLarge);
    }
    chunks.push(Buffer.from(value));
  }
}

/**
 * Keeps a photo under `id`: 201 the first time; the same bytes by the same uploader again answer
 * the stored photo (`created` false); other bytes, or another uploader, 409. Only JPEG, PNG and
 * WebP, as found from the content (400 otherwise).
 */
export async function putPhoto(
  deps: AppDeps,
  user: SessionUser,
  id: string,
  chunks: Buffer[],
): Promise<{ photo: FormPhoto; created: boolean }> {
  const size = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  if (size === 0) throw badRequest(M.photoEmpty);
  const mimeType = detectFileType(chunks, 'photo');
  if (!mimeType || !PHOTO_TYPES.includes(mimeType)) throw badRequest(M.photoNotImage);
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  const sha256 = hash.digest('hex');
  return deps.db.transaction(async (tx) => {
    const storageKey = randomUUID();
    // On PostgreSQL a second insert of the same id waits for the first to commit, then adds nothing.
    const [added] = await tx
      .insert(formPhotos)
      .values({ id, uploadedById: user.id, mimeType, size, sha256, storageKey, createdAt: deps.clock.now() })
      .onConflictDoNothing({ target: formPhotos.id })
      .returning();
    if (added) {
      await fileStore().save(tx, storageKey, chunks);
      return { photo: photoDto(added), created: true };
    }
    const [stored] = await tx.select().from(formPhotos).where(eq(formPhotos.id, id));
    if (!stored || stored.uploadedById !== user.id || stored.sha256 !== sha256)
      throw conflict(M.photoIdTaken);
    return { photo: photoDto(stored), created: false };
  });
}

/** The photo, if the user reaches it: their own not yet named by a form, or one of a form they reach. */
async function visiblePhoto(db: DbOrTx, user: SessionUser, id: string): Promise<PhotoRow> {
  const [photo] = await db.select().from(formPhotos).where(eq(formPhotos.id, id));
  if (!photo) throw notFound(M.photoNotFound);
  if (photo.formId === null) {
    if (photo.uploadedById !== user.id) throw notFound(M.photoNotFound);
  } else {
    await visibleForm(db, user, photo.formId).catch(() => {
      throw notFound(M.photoNotFound);
    });
  }
  return photo;
}

/** The photo's bytes and the headers to send them with (an attachment, never run; an <img> shows it). */
export async function openPhoto(deps: AppDeps, user: SessionUser, id: string) {
  const photo = await visiblePhoto(deps.db, user, id);
  const body = await fileStore().open(deps.db, photo.storageKey);
  if (!body) throw notFound(M.photoNotFound);
  const extension = photo.mimeType.split('/')[1] ?? 'img';
  return { body, headers: fileDownloadHeaders({ ...photo, name: `photo-${photo.id}.${extension}` }) };
}

/**
 * Makes `photoIds` the photos the form names: each must be uploaded already, and be the caller's
 * own not yet named by a form, or already this form's (400 on photo_ids otherwise). Photos the form
 * no longer names are their uploaders' again.
 */
export async function namePhotos(tx: Tx, user: SessionUser, formId: string, photoIds: readonly string[]) {
  if (photoIds.length > 0) {
    const usable = await tx
      .select({ id: formPhotos.id })
      .from(formPhotos)
      .where(
        and(
          inArray(formPhotos.id, [...photoIds]),
          or(
            eq(formPhotos.formId, formId),
            and(isNull(formPhotos.formId), eq(formPhotos.uploadedById, user.id)),
          ),
        ),
      )
      .for('update');
    const found = new Set(usable.map((row) => row.id));
    const missing = photoIds.find((id) => !found.has(id));
    if (missing) throw badRequest(M.photoMissing, { photo_ids: `${M.photoMissing} (${missing})` });
  }
  await tx
    .update(formPhotos)
    .set({ formId: null })
    .where(
      and(
        eq(formPhotos.formId, formId),
        photoIds.length > 0 ? notInArray(formPhotos.id, [...photoIds]) : undefined,
      ),
    );
  if (photoIds.length > 0)
    await tx
      .update(formPhotos)
      .set({ formId })
      .where(inArray(formPhotos.id, [...photoIds]));
}

/** The bytes of a form's photos, oldest first, for its PDF. */
export async function photoBytes(db: DbOrTx, photoIds: readonly string[]) {
  if (photoIds.length === 0) return [];
  const rows = await db
    .select()
    .from(formPhotos)
    .where(inArray(formPhotos.id, [...photoIds]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const photos: Array<{ mimeType: string; bytes: Buffer }> = [];
  for (const id of photoIds) {
    const row = byId.get(id);
    const stream = row && (await fileStore().open(db, row.storageKey));
    if (!row || !stream) continue;
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    photos.push({ mimeType: row.mimeType, bytes: Buffer.concat(chunks) });
  }
  return photos;
}

/**
 * How long a photo no form names is kept: long enough for a visit kept on a phone without signal
 * to come back and name it (the phone sends its photos again before the form if they are gone),
 * short enough that a visit never sent, or a photo taken off a form, does not stay for ever.
 */
export const UNNAMED_PHOTO_KEEP_DAYS = 30;
const PURGE_BATCH = 100;

/**
 * Deletes, with their bytes, the photos no form has named for UNNAMED_PHOTO_KEEP_DAYS (counted
 * from the upload). Safe with several processes: each takes the rows it can lock (SKIP LOCKED), and
 * a form naming a photo at the same moment either waits and finds it gone (400, the phone uploads
 * it again) or holds it first and keeps it.
 */
export async function purgeUnnamedPhotos(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - UNNAMED_PHOTO_KEEP_DAYS * 24 * 60 * 60 * 1000);
  let purged = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: formPhotos.id, storageKey: formPhotos.storageKey })
        .from(formPhotos)
        .where(and(isNull(formPhotos.formId), lt(formPhotos.createdAt, cutoff)))
        .limit(PURGE_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx.delete(formPhotos).where(
        inArray(
          formPhotos.id,
          rows.map((row) => row.id),
        ),
      );
      for (const row of rows) await fileStore().remove(tx, row.storageKey);
      return rows.length;
    });
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
