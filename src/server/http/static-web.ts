import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/**
 * Serves the built React app: hashed assets cached for a year, every other path answered with
 * index.html so the client router decides (unknown paths redirect there).
 */
export function mountWebApp(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = path.join(webDir, 'index.html');
  const root = path.relative(process.cwd(), webDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
