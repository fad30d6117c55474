/**
 * Shared pieces for benchmarks: the real app over HTTP on loopback, on embedded PGlite (in a child
 * process, as `npm start` runs it) and on a fresh database of the PostgreSQL server named by
 * BENCH_DATABASE_URL (dropped afterwards); concurrent load with latency percentiles; a table printer.
 */
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../src/server/app';
import type { AppDeps } from '../src/server/app-env';
import { hashPassword } from '../src/server/auth/passwords';
import { resolveSessionAndZone } from '../src/server/auth/sessions';
import { systemClock } from '../src/server/clock';
import { loadConfig } from '../src/server/config';
import { type Database, type DatabaseHandle, openDatabase } from '../src/server/db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/db/demo-seed/accounts';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { runMigrations } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { toUserDto } from '../src/server/features/staff-auth/staff-auth.service';
import { compressedAnswers } from '../src/server/http/compression';
import { createLogger } from '../src/server/http/logger';
import { createPostgresDatabase } from '../src/server/testing/test-database';

export interface BenchServer {
  /** 'PostgreSQL' or 'embedded PGlite'. */
  database: string;
  baseUrl: string;
  /** The bare session handler's server (bareSessionApp): GET /api/me only. */
  bareUrl: string;
  db: Database;
  deps: AppDeps;
  /** Demo account ids by staff ID (ADM001, PO001, ...). */
  accounts: Record<string, { id: string; name: string }>;
  signIn(staffId: string): Promise<string>;
  close(): Promise<void>;
}

/** Where a benchmark runs: embedded PGlite, or the PostgreSQL server at `serverUrl`. */
export interface BenchTarget {
  label: 'embedded PGlite' | 'PostgreSQL';
  serverUrl?: string;
}

/** Embedded PGlite always; also PostgreSQL when BENCH_DATABASE_URL names a server. */
export function benchTargets(env = process.env): BenchTarget[] {
  // BENCH_ONLY=postgres skips PGlite (a long benchmark run on one database at a time).
  const targets: BenchTarget[] = env.BENCH_ONLY === 'postgres' ? [] : [{ label: 'embedded PGlite' }];
  if (env.BENCH_DATABASE_URL) targets.push({ label: 'PostgreSQL', serverUrl: env.BENCH_DATABASE_URL });
  return targets;
}

async function openBenchDatabase(target: BenchTarget): Promise<DatabaseHandle> {
  if (target.serverUrl) {
    return createPostgresDatabase(target.serverUrl, { prefix: 'chl_bench', poolSize: 20 });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chl-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir);
  // PGlite serves one connection, as in `npm start`.
  const handle = openDatabase(embedded.url, 1);
  await runMigrations(handle.pool);
  return {
    ...handle,
    async close() {
      await handle.close();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startBenchServer(target: BenchTarget): Promise<BenchServer> {
  const database = await openBenchDatabase(target);
  // As production runs: a JSON line logged for every request (written away, not to the console).
  const config = { ...loadConfig({ NODE_ENV: 'production' }), appUrl: 'http://127.0.0.1' };
  const logSink = createWriteStream('/dev/null');
  const deps: AppDeps = {
    db: database.db,
    config,
    mailer: { send: async () => {} },
    clock: systemClock,
    // A request still finishing as the bench closes may log after the sink has ended: dropped.
    logger: createLogger((line) => {
      if (!logSink.writableEnded) logSink.write(`${line}\n`);
    }),
  };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = systemClock.now();
  const inserted = await database.db
    .insert(users)
    .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash, emailVerifiedAt: now })))
    .returning({ id: users.id, staffId: users.staffId, name: users.name });
  const accounts = Object.fromEntries(inserted.map((u) => [u.staffId!, { id: u.id, name: u.name }]));

  const { baseUrl, close } = await listen(createApp(deps).fetch);
  const bare = await listen(bareSessionApp(deps).fetch);

  return {
    database: target.label,
    baseUrl,
    bareUrl: bare.baseUrl,
    db: database.db,
    deps,
    accounts,
    async signIn(staffId) {
      const res = await fetch(`${baseUrl}/api/staff-auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ staffId, password: DEMO_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`sign-in ${staffId}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { session_token: string }).session_token;
    },
    async close() {
      await bare.close();
      await close();
      logSink.end();
      await database.close();
    },
  };
}

