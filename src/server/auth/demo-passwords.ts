import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DEMO_PASSWORD } from '../db/demo-seed/accounts';
import { users } from '../db/schema';
import { verifyPassword } from './passwords';

/**
 * Accounts whose password is still the published demo one (docs/product.md D18). The demo seed flags
 * them and every password change clears the flag, so a request reads the flag, never a hash.
 */
export async function hasDemoPasswords(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.demoPassword, true)).limit(1);
  return !!row;
}

/**
 * The staff IDs (or emails) still on the demo password, checked against the hashes at start-up:
 * a flag whose password was changed outside the product (a database tool, an older version) is
 * cleared here, so only a password that really is the published one keeps the server on loopback.
 */
export async function accountsWithDemoPassword(db: Database): Promise<string[]> {
  const flagged = await db
    .select({ id: users.id, staffId: users.staffId, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.demoPassword, true));
  const still: string[] = [];
  const changed: string[] = [];
  for (const account of flagged) {
    if (await verifyPassword(account.passwordHash, DEMO_PASSWORD))
      still.push(account.staffId ?? account.email);
    else changed.push(account.id);
  }
  if (changed.length > 0)
    await db.update(users).set({ demoPassword: false }).where(inArray(users.id, changed));
  return still.sort();
}
