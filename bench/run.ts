/**
 * `npm run bench [students|allowances|imports|sign-in|bell-and-search|case-work|files|lists|day|page-weight]`: runs each benchmark on embedded PGlite and, when
 * BENCH_DATABASE_URL=postgres://... names a PostgreSQL server, on a fresh database there too
 * (created and dropped). Each run starts its own app and database. Add a benchmark with one line.
 */
import { spawnSync } from 'node:child_process';
import { type BenchTarget, benchTargets } from './harness';

const benches: Array<[string, () => Promise<{ run(target: BenchTarget): Promise<void> }>]> = [
  ['students', () => import('./students.bench')],
  ['allowances', () => import('./allowances.bench')],
  ['allowance-decisions', () => import('./allowance-decisions.bench')],
  ['imports', () => import('./imports.bench')],
  ['upload-stall', () => import('./upload-stall.bench')],
  ['sign-in', () => import('./sign-in.bench')],
  ['bell-and-search', () => import('./bell-and-search.bench')],
  ['case-work', () => import('./case-work.bench')],
  ['files', () => import('./files.bench')],
  ['lists', () => import('./lists.bench')],
  ['day', () => import('./day.bench')],
];

// Last, once for both databases: what the built pages weigh and Lighthouse's scores of them.
const PAGE_WEIGHT = 'page-weight';

const only = process.argv[2];
if (only && only !== PAGE_WEIGHT && !benches.some(([name]) => name === only)) {
  console.error(
    `No benchmark named '${only}'. Known: ${[...benches.map(([name]) => name), PAGE_WEIGHT].join(', ')}.`,
  );
  process.exit(2);
}
const targets = benchTargets();
if (!process.env.BENCH_DATABASE_URL) console.log('(BENCH_DATABASE_URL not set: embedded PGlite only)');
for (const [name, loadBench] of benches) {
  if (only && only !== name) continue;
  for (const target of targets) {
    console.log(`\n=== ${name} on ${target.label} ===`);
    const started = performance.now();
    await (await loadBench()).run(target);
    console.log(`(${name} on ${target.label}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
}
if (!only || only === PAGE_WEIGHT) {
  console.log(`\n=== ${PAGE_WEIGHT} (the build in dist/: npm run build first) ===`);
  spawnSync(process.execPath, ['scripts/page-weight.mjs'], { stdio: 'inherit' });
}
process.exit(0);
