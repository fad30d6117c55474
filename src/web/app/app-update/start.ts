/**
 * How long after the page's load event before the service worker is registered: its install
 * downloads the whole app (about 400 KB compressed) into its precache, which must not compete with
 * what the first screen still fetches once loaded (its lists, the menus' code after first paint)
 * on a phone's network and processor (issue 22's page weight; Lighthouse's blocking time rose with
 * it registered at load). Then only when the browser is idle, or at most IDLE_WAIT_MS later.
 */
export const AFTER_LOAD_MS = 5_000;
const IDLE_WAIT_MS = 10_000;

/** The server answers it from the settings (server/features/settings/web-manifest.routes.ts). */
const MANIFEST_URL = '/manifest.webmanifest';

/**
 * Names the app's manifest. Added with the worker rather than in index.html: a browser fetches a
 * manifest it sees in the page at once, and then its icon, beside the first screen's scripts
 * (Lighthouse's blocking time on the sign-in page rose from about 80 to 220 ms with it there).
 * Browsers read a manifest link added later as well: installing comes after a visit anyway.
 */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST_URL;
  document.head.append(link);
}

/**
 * Starts the service worker once the page has loaded and settled. A production build only: `npm
 * run dev:web` has no worker to register. A browser without service workers, or one that refuses
 * them (a private window, a test that blocks them), keeps the app as it was: online only, no
 * update prompt.
 */
export function startAppWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    linkManifest();
    import('./register-worker')
      .then((m) => m.registerAppWorker())
      .catch(() => {
        // Refused or unreachable: the app works on without it.
      });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: IDLE_WAIT_MS })
      : register();
  const afterLoad = () => setTimeout(whenIdle, AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
