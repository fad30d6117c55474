import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { users } from '../schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts';
import { seedDemoAllowances } from './allowances';
import { seedDemoAnnouncements } from './announcements';
import { seedDemoCaseWork } from './case-work';
import { seedDemoCorporate } from './corporate';
import { seedDemoEvents } from './events';
import { seedDemoFormsAndFiles } from './forms-files';
import { seedDemoStories } from './impact-stories';
import { seedDemoLibrary } from './library';
import { seedDemoPaymentChannels } from './payment-channels';
import { demoOfficersFrom, seedDemoStudents } from './students';
import { seedDemoDirectory } from './users';
import { seedDemoYearbook } from './yearbook';

export interface SeedResult {
  seeded: boolean;
}

// Any fixed number: the key under which processes starting together take turns to seed.
const DEMO_SEED_LOCK_KEY = 72_115_002;

/**
 * Loads the demo world into a database that has no users yet; a used database is left alone.
 * Processes starting together on an empty database take turns (a transaction-scoped advisory
 * lock), so the second finds the first one's users and both come up.
 */
export async function seedDemoData(db: Database, now: Date): Promise<SeedResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return { seeded: false };
    const accounts = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          ...a,
          passwordHash,
          demoPassword: true,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id, staffId: users.staffId, name: users.name });
    await seedDemoStudents(tx, demoOfficersFrom(accounts), now);
    await seedDemoPaymentChannels(tx, now);
    await seedDemoCorporate(tx, now);
    await seedDemoAllowances(tx, now);
    await seedDemoYearbook(tx, now);
    await seedDemoStories(tx, now);
    await seedDemoCaseWork(tx, now);
    await seedDemoFormsAndFiles(tx, now);
    await seedDemoAnnouncements(tx, now);
    await seedDemoEvents(tx, now);
    await seedDemoLibrary(tx, now);
    await seedDemoDirectory(tx, passwordHash, now);
    return { seeded: true };
  });
}
