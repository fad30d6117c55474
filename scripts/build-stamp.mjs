// Last step of `npm run build`: records that dist/ holds a production build of the sources as they
// are now (vite.config.ts builds React for production whatever NODE_ENV says), so `npm start` runs
// it as it is instead of building again.
import { writeFileSync } from 'node:fs';
import { STAMP } from './build-freshness.mjs';

writeFileSync(STAMP, JSON.stringify({ mode: 'production', builtAt: new Date().toISOString() }));
