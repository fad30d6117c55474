import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';

const require = createRequire(import.meta.url);

const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CHL Back-office API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="swagger"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;

// In a file of its own, not inline, so the Content-Security-Policy can forbid inline script.
const INIT_JS = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger' });`;

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** A docs page for the OpenAPI document, served from the swagger-ui-dist package (no CDN). */
export function mountApiDocs(app: Hono<AppEnv>): void {
  const distDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  app.get('/api/docs', (c) => c.html(DOCS_HTML));
  app.get('/api/docs/init.js', (c) =>
    c.body(INIT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );
  app.get('/api/docs/assets/:file', (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) return c.json({ error: 'Not found' }, 404);
    return c.body(readFileSync(path.join(distDir, file)), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
    });
  });
}
