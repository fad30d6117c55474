/**
 * `npm run bench`: runs each benchmark module in turn; each starts its own app and database.
 * Add a benchmark with one line below. Set BENCH_DATABASE_URL=postgres://... to run on a
 * PostgreSQL server (a fresh database is created and dropped); otherwise embedded PGlite.
 */
export {};

const benches: Array<[string, () => Promise<{ run(): Promise<void> }>]> = [
  ['students', () => import('./students.bench')],
  ['allowances', () => import('./allowances.bench')],
];

const only = process.argv[2];
for (const [name, loadBench] of benches) {
  if (only && only !== name) continue;
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  await (await loadBench()).run();
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(0);
