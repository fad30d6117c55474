import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { startEmbeddedPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';

/** Opens the configured database (a server, or embedded PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(
  config: Config,
): Promise<DatabaseHandle & { embedded: boolean }> {
  if (config.databaseUrl) {
    const handle = openDatabase(config.databaseUrl, config.databasePoolSize);
    await runMigrations(handle.pool);
    return { ...handle, embedded: false };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir);
  // PGlite serves one connection; the pool must not open more.
  const handle = openDatabase(embedded.url, 1);
  await runMigrations(handle.pool);
  return {
    ...handle,
    embedded: true,
    async close() {
      await handle.close();
      await embedded.stop();
    },
  };
}
