import { describe, expect, it } from 'vitest';
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from '../../../domain/library';
import { fileDemoDatabase } from '../../testing/demo-database';
import { libraryRatings, libraryResources } from '../schema';

const database = fileDemoDatabase();

describe('the demo library', () => {
  it('holds twenty resources of every type and category; the ratings add up', async () => {
    const rows = await database.db.select().from(libraryResources);
    const ratings = await database.db.select().from(libraryRatings);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(RESOURCE_TYPES));
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(RESOURCE_CATEGORIES));
    for (const row of rows) {
      const mine = ratings.filter((r) => r.resourceId === row.id);
      expect(row.ratingCount).toBe(mine.length);
      if (mine.length > 0)
        expect(Number(row.ratingAverage)).toBeCloseTo(mine.reduce((s, r) => s + r.stars, 0) / mine.length, 2);
    }
  });

  it('opens only what the app holds (issue 46): no outside links; only a resource with a file was read or rated', async () => {
    const rows = await database.db.select().from(libraryResources);
    const ratings = await database.db.select().from(libraryRatings);
    expect(rows.every((r) => r.url === null)).toBe(true);
    expect(rows.filter((r) => r.storageKey !== null).length).toBeGreaterThanOrEqual(5);
    for (const row of rows.filter((r) => r.storageKey === null)) {
      expect(row.downloads).toBe(0);
      expect(ratings.some((r) => r.resourceId === row.id)).toBe(false);
    }
    // Each its own description, not one pattern with the title put in.
    expect(new Set(rows.map((r) => r.description)).size).toBe(rows.length);
    expect(rows.some((r) => r.description?.includes(r.title))).toBe(false);
  });
});
