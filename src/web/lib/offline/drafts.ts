import type { Draft, OfflineDb } from './offline-db';

/** Keeps the form being filled in (each change, debounced by the dialog). */
export async function saveDraft(db: OfflineDb, draft: Omit<Draft, 'updated_at'>, now = Date.now()) {
  await db.drafts.put({ ...draft, updated_at: now });
}

/** The drafts to offer back ("Continue your draft"), the latest first. */
export const keptDrafts = async (db: OfflineDb) =>
  (await db.drafts.orderBy('updated_at').toArray()).reverse();

/**
 * The officer discarded the draft, or the server took the form: it goes, with the photos that only
 * it names (a photo the outbox's copy of the same form names stays for its upload).
 */
export async function dropDraft(db: OfflineDb, formId: string): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, db.photos, async () => {
    const draft = await db.drafts.get(formId);
    if (!draft) return;
    await db.drafts.delete(formId);
    const waiting = new Set((await db.outbox.get(formId))?.body.photo_ids ?? []);
    await db.photos.bulkDelete(draft.photo_ids.filter((id) => !waiting.has(id)));
  });
}
