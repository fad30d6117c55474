import { defineConfig } from '@playwright/test';
import { E2E_APP_URL } from './tests/e2e/support/ports';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // One app and one database for the run; files run side by side, each test makes its own data.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  // CI has twice the time: on a slow machine of the same kind (load average 13 with both workers
  // busy) screens took over 10 s to load and whole tests over a minute, and failed on time alone.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/results.json' }],
  ],
  use: {
    baseURL: E2E_APP_URL,
    // A trace records a screencast of every page as the test runs, which kept Chromium's browser
    // and GPU processes busy for most of both cores: the same tests took 30% longer with it on.
    // So only a retry is traced (CI retries a failed test once); locally, `--trace on` asks for one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 48) is off in the browser tests but one: each test's fresh
    // browser would otherwise download the whole app into its precache beside what it tests, and
    // a worker could answer a spec with a build another spec's server no longer serves.
    // tests/e2e/offline-app.spec.ts allows it and tests it. Production always registers it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
});
