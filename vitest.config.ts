import { defineConfig } from 'vitest/config';

// Three kinds of test, each its own project (`vitest run --project api`); the browser tests are
// Playwright's (tests/e2e). A test's kind follows from where it sits and how it ends.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Vitest runs one file at a time on a two-core machine (its default is the cores less one).
    // Two side by side took the PostgreSQL pass from about 1,200 s of test time to 655 s: API
    // tests spend much of theirs waiting on the database, not on the core.
    maxWorkers: 2,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure code: no database, no DOM.
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          // The server through HTTP or its modules. Each API test file starts its own embedded
          // PostgreSQL, from one database migrated for the run; forks keep their memory apart.
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // Each fork runs its files one after another with the modules it imported once: importing
          // the server again for every file took 188 s of the pass's 395 s on PGlite (now 10 s of
          // 182 s). Every file still makes its own database, and no test changes a module's state.
          isolate: false,
          // One migrated database image for the run, which each file's database starts from.
          globalSetup: ['src/server/testing/migrated-image.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          // React components rendered into a DOM (a project with no files yet runs nothing).
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
