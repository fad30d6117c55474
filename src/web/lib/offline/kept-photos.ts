import { ApiError, failedCall, NETWORK_ERROR_CODE } from '../api';
import type { OfflineDb } from './offline-db';
import { resizePhoto } from './photo-resize';

/** A photo from the camera, resized and kept on the phone until its form is sent; its new id. */
export async function keepPhoto(db: OfflineDb, file: Blob): Promise<string> {
  const blob = await resizePhoto(file);
  const id = crypto.randomUUID();
  await db.photos.put({ id, blob, mime_type: blob.type || 'image/jpeg', uploaded: false });
  return id;
}

/**
 * Uploads, before the form naming them, the kept photos the server does not have yet (the edit
 * screen's save with the network; the outbox does the same in sync.ts). Fails as the API does: an
 * ApiError, status 0 when nothing answered, so the screen then keeps the form in the outbox.
 */
export async function uploadKeptPhotos(db: OfflineDb, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const photo = await db.photos.get(id);
    if (!photo || photo.uploaded) continue;
    const path = `/api/form-photos/${id}`;
    let response: Response;
    try {
      response = await fetch(path, {
        method: 'PUT',
        headers: { 'Content-Type': photo.mime_type },
        body: photo.blob,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, '', NETWORK_ERROR_CODE);
    }
    if (!response.ok) throw failedCall(path, response.status, await response.json().catch(() => null));
    await db.photos.update(id, { uploaded: true });
  }
}
