import { useEffect, useMemo, useRef } from 'react';
import { dropDraft, saveDraft } from '../../lib/offline/drafts';
import type { Draft } from '../../lib/offline/offline-db';
import type { OfflineWork } from './offline-provider';

/** A change is on the phone this long after it was typed at most (issue 48 item 3: half a second). */
export const DRAFT_DELAY_MS = 300;

/**
 * Keeps a form being filled in as a draft on the phone: `keep(draft)` at each change writes it
 * DRAFT_DELAY_MS later (one write for a burst of typing); `forget()` once the form is saved or
 * discarded removes it and ignores a write still pending. Without the offline work (a screen's
 * test) it does nothing.
 */
export function useDraftKeeper(work: OfflineWork | null) {
  const timer = useRef<number | undefined>(undefined);
  const done = useRef(false);
  const db = work?.db;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      keep(draft: Omit<Draft, 'updated_at'>) {
        if (!db || done.current) return;
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => {
          if (!done.current) void saveDraft(db, draft);
        }, DRAFT_DELAY_MS);
      },
      async forget(formId: string) {
        done.current = true;
        window.clearTimeout(timer.current);
        if (db) await dropDraft(db, formId);
      },
      /** Saved to the outbox: the draft has become its record (putInOutbox removes it). */
      stop() {
        done.current = true;
        window.clearTimeout(timer.current);
      },
    }),
    [db],
  );
}
