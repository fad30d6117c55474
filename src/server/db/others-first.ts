import { setTimeout as delay, setImmediate as nextTurn } from 'node:timers/promises';
import type pg from 'pg';
import type { Database } from './client';

/** The pool behind a database handle (drizzle keeps it as $client). */
const poolOf = (db: Database) => (db as Database & { $client: pg.Pool }).$client;
/** How often othersFirst looks whether the database is free again. */
const LOOK_EVERY_MS = 5;

/**
 * Lets the requests that queued for the database during a bulk write's statement (a batch, a
 * look-up over thousands of keys) run before its next one, for at most as long as the statement
 * held it (so an upload still moves under a steady load; docs/decisions/009). A request
 * of several queries queues again after each; waiting only for the queue to be empty would let
 * the next batch in between them, and each of its queries would wait a whole batch. So the pause
 * ends once the pool has been free twice in a row, LOOK_EVERY_MS apart. Only a pool of
 * one connection (embedded PGlite) needs it: on a PostgreSQL server other requests have connections
 * of their own, and wait for a batch only on a row it locks (a kept count), one batch at most.
 */
export async function othersFirst(db: Database, heldMs: number): Promise<void> {
  const pool = poolOf(db);
  if (pool.options.max !== 1) {
    await nextTurn();
    return;
  }
  const until = performance.now() + heldMs;
  let free = 0;
  while (free < 2 && performance.now() < until) {
    await delay(LOOK_EVERY_MS);
    const busy = pool.waitingCount > 0 || pool.idleCount < pool.totalCount;
    free = busy ? 0 : free + 1;
  }
}
