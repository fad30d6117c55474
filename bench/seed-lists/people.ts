import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import { DAY, inChunks, insertByValues, type SeedContext } from './context';

/** Members of every role, a role request from each, and approval delegations between the staff. */
export async function seedPeople(ctx: SeedContext): Promise<void> {
  await seedUsersAndRoleRequests(ctx);
  await seedDelegations(ctx);
}

async function seedUsersAndRoleRequests({ tx, r, admin, student, each, ago, phone }: SeedContext) {
  // insertByArrays answers nothing, and each role request needs its member's id.
  const people = await inChunks(
    each((i) => {
      const s = student(i + 3);
      const role = r.pick(['student', 'student', 'student', 'user', 'user', 'program_officer'] as const);
      return {
        staffId: role === 'program_officer' ? `PO${5000 + i}` : null,
        email: `member${i}@people.example.org`,
        name: s.name ?? `Member ${i}`,
        role,
        phoneNumber: phone(),
        isActive: i % 25 !== 0,
        createdAt: ago((i * 0.1) % 1_000),
      };
    }),
    (chunk) => tx.insert(t.users).values(chunk).returning({ id: t.users.id, createdAt: t.users.createdAt }),
  );
  await insertByArrays(
    tx,
    t.roleRequests,
    people.map((p, i) => {
      const status = (['pending', 'granted', 'declined', 'replaced'] as const)[i % 4]!;
      return {
        userId: p.id,
        role: i % 5 === 0 ? ('deputy_manager' as const) : ('program_officer' as const),
        status,
        note: i % 3 === 0 ? 'I joined the Kitwe office this term.' : null,
        decidedById: status === 'pending' ? null : admin.id,
        decidedByName: status === 'pending' ? null : admin.name,
        decidedAt: status === 'pending' ? null : new Date(p.createdAt.getTime() + DAY),
        createdAt: p.createdAt,
      };
    }),
  );
}

/** Each giver delegates the stage it decides. */
const STAGE_OF = {
  ADM001: 'pending_pm',
  DPM001: 'pending_dpm',
  PO001: 'pending_flmi',
} as const;

async function seedDelegations({ tx, r, accounts: a, admin, staff, each, ago, day }: SeedContext) {
  const givers = Object.keys(STAGE_OF) as Array<keyof typeof STAGE_OF>;
  await insertByValues(
    tx,
    t.approvalDelegations,
    each((i) => {
      const giver = givers[i % givers.length]!;
      const to = staff.filter((s) => s.id !== a[giver]!.id)[i % 3]!;
      const starts = ago(1_200 - (i % 1_230));
      const revoked = i % 9 === 0;
      return {
        delegatorId: a[giver]!.id,
        delegateId: to.id,
        stages: [STAGE_OF[giver]],
        startsOn: day(starts),
        endsOn: day(new Date(starts.getTime() + (1 + (i % 14)) * DAY)),
        reason: r.pick(['Annual leave', 'Field visits in Kasama', 'Training in Lusaka', 'Sick leave']),
        createdAt: new Date(starts.getTime() - DAY),
        revokedAt: revoked ? starts : null,
        revokedById: revoked ? admin.id : null,
      };
    }),
  );
}
