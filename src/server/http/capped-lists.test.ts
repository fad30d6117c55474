/**
 * Every list with a search box counts its matches through db/capped-count.ts (D17): past 1,000 a
 * searched list answers total 1,000 with total_capped, and a page starting past the 1,000th match
 * is empty; without a search the count stays exact. Landlords (pageOf) and tasks (the case lists'
 * own JSON answer) stand for the two ways a list answers.
 */
import { describe, expect, it } from 'vitest';
import { LandlordListResponseSchema } from '../../contracts/corporate';
import { TaskListResponseSchema } from '../../contracts/tasks';
import { SEARCH_COUNT_CAP } from '../../domain/search';
import { insertByArrays } from '../db/bulk-insert';
import { countMatches } from '../db/capped-count';
import { landlords, tasks } from '../db/schema';
import { fileTestContext } from '../testing/test-file';

const { t, tokens } = fileTestContext({ signIn: ['ADM001', 'PO001', 'PO002'] });

const get = async (as: string, path: string) => {
  const res = await t.request('GET', path, { token: tokens[as] });
  expect(res.status).toBe(200);
  return res.json();
};

const base = Date.parse('2025-06-01T00:00:00Z');

describe('countMatches', () => {
  it('counts exactly without a search, and to the cap with one', async () => {
    const rows = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => ({
      name: `Counted ${i}`,
      boardingHouseName: 'Counting House',
      createdAt: new Date(base - (i + 1) * 1000),
    }));
    await t.database.db.transaction((tx) => insertByArrays(tx, landlords, rows));
    const db = t.database.db;
    const matches = () => db.select({ id: landlords.id }).from(landlords);
    expect(await countMatches(db, matches(), false)).toEqual({ total: 1005, capped: false });
    expect(await countMatches(db, matches(), true)).toEqual({ total: 1000, capped: true });
    await db.delete(landlords);
    expect(await countMatches(db, matches(), true)).toEqual({ total: 0, capped: false });
  });
});

describe('searched lists stop counting at 1,000 (D17)', () => {
  it('landlords', async () => {
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      name: `Landlord ${i}`,
      boardingHouseName: i < 999 ? 'Kabulonga Lodge' : 'Chelston Rooms',
      createdAt: new Date(base + i * 1000),
    }));
    await t.database.db.transaction((tx) => insertByArrays(tx, landlords, rows));
    const page = async (query: string) =>
      LandlordListResponseSchema.strict().parse(await get('ADM001', `/api/landlords?${query}`));

    expect(await page('')).toMatchObject({ total: 1001, total_capped: false });
    // 'landlord' is in every name: 1,001 matches.
    const capped = await page('q=landlord');
    expect(capped).toMatchObject({ total: 1000, total_capped: true });
    expect(capped.items).toHaveLength(25);
    // Two characters: the start of a word ('Landlord').
    expect(await page('q=la')).toMatchObject({ total: 1000, total_capped: true });
    // 999 matches: exact.
    expect(await page('q=kabulonga')).toMatchObject({ total: 999, total_capped: false });
    expect((await page('q=kabulonga&page=40')).items).toHaveLength(24);

    expect((await page('q=landlord&page=40')).items).toHaveLength(25);
    expect(await page('q=landlord&page=41')).toMatchObject({ items: [], total: 1000, total_capped: true });
  });

  it('tasks, for the officer they are visible to', async () => {
    const po1 = await t.userId('PO001');
    const rows = Array.from({ length: 1001 }, (_, i) => ({
      title: `Collect rent receipt ${i}`,
      assignedToId: po1,
      assignedById: po1,
      createdAt: new Date(base + i * 1000),
    }));
    await t.database.db.transaction((tx) => insertByArrays(tx, tasks, rows));
    const page = async (as: string, query: string) =>
      TaskListResponseSchema.strict().parse(await get(as, `/api/tasks?${query}`));

    expect(await page('PO001', '')).toMatchObject({ total: 1001, total_capped: false });
    const capped = await page('PO001', 'q=receipt');
    expect(capped).toMatchObject({ total: 1000, total_capped: true });
    expect(capped.counts.total).toBe(1001);
    expect((await page('PO001', 'q=receipt&page=40')).items).toHaveLength(25);
    expect(await page('PO001', 'q=receipt&page=41')).toMatchObject({
      items: [],
      total: 1000,
      total_capped: true,
    });
    expect(await page('PO001', 'q=receipt%20100')).toMatchObject({ total: 2, total_capped: false });
    // Another officer reaches none of them.
    expect(await page('PO002', 'q=receipt')).toMatchObject({ total: 0, total_capped: false, items: [] });
  });
});
