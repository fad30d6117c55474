import { useEffect, useMemo, useRef } from 'react';
import { dropDraft, saveDraft } from '../../lib/offline/drafts';
import type { Draft } from '../../lib/offline/offline-db';
import type { OfflineWork } from './offline-provider';

/** A change is on the phone this long after it was typed at most (issue 48 item 3: half a second). */
export const DRAFT_DELAY_MS = 300;

/**
 * Keeps a form being filled in as a draft on the phone: `keep(draft)` at each change writes it
 * DRAFT_DELAY_MS later (one write for a burst of typing); `forget()` once the form is saved or
 * discarded removes it and ignores a write still pending; `isKept()` says whether the last change
 * is on the phone now (so a reload loses nothing). Without the offline work (a screen's test) it
 * does nothing and nothing is kept.
 */
export function useDraftKeeper(work: OfflineWork | null) {
  const timer = useRef<number | undefined>(undefined);
  const done = useRef(false);
  // Changes asked to be kept, and the latest of them written: equal when nothing is pending.
  const asked = useRef(0);
  const written = useRef(0);
  const db = work?.db;
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      keep(draft: Omit<Draft, 'updated_at'>) {
        if (!db || done.current) return;
        window.clearTimeout(timer.current);
        const change = ++asked.current;
        timer.current = window.setTimeout(() => {
          if (done.current) return;
          // A failed write (the phone's storage full) leaves the change unkept: a reload asks first.
          void saveDraft(db, draft).then(
            () => {
              written.current = Math.max(written.current, change);
            },
            () => undefined,
          );
        }, DRAFT_DELAY_MS);
      },
      isKept: () => Boolean(db) && !done.current && asked.current > 0 && written.current === asked.current,
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
