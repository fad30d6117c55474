import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestContext } from '../testing/test-file';
import { keptListPage } from './kept-list-pages';
import { keptListPages, studentsVersion } from './schema';

/*
 * What keptListPage keeps, and when (db/kept-list-pages.ts): an answer only under the version its
 * statement read, and only while that version is still the current one.
 */

const { t } = fileTestContext();

// Any counter that only counts up serves as a version: the students' one here.
const page = keptListPage('kept-test', sql`(select ${studentsVersion.version} from ${studentsVersion})`);

async function currentVersion(): Promise<number> {
  const [row] = await t.deps.db.select().from(studentsVersion);
  return Number(row!.version);
}

const moveVersionOn = () =>
  t.deps.db.update(studentsVersion).set({ version: sql`${studentsVersion.version} + 1` });

const notCounted = async (): Promise<never> => {
  throw new Error('counted, where the kept answer holds');
};

describe('keptListPage', () => {
  it('keeps an answer under its key and version, and reads it back while the version holds', async () => {
    const version = await currentVersion();
    expect(await page.answer(t.deps.db, 'a', async () => ({ answer: '{"n":1}', version }))).toBe('{"n":1}');
    expect(await page.answer(t.deps.db, 'a', notCounted)).toBe('{"n":1}');
    const kept = await t.deps.db.select().from(keptListPages).where(eq(keptListPages.key, 'kept-test:a'));
    expect(kept).toEqual([{ key: 'kept-test:a', version, answer: '{"n":1}' }]);
    // Another key is another answer.
    expect(await page.answer(t.deps.db, 'b', async () => ({ answer: '{"n":2}', version }))).toBe('{"n":2}');
  });

  it('counts afresh once the version moves on, and keeps what it counted', async () => {
    const version = await currentVersion();
    await page.answer(t.deps.db, 'c', async () => ({ answer: '{"n":1}', version }));
    await moveVersionOn();
    expect(await page.answer(t.deps.db, 'c', async () => ({ answer: '{"n":3}', version: version + 1 }))).toBe(
      '{"n":3}',
    );
    expect(await page.answer(t.deps.db, 'c', notCounted)).toBe('{"n":3}');
  });

  it('never keeps an answer counted at a version that has since moved on', async () => {
    const version = await currentVersion();
    await page.answer(t.deps.db, 'd', async () => ({ answer: '{"n":1}', version }));
    await moveVersionOn();
    // Counted in a snapshot from before the write: answered, not kept, not read back.
    expect(await page.answer(t.deps.db, 'd', async () => ({ answer: '{"stale":true}', version }))).toBe(
      '{"stale":true}',
    );
    const [kept] = await t.deps.db.select().from(keptListPages).where(eq(keptListPages.key, 'kept-test:d'));
    expect(kept).toMatchObject({ version, answer: '{"n":1}' });
    expect(await page.answer(t.deps.db, 'd', async () => ({ answer: '{"n":4}', version: version + 1 }))).toBe(
      '{"n":4}',
    );
  });
});
