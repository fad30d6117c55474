import { hasUnsavedDraft } from '../../lib/unsaved-work';

/**
 * A new version of the app, once its service worker is installed and waiting (register-worker.ts):
 * offered to the person, applied only when they press Reload, and held while a screen has unsaved
 * changes (lib/unsaved-work.ts), so that an update never reloads a form away (issue 48 item 1).
 *  - none: nothing new.
 *  - ready: "A new version is ready" with Reload.
 *  - held: Reload was pressed while a screen has unsaved changes: nothing reloaded; the prompt
 *    asks to save or discard them first, and Reload stays to try again.
 *  - reloading: the new version is taking over; the page reloads when it has.
 */
export type UpdateStatus = 'none' | 'ready' | 'held' | 'reloading';

let status: UpdateStatus = 'none';
let apply: (() => void) | null = null;
const listeners = new Set<() => void>();

function setStatus(next: UpdateStatus) {
  status = next;
  for (const listener of listeners) listener();
}

/** Offers a new version; `applyUpdate` makes it take over and reloads (only ever on Reload). */
export function offerUpdate(applyUpdate: () => void): void {
  apply = applyUpdate;
  // Already on its way: a second worker found meanwhile is taken by the same reload.
  if (status !== 'reloading') setStatus('ready');
}

/** Reload pressed: applies the update, unless a screen has unsaved changes (then held). */
export function reloadForUpdate(): UpdateStatus {
  if (!apply || status === 'reloading') return status;
  if (hasUnsavedDraft()) {
    setStatus('held');
    return status;
  }
  setStatus('reloading');
  apply();
  return status;
}

export function updateStatus(): UpdateStatus {
  return status;
}

/** For useSyncExternalStore: `listener` runs on every change of status. */
export function subscribeToUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Back to no update offered: for tests, which share this module's state. */
export function forgetUpdateOffer(): void {
  apply = null;
  setStatus('none');
}
