import { count } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { seedDemoAllowances } from './allowances';
import { demoOfficersFrom, seedDemoStudents } from './students';

export interface SeedResult {
  seeded: boolean;
}

/** Loads the demo world into a database that has no users yet; a used database is left alone. */
export async function seedDemoData(db: Database, now: Date): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };
  await db.transaction(async (tx) => {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          staffId: a.staffId,
          email: a.email,
          name: a.name,
          role: a.role,
          department: a.department,
          passwordHash,
          demoPassword: true,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id, staffId: users.staffId, name: users.name });
    await seedDemoStudents(tx, demoOfficersFrom(accounts), now);
    await seedDemoAllowances(tx, now);
  });
  return { seeded: true };
}
