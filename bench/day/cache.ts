/**
 * The seeded day kept between runs (seeding 600,000 allowances takes minutes): an embedded PGlite
 * data folder under ~/.cache/chl-bench (or $XDG_CACHE_HOME/chl-bench), and on a PostgreSQL server a
 * database `chl_day_cache_<key>` that each run's database is made from as a template. The key is a
 * hash of what the seeded rows depend on (the migrations, the seeders and the factories they use,
 * the domain's constants, PGlite's version), the number of students and the day in Lusaka (the
 * rows are dated from the day they are seeded). Only the newest key is kept. A run never writes
 * to the cache: it works on its own copy.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lusakaDate } from '../../src/domain/dates';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const SOURCES = [
  'src/server/db/migrations',
  'src/server/db/demo-seed',
  'src/domain',
  'bench/seed-lists',
  'bench/day/seed.ts',
  'bench/day/people.ts',
  'bench/day/bulk-load.ts',
  'node_modules/@electric-sql/pglite/package.json',
];

export function cacheKey(students: number, now = new Date()): string {
  const hash = createHash('sha256');
  hash.update(`students ${students}, day ${lusakaDate(now)}\n`);
  for (const file of SOURCES.flatMap((source) => filesUnder(path.join(ROOT, source)))) {
    hash.update(`${path.relative(ROOT, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

function filesUnder(file: string): string[] {
  if (!statSync(file).isDirectory()) return [file];
  return readdirSync(file)
    .sort()
    .flatMap((name) => filesUnder(path.join(file, name)));
}

const cacheRoot = () => path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'chl-bench');
const folderOf = (key: string) => path.join(cacheRoot(), `day-${key}`);

/**
 * Copies the data folder cached under `key` into `dataDir` (empty); false when there is none. The
 * socket folder (`run`) belongs to the server that had it open, not to the data.
 */
export function copyCachedFolder(key: string, dataDir: string): boolean {
  const cached = folderOf(key);
  if (!existsSync(cached)) return false;
  copyData(cached, dataDir);
  return true;
}

/** Keeps a copy of `dataDir` (its database stopped) as the folder for `key`; older keys' folders go. */
export function keepFolder(key: string, dataDir: string): void {
  const root = cacheRoot();
  mkdirSync(root, { recursive: true, mode: 0o700 });
  // Copied beside its final place and renamed: a run stopped halfway leaves no folder that looks whole.
  const partial = path.join(root, `.partial-${key}-${randomBytes(3).toString('hex')}`);
  copyData(dataDir, partial);
  const target = folderOf(key);
  rmSync(target, { recursive: true, force: true });
  renameSync(partial, target);
  for (const name of readdirSync(root))
    if (name !== path.basename(target) && (name.startsWith('day-') || name.startsWith('.partial-')))
      rmSync(path.join(root, name), { recursive: true, force: true });
}

function copyData(from: string, to: string) {
  cpSync(from, to, {
    recursive: true,
    // A copy-on-write clone where the file system offers one, else a plain copy.
    mode: constants.COPYFILE_FICLONE,
    filter: (source) => source !== path.join(from, 'run'),
  });
}

/** The PostgreSQL server's database a run's database is made from, for `key`. */
export const templateName = (key: string) => `chl_day_cache_${key}`;

export async function onServer<T>(serverUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export async function databaseExists(client: pg.Client, name: string): Promise<boolean> {
  const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
  return rows.length > 0;
}

/**
 * Makes the database `seeded` (its connections closed) the template for `key`, in place of any
 * template of that key or an older one.
 */
export async function keepAsTemplate(client: pg.Client, seeded: string, key: string): Promise<void> {
  const template = templateName(key);
  await client.query(`drop database if exists ${template} with (force)`);
  // The seeding pool has ended, but its backends may not all have gone yet.
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(`alter database ${seeded} rename to ${template}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const { rows } = await client.query<{ name: string }>(
    `select datname as name from pg_database where datname like 'chl\\_day\\_cache\\_%' and datname <> $1`,
    [template],
  );
  for (const { name } of rows) await client.query(`drop database if exists ${name} with (force)`);
}

/** A new database `name`, a copy of the template for `key`. */
export async function copyTemplate(client: pg.Client, key: string, name: string): Promise<void> {
  const { rows } = await client.query<{ version: number }>(
    `select current_setting('server_version_num')::int as version`,
  );
  // From PostgreSQL 15 a copy goes through the WAL unless asked otherwise: far slower for a large one.
  const strategy = rows[0]!.version >= 150_000 ? ' strategy = file_copy' : '';
  await client.query(`create database ${name} template ${templateName(key)}${strategy}`);
}
