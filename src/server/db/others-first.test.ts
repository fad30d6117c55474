import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { othersFirst } from './others-first';

/** A database handle whose pool of `max` connections is busy for the first `busyLooks` looks. */
function poolBusyFor(busyLooks: number, max = 1) {
  let looks = 0;
  const pool = {
    options: { max },
    totalCount: 1,
    idleCount: 1,
    get waitingCount() {
      looks++;
      return looks <= busyLooks ? 1 : 0;
    },
  };
  return { db: { $client: pool } as unknown as Database, looks: () => looks };
}

describe('othersFirst', () => {
  it('waits while requests queue for the one connection, until it is free twice in a row', async () => {
    const { db, looks } = poolBusyFor(4);
    await othersFirst(db, 5_000);
    expect(looks()).toBe(6);
  });

  it('gives the others twice as long as the statement held the connection, and no longer', async () => {
    const { db } = poolBusyFor(Number.POSITIVE_INFINITY);
    const start = performance.now();
    await othersFirst(db, 60);
    const waited = performance.now() - start;
    // Timers never fire early: a pause of only the statement's own 60 ms would end near 60.
    expect(waited).toBeGreaterThanOrEqual(115);
    expect(waited).toBeLessThan(1_000);
  });

  it('waits on a pool of several connections (a PostgreSQL server) while any is in use', async () => {
    const { db, looks } = poolBusyFor(3, 10);
    await othersFirst(db, 5_000);
    expect(looks()).toBe(5);
  });

  it('goes on at once when nobody else uses the database', async () => {
    const { db, looks } = poolBusyFor(0, 10);
    const start = performance.now();
    await othersFirst(db, 5_000);
    expect(looks()).toBe(2);
    expect(performance.now() - start).toBeLessThan(1_000);
  });
});
