import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-env';
import { appManifest } from './settings.service';

/** Where index.html's <link rel="manifest"> points. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The installed app's manifest (issue 48 item 1), answered from the settings rather than built
 * with the app: a renamed organisation's phones show the new name the next time they check.
 * Public like /api/settings/public (a browser fetches a manifest without its cookies), and outside
 * /api so that it sits beside the page as a manifest usually does. Revalidated on every use, so a
 * change of name or colour is never hidden behind a cached copy.
 */
export function webManifestRoutes(deps: AppDeps) {
  const router = new Hono<AppEnv>();
  router.get(MANIFEST_PATH, async (c) => {
    const manifest = await appManifest(deps);
    c.header('Content-Type', 'application/manifest+json; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(JSON.stringify(manifest), 200);
  });
  return router;
}
