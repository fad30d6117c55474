import { useSyncExternalStore } from 'react';
import { Button } from '../../components/ui';
import { reloadForUpdate, subscribeToUpdate, type UpdateStatus, updateStatus } from './update-offer';

export const UPDATE_READY = 'A new version is ready';
export const UPDATE_HELD = 'Save or discard your changes first, then Reload.';

const MESSAGES: Record<Exclude<UpdateStatus, 'none'>, string> = {
  ready: UPDATE_READY,
  held: UPDATE_HELD,
  reloading: UPDATE_READY,
};

/**
 * "A new version is ready: Reload", at the foot of every screen, signed in or not, once a new
 * version is waiting (issue 48 item 1). A polite live region: read out without taking the focus
 * from what the person is doing; the button is in the tab order like any other.
 */
export function UpdatePrompt() {
  const status = useSyncExternalStore(subscribeToUpdate, updateStatus);
  if (status === 'none') return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      <section
        aria-label="App update"
        className="pointer-events-auto flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-lg"
      >
        <p role="status" aria-live="polite" className="text-sm font-medium text-slate-800">
          {MESSAGES[status]}
        </p>
        <Button
          size="sm"
          loading={status === 'reloading'}
          loadingText="Reloading..."
          onClick={() => reloadForUpdate()}
        >
          Reload
        </Button>
      </section>
    </div>
  );
}