async function listen(fetch: (request: Request) => Response | Promise<Response>) {
  // As `npm start` serves: its answers compressed for a client that asks.
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1', serverOptions: compressedAnswers });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The floor under /api/me: a bare Hono handler over the same database handle doing the same
 * one-row session look-up and answering the same JSON, without any of the app's middleware. What
 * /api/me costs above it is what the request pipeline spends (see the students bench's ratios).
 */
function bareSessionApp(deps: AppDeps) {
  const app = new Hono();
  app.get('/api/me', async (c) => {
    const token = c.req.header('authorization')?.slice('Bearer '.length) ?? '';
    const { user } = await resolveSessionAndZone(deps, token);
    return user ? c.json({ user: toUserDto(user) }) : c.json({ error: 'Not signed in' }, 401);
  });
  return app;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function summarise(latencies: number[], errors: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: latencies.at(-1)!,
  };
}

/** A long load repeats its first requests rather than describing (and copying to the worker) each. */
const DISTINCT_REQUESTS = 10_000;

/**
 * Runs `requests` GET requests with `concurrency` clients, each sending its next request when its
 * last one answered; a non-2xx answer or a failure counts as an error. The clients run on a worker
 * thread (bench/load-worker.mjs), so the server's event loop does only the server's work, as it
 * would with clients on other machines. Stops starting new requests after maxSeconds, or once
 * `until` settles (the result then counts the requests actually made).
 */
export async function loadFromWorker(
  baseUrl: string,
  requests: number,
  concurrency: number,
  request: (i: number) => { path: string; token?: string },
  maxSeconds = 60,
  /** Stops starting new requests once this settles (a load that lasts as long as some other work). */
  until?: Promise<unknown>,
): Promise<LoadResult> {
  const list = Array.from({ length: Math.min(requests, DISTINCT_REQUESTS) }, (_, i) => {
    const { path: p, token } = request(i);
    return { path: p, headers: token ? { authorization: `Bearer ${token}` } : {} };
  });
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { baseUrl, concurrency, maxSeconds, amount: requests, requests: list },
  });
  const stopLoad = () => worker.postMessage('stop');
  until?.then(stopLoad, stopLoad);
  const result = await new Promise<{ latencies: number[]; errors: number; seconds: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  // req/s over the load itself: the worker's start-up (loading autocannon) is not the server's time.
  return summarise(result.latencies, result.errors, result.seconds);
}

/** Prints rows as an aligned text table. */
/**
 * Loads measured between measurements of the floor (the cheapest signed-in request): each is held to
 * the mean of the floor just before it and just after it. A shared machine's speed drifts over a
 * run (one read /api/me at 3,776 req/s at its start and 2,775 in the next scenario), and a floor
 * measured minutes earlier moved a ratio by a fifth. `floors` holds every floor in order.
 */
export function betweenFloors(measureFloor: () => Promise<LoadResult>) {
  const floors: LoadResult[] = [];
  return {
    floors,
    /** Measures the floor (if not yet), then `measure`, then the floor again. */
    async around<T>(measure: () => Promise<T>): Promise<{ result: T; floor: number }> {
      if (floors.length === 0) floors.push(await measureFloor());
      const result = await measure();
      floors.push(await measureFloor());
      return { result, floor: (floors.at(-2)!.rps + floors.at(-1)!.rps) / 2 };
    },
  };
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((r) => headers.map((h) => String(r[h] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * Said on the line of a closed-loop scenario that sends the same request (or a short list of them)
 * again and again: a cache can answer it, so it measures the floor, not a day (issue 47; the day's
 * figures are bench/day.bench.ts's).
 */
export const REPEATS = ' (repeats one request: measures the floor, not a day)';
