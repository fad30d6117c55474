import { seedDemoData } from '../db/demo-seed';
import { createTestDatabase, type TestDatabase } from './test-database';
import { builtForTheFile } from './test-file';

/** When the demo-seed tests seed: 09:30 in Lusaka on Monday 2 March 2026. */
export const DEMO_SEEDED_AT = new Date('2026-03-02T07:30:00Z');

/**
 * A fresh database holding the demo data as seeded at `now`, for the tests of one file (built
 * before them, closed after them; see builtForTheFile).
 */
export function fileDemoDatabase(now: Date = DEMO_SEEDED_AT): TestDatabase {
  return builtForTheFile('demo database', async () => {
    const database = await createTestDatabase();
    await seedDemoData(database.db, now);
    return database;
  });
}
