import { useEffect, useRef } from 'react';

/**
 * Which screens hold work that is not saved (issue 48 item 1): the app's update prompt asks here
 * before it reloads the page, so that a new version never reloads a form being filled in away.
 * A screen registers a check while it is open (a form's dirty state today; a draft not yet synced
 * once drafts are kept on the phone) and removes it when it closes.
 */
const checks = new Set<() => boolean>();

/** Adds `check` (true while there is unsaved work); the function returned removes it. */
export function registerUnsavedDraft(check: () => boolean): () => void {
  // A wrapper of its own, so that the same function registered twice is removed once at a time.
  const entry = () => check();
  checks.add(entry);
  return () => {
    checks.delete(entry);
  };
}

/** Whether any open screen says it has unsaved changes. */
export function hasUnsavedDraft(): boolean {
  for (const check of checks) if (check()) return true;
  return false;
}

/**
 * While `active` (typed changes not saved): the browser asks before a reload or a closed tab, and
 * the app's update waits (hasUnsavedDraft). In-app navigation is the screen's own business.
 * `keptOnPhone`, when given, says whether what was typed is already kept on the phone (a form's
 * draft, docs/decisions/012): it comes back after the reload, so the reload is not held up asking.
 * The update still waits: it would close the form in the middle of the typing.
 */
export function useLeaveGuard(active: boolean, keptOnPhone?: () => boolean) {
  const kept = useRef(keptOnPhone);
  kept.current = keptOnPhone;
  useEffect(() => {
    if (!active) return;
    const stopLeaving = (event: BeforeUnloadEvent) => {
      if (!kept.current?.()) event.preventDefault();
    };
    window.addEventListener('beforeunload', stopLeaving);
    const unregister = registerUnsavedDraft(() => true);
    return () => {
      window.removeEventListener('beforeunload', stopLeaving);
      unregister();
    };
  }, [active]);
}
