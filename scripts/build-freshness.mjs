// Whether dist/ holds a production build of the current sources, for `npm start` (decisions in
// docs/decisions/005-safe-by-default.md): a missing, stale or development build is rebuilt.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const STAMP = 'dist/.build-stamp';
/** What a build is made from, besides the packages: any change here means a new build. */
const SOURCES = [
  'src',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/vite-precompress.mjs',
  'scripts/vite-pure-contracts.mjs',
  'scripts/vite-app-worker.mjs',
  'package-lock.json',
];

function newestTime(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return file.includes('.test.') ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestTime(path.join(file, entry)));
  return newest;
}

/** The stamp `npm start` writes after a production build, or null when there is none it can read. */
function readStamp(root) {
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** A reason to build, or null when dist/ is a production build newer than every source. */
export function reasonToBuild(root = '.') {
  const at = (p) => path.join(root, p);
  if (!existsSync(at('dist/web/index.html')) || !existsSync(at('dist/server/main.js'))) return 'no build yet';
  const stamp = readStamp(root);
  if (stamp?.mode !== 'production') return 'the build is not a production build';
  const sources = Math.max(...SOURCES.map((s) => newestTime(at(s))));
  if (statSync(at(STAMP)).mtimeMs < sources) return 'the sources changed';
  return null;
}
