/**
 * The day's database, seeded by this process before the app starts: a fresh embedded PGlite data
 * folder (the app then opens it with DATA_DIR) or a fresh database on the PostgreSQL server named
 * by BENCH_DATABASE_URL (the app then opens it with DATABASE_URL; dropped afterwards).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { runMigrations } from '../../src/server/db/migrate';
import type { BenchTarget } from '../harness';
import { type DayWorld, seedDay } from './seed';

export interface DayDatabase {
  /** What the app is started with. */
  app: { dataDir?: string; url?: string };
  world: DayWorld;
  seedSeconds: number;
  drop(): Promise<void>;
}

async function serverDatabase(serverUrl: string) {
  const name = `chl_day_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function prepareDatabase(target: BenchTarget, students: number): Promise<DayDatabase> {
  const started = performance.now();
  if (target.serverUrl) {
    const server = await serverDatabase(target.serverUrl);
    const handle = openDatabase(server.url, 4);
    try {
      await runMigrations(handle.pool);
      const world = await seedDay(handle.db, students);
      await handle.db.execute(sql`checkpoint`);
      return {
        app: { url: server.url },
        world,
        seedSeconds: (performance.now() - started) / 1000,
        drop: server.drop,
      };
    } finally {
      await handle.close();
    }
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-day-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  const handle = openDatabase(embedded.url, 1);
  try {
    await runMigrations(handle.pool);
    const world = await seedDay(handle.db, students);
    await handle.db.execute(sql`checkpoint`);
    return {
      app: { dataDir },
      world,
      seedSeconds: (performance.now() - started) / 1000,
      async drop() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await handle.close();
    await embedded.stop();
  }
}
