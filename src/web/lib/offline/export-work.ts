import type { OfflineDb } from './offline-db';

const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/**
 * Everything not yet synced as one JSON document (signing out asks: sync, export or discard): the
 * outbox's forms as they would be sent, the drafts, and the photos they name as data URLs, so that
 * nothing typed at a student's home is lost with the phone's copy.
 */
export async function exportUnsyncedWork(db: OfflineDb, account: { id: string; name: string }) {
  const [outbox, drafts, photos] = await Promise.all([
    db.outbox.toArray(),
    db.drafts.toArray(),
    db.photos.toArray(),
  ]);
  const images = await Promise.all(
    photos.map(async (photo) => ({
      id: photo.id,
      mime_type: photo.mime_type,
      data_url: await dataUrl(photo.blob),
    })),
  );
  return JSON.stringify(
    {
      account: { id: account.id, name: account.name },
      exported_at: new Date().toISOString(),
      outbox: outbox.map(({ form_id, type, kind, base_version, body, complete, state, message }) => ({
        form_id,
        type,
        kind,
        base_version,
        body,
        complete,
        state,
        message,
      })),
      drafts: drafts.map(({ form_id, type, values, photo_ids }) => ({ form_id, type, values, photo_ids })),
      photos: images,
    },
    null,
    2,
  );
}
