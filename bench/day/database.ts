/**
 * The day's database, ready before the app starts: a fresh embedded PGlite data folder (the app
 * then opens it with DATA_DIR) or a fresh database on the PostgreSQL server named by
 * BENCH_DATABASE_URL (the app then opens it with DATABASE_URL; dropped afterwards). Its rows are
 * seeded by this process, or copied from the seeded day kept between runs (bench/day/cache.ts);
 * DAY_FRESH_SEED=1 seeds afresh and keeps that instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { runMigrations } from '../../src/server/db/migrate';
import type { BenchTarget } from '../harness';
import {
  cacheKey,
  copyCachedFolder,
  copyTemplate,
  databaseExists,
  keepAsTemplate,
  keepFolder,
  onServer,
  templateName,
} from './cache';
import { recordTheNightsBackup } from './morning';
import { seedDay } from './seed';
import { type DayWorld, readSeededDay } from './world';

export interface DayDatabase {
  /** What the app is started with. */
  app: { dataDir?: string; url?: string };
  world: DayWorld;
  /** Seeding, or copying the kept day, and reading its world back. */
  seedSeconds: number;
  /** The cache key when the rows were copied from the kept day rather than seeded now. */
  cacheKey?: string;
  drop(): Promise<void>;
}

export async function prepareDatabase(target: BenchTarget, students: number): Promise<DayDatabase> {
  const started = performance.now();
  const key = cacheKey(students);
  const useCache = process.env.DAY_FRESH_SEED !== '1';
  const prepared = target.serverUrl
    ? await serverDatabase(target.serverUrl, students, key, useCache)
    : await embeddedDatabase(students, key, useCache);
  return { ...prepared, seedSeconds: (performance.now() - started) / 1000 };
}

type Prepared = Omit<DayDatabase, 'seedSeconds'>;

async function seed(db: Database, pool: pg.Pool, students: number): Promise<DayWorld> {
  // A commit need not wait for the disk: a seed cut short is thrown away anyway.
  pool.on('connect', (client) => {
    client.query('set synchronous_commit = off').catch(() => {});
  });
  await runMigrations(pool);
  const world = await seedDay(db, students);
  await db.execute(sql`checkpoint`);
  return world;
}

async function embeddedDatabase(students: number, key: string, useCache: boolean): Promise<Prepared> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-day-'));
  const drop = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const cached = useCache && copyCachedFolder(key, dataDir);
    const embedded = await startEmbeddedPostgres(dataDir);
    const handle = openDatabase(embedded.url, 1);
    let world: DayWorld;
    try {
      world = cached ? await readSeededDay(handle.db) : await seed(handle.db, handle.pool, students);
      await recordTheNightsBackup(handle.db);
    } finally {
      await handle.close();
      await embedded.stop();
    }
    // Kept once the database has stopped, before the app opens (and writes to) the folder.
    if (!cached) keepFolder(key, dataDir);
    return { app: { dataDir }, world, cacheKey: cached ? key : undefined, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function serverDatabase(
  serverUrl: string,
  students: number,
  key: string,
  useCache: boolean,
): Promise<Prepared> {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const cached = useCache && (await onServer(serverUrl, (c) => databaseExists(c, templateName(key))));
  let seeded: DayWorld | undefined;
  if (!cached) {
    const seeding = `chl_day_seeding_${suffix}`;
    await onServer(serverUrl, (c) => c.query(`create database ${seeding}`));
    try {
      const handle = openDatabase(urlOf(serverUrl, seeding), 4);
      try {
        seeded = await seed(handle.db, handle.pool, students);
      } finally {
        await handle.close();
      }
      await onServer(serverUrl, (c) => keepAsTemplate(c, seeding, key));
    } catch (error) {
      await onServer(serverUrl, (c) => c.query(`drop database if exists ${seeding} with (force)`));
      throw error;
    }
  }
  const name = `chl_day_${suffix}`;
  await onServer(serverUrl, (c) => copyTemplate(c, key, name));
  const drop = async () => {
    await onServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
  try {
    const url = urlOf(serverUrl, name);
    // The copy holds the sessions seeded with it, whose tokens this run still has.
    let world = seeded;
    const handle = openDatabase(url, 1);
    try {
      world ??= await readSeededDay(handle.db);
      await recordTheNightsBackup(handle.db);
    } finally {
      await handle.close();
    }
    return { app: { url }, world, cacheKey: cached ? key : undefined, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

function urlOf(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.href;
}
