import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { type SuperviseOptions, startEmbeddedPostgres } from './db/embedded-postgres';
import { runMigrations } from './db/migrate';
import { createLogger } from './http/logger';

/** Opens the configured database (a server, or embedded PGlite in DATA_DIR) and migrates it. */
export async function openConfiguredDatabase(
  config: Config,
): Promise<
  DatabaseHandle & { embedded: boolean; embeddedThreadId?: () => number; killEmbedded?: () => Promise<void> }
> {
  if (config.databaseUrl) {
    const handle = openDatabase(config.databaseUrl, config.databasePoolSize);
    await runMigrations(handle.pool);
    return { ...handle, embedded: false };
  }
  const embedded = await startEmbeddedPostgres(config.dataDir, superviseWorker);
  // PGlite serves one connection; the pool must not open more.
  const handle = openDatabase(() => embedded.url, 1);
  await runMigrations(handle.pool);
  return {
    ...handle,
    embedded: true,
    embeddedThreadId: () => embedded.threadId,
    killEmbedded: () => embedded.kill(),
    async close() {
      await handle.close();
      await embedded.stop();
    },
  };
}

/**
 * A worker killed under the app is started again; requests meanwhile answer 503. One that cannot
 * be started again ends the process with a clear line, so a service manager restarts it whole.
 */
const workerLog = createLogger();
const superviseWorker: SuperviseOptions = {
  onEvent(event) {
    const { type, ...details } = event;
    if (type === 'restarted') workerLog.info('embedded database restarted', details);
    else if (type === 'died')
      workerLog.error('embedded database stopped unexpectedly; restarting it', details);
    else workerLog.error('embedded database restart failed', details);
  },
  onGiveUp(message) {
    console.error(message);
    process.exit(1);
  },
};
