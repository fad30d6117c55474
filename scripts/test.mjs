// `npm test`: every check the project has, in order, stopping at the first that fails:
// lint, types, layering rules, the Vitest projects (unit, api, components; the api project again on
// PostgreSQL when TEST_DATABASE_URL is set), then the built app's page weights and the browser tests against it. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'chl-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.log(`\n${label}: failed`);
    finish(1);
  }
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function finish(code) {
  countVitest(path.join(reports, 'vitest-pglite.json'));
  countVitest(path.join(reports, 'vitest-postgres.json'));
  countPlaywright(path.join(reports, 'playwright.json'));
  console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exit(code || (totals.failed > 0 ? 1 : 0));
}

const npx = 'npx';
run('Lint and format (biome)', npx, ['biome', 'check', '.']);
run('Types (tsc)', npx, ['tsc', '--noEmit']);
run('Layering rules (dependency-cruiser)', npx, ['depcruise', 'src', '--config', '.dependency-cruiser.cjs']);

const { TEST_DATABASE_URL, ...withoutDatabase } = process.env;
console.log('\n=== Unit and API tests on embedded PostgreSQL (PGlite)');
const pglite = spawnSync(
  npx,
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, 'vitest-pglite.json')}`,
  ],
  { stdio: 'inherit', env: withoutDatabase },
);
if (pglite.status !== 0) finish(1);

if (TEST_DATABASE_URL) {
  run('API tests on PostgreSQL (TEST_DATABASE_URL)', npx, [
    'vitest',
    'run',
    '--project',
    'api',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, 'vitest-postgres.json')}`,
  ]);
} else {
  console.log('\n(TEST_DATABASE_URL not set: API tests ran on PGlite only)');
}

const chromium = findChromium({ install: true });
if (!chromium.path) {
  console.error(`\nNo Chromium for the browser tests. ${chromium.advice}`);
  finish(1);
}
run('Build the app', 'npm', ['run', 'build']);
// Each screen's JavaScript within its budget (issue 22): a screen that grew past it fails here,
// not months later in a Lighthouse run.
run('Page weight (npm run page-weight --sizes-only)', 'node', ['scripts/page-weight.mjs', '--sizes-only']);
run('Browser tests (Playwright + Chromium)', npx, ['playwright', 'test'], {
  CHROMIUM_PATH: chromium.path,
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
});
finish(0);
