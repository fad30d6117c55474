import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import type { AppEnv } from '../app-env';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * The headers of a file found: how long to keep it, and, for every file that may have compressed
 * copies, Accept-Encoding in Vary (on the copy sent as it is too), so that a shared cache keeps one
 * per encoding instead of handing out whichever it saw first. Set on the answer itself: serveStatic's
 * onFound runs once the answer is made, and a Response copies the headers it was given.
 */
function withHeaders(files: MiddlewareHandler<AppEnv>, cacheControl: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const res = await files(c, next);
    // Not found: serveStatic handed over to the next handler, which has answered already.
    if (!(res instanceof Response)) return res;
    res.headers.set('Cache-Control', cacheControl);
    const vary = res.headers.get('Vary') ?? '';
    if (
      COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') &&
      !/accept-encoding/i.test(vary)
    ) {
      res.headers.append('Vary', 'Accept-Encoding');
    }
    return res;
  };
}

/**
 * Serves the built React app: hashed assets cached for a year, every other path answered with
 * index.html so the client router decides (unknown paths redirect there). Each text file goes out
 * as the brotli or gzip copy the build made of it when the browser accepts one, else as it is.
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = path.join(webDir, 'index.html');
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use('/assets/*', withHeaders(serveStatic({ root, precompressed: true }), YEAR));
  const files = withHeaders(serveStatic({ root, precompressed: true }), REVALIDATE);
  // Not the build's own records (.vite/manifest.json): those paths get index.html like any other.
  const publicFiles: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.path.includes('/.') ? next() : files(c, next);
  app.use('*', publicFiles);
  const index = withHeaders(serveStatic({ root, path: 'index.html', precompressed: true }), REVALIDATE);
  app.get('*', async (c, next) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    return index(c, next);
  });
}
