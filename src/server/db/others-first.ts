import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import type { Database } from './client';

/** The pool behind a database handle (drizzle keeps it as $client). */
const poolOf = (db: Database) => (db as Database & { $client: pg.Pool }).$client;
/** How often othersFirst looks whether the database is free again. */
const LOOK_EVERY_MS = 5;
/**
 * Others may hold the database up to this many times as long as the bulk write's last step did:
 * with 1, two files at once took about two thirds of the one core at the day's peak and everyone
 * else queued (docs/decisions/009, "The files take a third").
 */
const OTHERS_SHARE = 2;

/**
 * Lets the requests that came to the database during a bulk write's statement (a batch, a
 * look-up over thousands of keys) run before its next one, for at most twice as long as the
 * statement held it (so an upload still moves under a steady load; docs/decisions/009). A request
 * of several queries comes back after each; waiting only for the queue to be empty would let
 * the next batch in between them, and each of its queries would wait a whole batch. So the pause
 * ends once no connection of the pool has been in use twice in a row, LOOK_EVERY_MS apart.
 * On embedded PGlite (one connection) the others wait for the connection itself; on a PostgreSQL
 * server they have connections of their own, but on the one core the server is sized for, a
 * batch's backend takes its share of that core from theirs: at the day's peak, batches sent back
 * to back made everyone else's p95 about 1 s.
 */
export async function othersFirst(db: Database, heldMs: number): Promise<void> {
  const pool = poolOf(db);
  const until = performance.now() + heldMs * OTHERS_SHARE;
  let free = 0;
  while (free < 2 && performance.now() < until) {
    await delay(LOOK_EVERY_MS);
    const busy = pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
    free = busy ? 0 : free + 1;
  }
}
