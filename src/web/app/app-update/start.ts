/**
 * Starts the service worker once the page has loaded, so that neither its code nor its first
 * download of the app (the precache) competes with the first screen on a phone's network (issue
 * 22's page weight). A production build only: `npm run dev:web` has no worker to register. A
 * browser without service workers, or one that refuses them (a private window, a test that blocks
 * them), keeps the app as it was: online only, no update prompt.
 */
export function startAppWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./register-worker')
      .then((m) => m.registerAppWorker())
      .catch(() => {
        // Refused or unreachable: the app works on without it.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
