import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { fixedSelect } from './prepared';
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

describe('fixedSelect', () => {
  const columns = getTableColumns(users);
  const byRole = fixedSelect(columns, (db) =>
    db
      .select()
      .from(users)
      .where(eq(users.role, sql.placeholder('role')))
      .orderBy(asc(users.staffId))
      .limit(sql.placeholder('limit')),
  );
  const drizzleByRole = (role: 'admin' | 'program_officer', limit: number) =>
    t.database.db.select().from(users).where(eq(users.role, role)).orderBy(asc(users.staffId)).limit(limit);

  it("answers what Drizzle answers, with each call's own values", async () => {
    const officers = await byRole(t.database.db, { role: 'program_officer', limit: 10 });
    expect(officers.map((u) => u.staffId)).toEqual(['PO001', 'PO002']);
    expect(officers).toEqual(await drizzleByRole('program_officer', 10));
    expect(officers[0]!.createdAt).toBeInstanceOf(Date);
    // The same built query, other values.
    expect(await byRole(t.database.db, { role: 'program_officer', limit: 1 })).toEqual(
      await drizzleByRole('program_officer', 1),
    );
    expect(await byRole(t.database.db, { role: 'admin', limit: 10 })).toEqual(
      await drizzleByRole('admin', 10),
    );
  });

  it('builds for each database handle its own query', async () => {
    const other = await createTestContext();
    try {
      expect(await byRole(other.database.db, { role: 'admin', limit: 10 })).toHaveLength(1);
      await other.database.db.delete(sessions);
      await other.database.db.delete(users).where(eq(users.role, 'admin'));
      expect(await byRole(other.database.db, { role: 'admin', limit: 10 })).toEqual([]);
      expect(await byRole(t.database.db, { role: 'admin', limit: 10 })).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});
