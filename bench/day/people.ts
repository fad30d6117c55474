/**
 * The day's accounts: 200 staff across the roles and 1,000 student and user accounts, written
 * straight into `users` with one password hash (not the demo password: the server runs in
 * production mode, which refuses to start while an account has it), and a session for each made
 * by the app's own createSession, so the run measures actions rather than argon2.
 */
import { inArray } from 'drizzle-orm';
import type { AppDeps } from '../../src/server/app-env';
import { hashPassword } from '../../src/server/auth/passwords';
import { createSession } from '../../src/server/auth/sessions';
import { systemClock } from '../../src/server/clock';
import type { Database, Tx } from '../../src/server/db/client';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-seed/accounts';
import { sessions, users } from '../../src/server/db/schema';

/** Staff by what they do on the day; every program officer has a caseload of students. */
export const STAFF_PLAN = {
  /** Program officers who only keep their caseload. */
  caseload: 120,
  /** Program officers who also decide at the FLMI advisor step. */
  flmi: 20,
  /** Program officers who also decide at the programme manager step. */
  pm: 10,
  deputyManagers: 30,
  admins: 20,
} as const;
export const STUDENT_ACCOUNTS = 700;
export const USER_ACCOUNTS = 300;
const PASSWORD = 'Busiest#Day-2026';

export interface Account {
  id: string;
  name: string;
  token: string;
}
export interface DayPeople {
  /** Every program officer (caseload + flmi + pm), each owning students. */
  officers: Account[];
  flmi: Account[];
  pm: Account[];
  deputyManagers: Account[];
  admins: Account[];
  /** Student and user accounts (they read what staff publish). */
  readers: Account[];
  /** ADM001, DPM001, PO001, PO002 as the list-bench seeders expect them. */
  demo: Record<string, { id: string; name: string }>;
}

type Role = 'program_officer' | 'deputy_manager' | 'admin' | 'student' | 'user';
type Planned = { staffId: string | null; role: Role; name: string; email: string; group: keyof DayPeople };

function plan(): Planned[] {
  const rows: Planned[] = [];
  const add = (n: number, prefix: string, role: Role, group: keyof DayPeople, from = 1) => {
    for (let i = from; i < from + n; i++) {
      const id = `${prefix}${String(i).padStart(3, '0')}`;
      rows.push({
        staffId: role === 'student' || role === 'user' ? null : id,
        role,
        group,
        name: `Day ${id}`,
        email: `${id.toLowerCase()}@day.example.org`,
      });
    }
  };
  // The demo's ADM001, DPM001, PO001 and PO002 are among them (the other areas' seeders name them).
  for (const a of DEMO_ACCOUNTS.filter((d) => ['ADM001', 'DPM001', 'PO001', 'PO002'].includes(d.staffId)))
    rows.push({
      staffId: a.staffId,
      role: a.role as Role,
      name: a.name,
      email: a.email,
      group: a.role === 'admin' ? 'admins' : a.role === 'deputy_manager' ? 'deputyManagers' : 'officers',
    });
  add(STAFF_PLAN.caseload - 2, 'PO', 'program_officer', 'officers', 3);
  add(STAFF_PLAN.flmi, 'FL', 'program_officer', 'flmi');
  add(STAFF_PLAN.pm, 'PM', 'program_officer', 'pm');
  add(STAFF_PLAN.deputyManagers - 1, 'DPM', 'deputy_manager', 'deputyManagers', 2);
  add(STAFF_PLAN.admins - 1, 'ADM', 'admin', 'admins', 2);
  add(STUDENT_ACCOUNTS, 'STU', 'student', 'readers');
  add(USER_ACCOUNTS, 'USR', 'user', 'readers');
  return rows;
}

/** Writes the 1,200 accounts and a session for each. */
export async function seedPeople(db: Database): Promise<DayPeople> {
  const passwordHash = await hashPassword(PASSWORD);
  const planned = plan();
  const inserted = await db
    .insert(users)
    .values(
      planned.map((p) => ({
        staffId: p.staffId,
        role: p.role,
        name: p.name,
        email: p.email,
        passwordHash,
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, email: users.email });
  return signIn(db, planned, new Map(inserted.map((u) => [u.email, u.id])));
}

/**
 * The accounts of a database seeded earlier (a cached copy), each signed in afresh: the sessions
 * it holds were made when it was seeded and may have gone idle since, and their tokens are not
 * kept anywhere.
 */
export async function signInSeededPeople(db: Database): Promise<DayPeople> {
  const planned = plan();
  await db.delete(sessions);
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        planned.map((p) => p.email),
      ),
    );
  if (found.length !== planned.length)
    throw new Error(`The seeded database has ${found.length} of the day's ${planned.length} accounts`);
  return signIn(db, planned, new Map(found.map((u) => [u.email, u.id])));
}

/** A session for each account, in one transaction: 1,200 commits took seconds on their own. */
function signIn(db: Database, planned: Planned[], idOf: Map<string, string>): Promise<DayPeople> {
  return db.transaction((tx) => signInEach(tx, planned, idOf));
}

async function signInEach(tx: Tx, planned: Planned[], idOf: Map<string, string>): Promise<DayPeople> {
  const deps = { db: tx, clock: systemClock } as unknown as AppDeps;
  const people: DayPeople = {
    officers: [],
    flmi: [],
    pm: [],
    deputyManagers: [],
    admins: [],
    readers: [],
    demo: {},
  };
  for (const p of planned) {
    const id = idOf.get(p.email)!;
    const { token } = await createSession(deps, id, true);
    (people[p.group] as Account[]).push({ id, name: p.name, token });
    if (p.staffId && DEMO_ACCOUNTS.some((d) => d.staffId === p.staffId))
      people.demo[p.staffId] = { id, name: p.name };
  }
  // FLMI advisors and programme managers are program officers too, with caseloads of their own.
  people.officers.push(...people.flmi, ...people.pm);
  return people;
}

/** Every staff account, as a staff member acting on the day is drawn. */
export function allStaff(people: DayPeople): Account[] {
  return [...people.officers, ...people.deputyManagers, ...people.admins];
}
