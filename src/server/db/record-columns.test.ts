import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestContext } from '../testing/test-file';
import { recordColumns } from './record-columns';
import { allowances, events, users } from './schema';

const { t } = fileTestContext();

describe('recordColumns', () => {
  it('reads every column of the table but search_text', async () => {
    const keys = Object.keys(recordColumns(events));
    expect(keys).not.toContain('searchText');
    expect(keys).toEqual(Object.keys(getTableColumns(events)).filter((k) => k !== 'searchText'));
    const [row] = await t.database.db.select(recordColumns(users)).from(users).limit(1);
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('searchText');
  });

  it('gives every column of a table without search_text', () => {
    expect(Object.keys(recordColumns(allowances))).toEqual(Object.keys(getTableColumns(allowances)));
  });
});
