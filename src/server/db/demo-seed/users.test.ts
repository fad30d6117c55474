import { describe, expect, it } from 'vitest';
import { fileDemoDatabase } from '../../testing/demo-database';
import { roleRequests, students, users } from '../schema';

const database = fileDemoDatabase();

describe('the demo directory', () => {
  it('gives the demo staff full profiles, has two inactive accounts and two pending role requests', async () => {
    const accounts = await database.db.select().from(users);
    const byId = (staffId: string) => accounts.find((u) => u.staffId === staffId)!;
    for (const staffId of ['ADM001', 'DPM001', 'PO001', 'PO002']) {
      const u = byId(staffId);
      expect([
        u.phoneNumber,
        u.address,
        u.dateOfBirth,
        u.emergencyContactName,
        u.emergencyContactPhone,
      ]).not.toContain(null);
    }
    expect(
      accounts
        .filter((u) => !u.isActive)
        .map((u) => u.staffId)
        .sort(),
    ).toEqual(['PO004', 'USR002']);
    // Every account with a password has the published one, so the server stays on loopback (D18).
    expect(accounts.filter((u) => u.passwordHash && !u.demoPassword)).toEqual([]);

    const pending = await database.db.select().from(roleRequests);
    expect(pending.map((r) => r.status)).toEqual(['pending', 'pending']);
    const asked = pending.map((r) => ({
      role: r.role,
      staffId: accounts.find((u) => u.id === r.userId)!.staffId,
    }));
    expect(asked).toEqual(
      expect.arrayContaining([
        { role: 'program_officer', staffId: 'USR003' },
        { role: 'student', staffId: 'STU002' },
      ]),
    );
    // The student asking for the role has a record with their email, so granting it links them.
    const stu002 = byId('STU002');
    const records = await database.db.select().from(students);
    expect(records.filter((s) => s.email?.toLowerCase() === stu002.email.toLowerCase())).toHaveLength(1);
  });
});
