import type { PoolClient } from 'pg';

/**
 * Polls until another session of this database waits for a lock: the request a test holds behind
 * `client`'s open transaction; with `statementLike`, only a session running such a statement
 * (an ILIKE pattern). PostgreSQL only: PGlite has one session. Throws `neverWaited` after 10 s.
 */
export async function untilSomeoneWaitsForALock(
  client: PoolClient,
  neverWaited: string,
  statementLike?: string,
): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    // Inside a transaction pg_stat_activity is read once and then cached: read it afresh.
    await client.query('select pg_stat_clear_snapshot()');
    const waiting = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()
          and ($1::text is null or query ilike $1)`,
      [statementLike ?? null],
    );
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(neverWaited);
}
