import { eq, getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { sessions, users } from './schema';
import { selectRows } from './select-rows';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.signIn('ADM001');
  await t.signIn('PO001');
});
afterAll(() => t.close());

describe('selectRows', () => {
  it("answers exactly what Drizzle's own row mapping answers (dates, booleans, nulls)", async () => {
    const columns = getTableColumns(users);
    const query = () => t.database.db.select().from(users).orderBy(users.staffId);
    const mine = await selectRows(t.database.db, columns, query());
    expect(mine.length).toBeGreaterThan(3);
    expect(mine).toEqual(await query());
    expect(mine[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('maps a join when the selected columns have distinct names', async () => {
    const fields = {
      sessionId: sessions.id,
      userId: sessions.userId,
      name: users.name,
      expiresAt: sessions.expiresAt,
    };
    const query = () =>
      t.database.db
        .select(fields)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .orderBy(users.name);
    expect(await selectRows(t.database.db, fields, query())).toEqual(await query());
  });

  it('refuses a selection where two columns share a name (the rows would mix them up)', async () => {
    const fields = { sessionId: sessions.id, userId: users.id };
    await expect(
      selectRows(
        t.database.db,
        fields,
        t.database.db.select(fields).from(sessions).innerJoin(users, eq(users.id, sessions.userId)),
      ),
    ).rejects.toThrow(/share a name/);
  });
});
