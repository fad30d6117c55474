import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { findKeptStudents, KEPT_AT_KEY, refreshKeptRecords } from './kept-records';
import { deleteOfflineDb, type OfflineDb, offlineDb } from './offline-db';
import type { Transport } from './transport';

const OFFICER = 'officer-1';
let db: OfflineDb | null = null;
afterEach(async () => {
  if (db) await deleteOfflineDb(OFFICER);
  db = null;
});

const student = (id: string, full_name: string, assigned_officer_id: string | null) => ({
  id,
  full_name,
  chl_number: `CHL-${id}`,
  program_level: 'university',
  program_status: 'enrolled',
  current_program: 'BSc Nursing',
  assigned_officer_id,
  email: 'not.kept@example.com',
});

const task = (id: string, title: string) => ({ id, title, due_date: null, status: 'todo' });

/** The server as the officer's phone reaches it, or nothing at all once `offline`. */
function server(state: { offline: boolean }): Transport {
  return async (path) => {
    if (state.offline) throw new TypeError('Failed to fetch');
    if (path.startsWith('/api/students'))
      return {
        status: 200,
        body: {
          items: [student('1', 'Agness Kalaba', OFFICER), student('2', 'Brian Simwinga', 'someone-else')],
          total: 2,
        },
      };
    return { status: 200, body: { items: [task('t1', 'Arrange a home visit')], total: 1 } };
  };
}

describe('the records kept for offline', () => {
  it("keeps the account's own students (their basic record), its open tasks and when, and keeps them when the server cannot be reached", async () => {
    db = offlineDb(OFFICER);
    const state = { offline: false };
    expect(await refreshKeptRecords(db, OFFICER, server(state), 1_000)).toBe(true);
    const kept = await findKeptStudents(db, '');
    expect(kept.map((s) => s.full_name)).toEqual(['Agness Kalaba']);
    expect(kept[0]).not.toHaveProperty('email');
    expect((await db.tasks.toArray()).map((t) => t.title)).toEqual(['Arrange a home visit']);
    expect((await db.kept.get(KEPT_AT_KEY))?.value).toBe(1_000);

    state.offline = true;
    expect(await refreshKeptRecords(db, OFFICER, server(state), 2_000)).toBe(false);
    expect(await db.students.count()).toBe(1);
    expect(await db.tasks.count()).toBe(1);
    expect((await db.kept.get(KEPT_AT_KEY))?.value).toBe(1_000);
  });
});
