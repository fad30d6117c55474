import { and, asc, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { roleRequests, students, users } from '../schema';
import { DEMO_ACCOUNTS } from './accounts';

/**
 * The rest of the demo directory (docs/product.md D10, User Management): a few more staff with
 * their profiles, two deactivated accounts, and two registrations waiting for an admin to grant
 * or decline the role they asked for (one of them a student whose record has their email, so
 * granting it shows the link). All of them have the published password, as the six accounts of
 * the table do (so the server stays on loopback while they exist, docs/product.md D18).
 */

const DAY_MS = 86_400_000;

interface DirectoryAccount {
  staffId: string;
  role: (typeof users.$inferInsert)['role'];
  name: string;
  email: string;
  department: string | null;
  phoneNumber: string | null;
  address: string | null;
  isActive: boolean;
  /** Days before seeding that the account last signed in, or null for never. */
  lastLoginDaysAgo: number | null;
}

export const DEMO_DIRECTORY: readonly DirectoryAccount[] = [
  {
    staffId: 'PO003',
    role: 'program_officer',
    name: 'Lushomo Sakala',
    email: 'po003@demo.chl.org.zm',
    department: 'Student Support',
    phoneNumber: '+260966812004',
    address: 'Northmead, Lusaka',
    isActive: true,
    lastLoginDaysAgo: 1,
  },
  {
    staffId: 'DPM002',
    role: 'deputy_manager',
    name: 'Temwani Nkhoma',
    email: 'dpm002@demo.chl.org.zm',
    department: 'Finance',
    phoneNumber: '+260977349110',
    address: 'Rhodes Park, Lusaka',
    isActive: true,
    lastLoginDaysAgo: 4,
  },
  {
    staffId: 'FIN001',
    role: 'user',
    name: 'Mapalo Chileshe',
    email: 'fin001@demo.chl.org.zm',
    department: 'Finance',
    phoneNumber: null,
    address: null,
    isActive: true,
    lastLoginDaysAgo: 12,
  },
  {
    staffId: 'PO004',
    role: 'program_officer',
    name: 'Musonda Kapata',
    email: 'po004@demo.chl.org.zm',
    department: 'Student Support',
    phoneNumber: '+260955120776',
    address: 'Ndola',
    isActive: false,
    lastLoginDaysAgo: 95,
  },
  {
    staffId: 'USR002',
    role: 'user',
    name: 'Chisomo Lungu',
    email: 'usr002@demo.chl.org.zm',
    department: null,
    phoneNumber: null,
    address: null,
    isActive: false,
    lastLoginDaysAgo: null,
  },
  {
    staffId: 'USR003',
    role: 'user',
    name: 'Kabwe Mulenga',
    email: 'usr003@demo.chl.org.zm',
    department: 'Student Support',
    phoneNumber: '+260979004312',
    address: 'Kabwata, Lusaka',
    isActive: true,
    lastLoginDaysAgo: 0,
  },
];

/** USR003 asks to be a program officer; a student with a record asks for the student role. */
export async function seedDemoDirectory(tx: Tx, passwordHash: string, now: Date): Promise<void> {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const [adminRow] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.staffId} = ${admin.staffId}`);
  const created = await tx
    .insert(users)
    .values(
      DEMO_DIRECTORY.map((a, i) => ({
        staffId: a.staffId,
        role: a.role,
        name: a.name,
        email: a.email,
        department: a.department,
        phoneNumber: a.phoneNumber,
        address: a.address,
        isActive: a.isActive,
        passwordHash,
        demoPassword: true,
        emailVerifiedAt: now,
        lastLogin: a.lastLoginDaysAgo === null ? null : new Date(now.getTime() - a.lastLoginDaysAgo * DAY_MS),
        createdById: a.staffId.startsWith('USR') ? null : (adminRow?.id ?? null),
        createdAt: new Date(now.getTime() - (200 - i * 20) * DAY_MS),
        updatedAt: now,
      })),
    )
    .returning({ id: users.id, staffId: users.staffId });
  const usr003 = created.find((u) => u.staffId === 'USR003')!;

  // The first student (by CHL number) whose email no account has registers and asks to be a student.
  const [student] = await tx
    .select({ fullName: students.fullName, email: students.email })
    .from(students)
    .where(
      and(
        isNotNull(students.email),
        sql`not exists (select 1 from ${users} u where lower(u.email) = lower(${students.email}))`,
      ),
    )
    .orderBy(asc(students.chlNumber))
    .limit(1);
  const requests: Array<typeof roleRequests.$inferInsert> = [
    { userId: usr003.id, role: 'program_officer', createdAt: new Date(now.getTime() - DAY_MS) },
  ];
  if (student?.email) {
    const [registered] = await tx
      .insert(users)
      .values({
        staffId: 'STU002',
        role: 'user',
        name: student.fullName,
        email: student.email,
        passwordHash,
        demoPassword: true,
        emailVerifiedAt: now,
        createdAt: new Date(now.getTime() - 2 * DAY_MS),
        updatedAt: now,
      })
      .returning({ id: users.id });
    requests.push({
      userId: registered!.id,
      role: 'student',
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
    });
  }
  await tx.insert(roleRequests).values(requests);
}
