import { offerUpdate } from './update-offer';

/** The worker vite-plugin-pwa generates (scripts/vite-app-worker.mjs), served by the server. */
export const WORKER_URL = '/sw.js';
/** How often an open page asks whether a new version was deployed (a navigation asks as well). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * How long Reload waits for the new version to take over before reloading anyway: Chromium
 * activates it only once the old worker is idle, which a busy (or debugged) worker may not be for
 * minutes, and the page said "Reloading..." all that while (seen in the browser tests).
 */
export const TAKEOVER_WAIT_MS = 5_000;

/** What this file uses of the browser, so that the unit tests can hand in their own. */
export interface WorkerHost {
  container: Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>;
  reload: () => void;
  every: (ms: number, run: () => void) => void;
  after: (ms: number, run: () => void) => void;
}

const browserHost = (): WorkerHost => ({
  container: navigator.serviceWorker,
  reload: () => window.location.reload(),
  every: (ms, run) => {
    setInterval(run, ms);
  },
  after: (ms, run) => {
    setTimeout(run, ms);
  },
});

/**
 * Registers the app's service worker and turns a new version into an offer (update-offer.ts):
 *  - a worker installed while this page is controlled by an older one waits (the worker never
 *    skips waiting by itself): offered, and on Reload asked to take over (SKIP_WAITING, which
 *    Workbox's generated worker answers); this page reloads once it has, or after
 *    TAKEOVER_WAIT_MS if it has not (the reload itself lets the old worker go);
 *  - a new worker that took over because another tab pressed Reload: this page's code is now older
 *    than the worker's, so it is offered too, and Reload reloads; it never reloads by itself.
 * The first install (no page controlled yet) offers nothing: there is no older version to leave.
 */
export async function registerAppWorker(
  host: WorkerHost = browserHost(),
): Promise<ServiceWorkerRegistration> {
  const { container } = host;
  const registration = await container.register(WORKER_URL, { scope: '/' });
  let takeoverAsked = false;
  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    host.reload();
  };

  const offerWaiting = () => {
    const waiting = registration.waiting;
    if (!waiting || !container.controller) return;
    offerUpdate(() => {
      takeoverAsked = true;
      waiting.postMessage({ type: 'SKIP_WAITING' });
      host.after(TAKEOVER_WAIT_MS, reloadOnce);
    });
  };

  offerWaiting();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offerWaiting();
    });
  });
  container.addEventListener('controllerchange', () => {
    if (takeoverAsked) reloadOnce();
    else offerUpdate(host.reload);
  });
  host.every(UPDATE_CHECK_MS, () => {
    registration.update().catch(() => {
      // Offline or the server unreachable: the next check, or the next navigation, tries again.
    });
  });
  return registration;
}
