import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_STAGES } from '../../../domain/allowance-stages';
import { parseMoney, sumMoney, toMoneyString } from '../../../domain/money';
import { DEMO_SEEDED_AT, fileDemoDatabase } from '../../testing/demo-database';
import { createTestDatabase } from '../../testing/test-database';
import { allowanceComments, allowances, students } from '../schema';
import { seedDemoData } from './index';

const database = fileDemoDatabase();
let rows: Array<typeof allowances.$inferSelect>;
let comments: Array<typeof allowanceComments.$inferSelect>;

beforeAll(async () => {
  rows = await database.db.select().from(allowances);
  comments = await database.db.select().from(allowanceComments).orderBy(asc(allowanceComments.createdAt));
});

describe('demo allowances', () => {
  it('cover the last six months and every stage', () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.approvalStage))).toEqual(new Set(APPROVAL_STAGES));
    expect(new Set(rows.map((r) => `${r.year}-${r.monthNumber}`))).toEqual(
      new Set(['2025-10', '2025-11', '2025-12', '2026-1', '2026-2', '2026-3']),
    );
    expect(new Set(rows.filter((r) => r.rejectedAtStage).map((r) => r.rejectedAtStage))).toEqual(
      new Set(['dpm_review', 'flmi_review', 'pm_review']),
    );
    for (const r of rows.filter((x) => x.approvalStage === 'rejected')) {
      expect(r.rejectionReason).toBeTruthy();
      expect(r.rejectedBy).toBeTruthy();
    }
  });

  it('never date anything after now', () => {
    const today = '2026-03-02';
    for (const r of rows) {
      expect(r.submittedDate.getTime()).toBeLessThan(DEMO_SEEDED_AT.getTime());
      for (const d of [r.dpmApprovedDate, r.flmiApprovedDate, r.pmApprovedDate, r.paidDate, r.rejectedDate])
        if (d) expect(d <= today).toBe(true);
    }
    for (const c of comments) expect(c.createdAt.getTime()).toBeLessThan(DEMO_SEEDED_AT.getTime());
  });

  it('total the five amounts, and pay launch_year the stipend only', async () => {
    const levels = new Map(
      (await database.db.select({ id: students.id, level: students.programLevel }).from(students)).map(
        (s) => [s.id, s.level],
      ),
    );
    for (const r of rows) {
      const parts = [r.stipend, r.medical, r.transportation, r.schoolSupplies, r.accommodation];
      expect(toMoneyString(sumMoney(parts.map((p) => parseMoney(p)!)))).toBe(r.total);
      if (levels.get(r.studentId) === 'launch_year') {
        expect(r.programLevel).toBe('launch_year');
        expect(r.total).toBe(r.stipend);
      }
    }
    expect(rows.some((r) => r.programLevel === 'launch_year')).toBe(true);
  });

  it('keep one open allowance per student and month', () => {
    const open = rows.filter((r) => r.approvalStage !== 'rejected');
    expect(new Set(open.map((r) => `${r.studentId}|${r.year}|${r.monthNumber}`)).size).toBe(open.length);
  });

  it('give paid allowances the full trail with the demo approvers', () => {
    const paid = rows.find((r) => r.approvalStage === 'paid')!;
    const trail = comments.filter((c) => c.allowanceId === paid.id);
    expect(trail.map((c) => [c.action, c.stage, c.userName, c.userRole])).toEqual([
      [
        'submission',
        null,
        paid.submittedBy,
        paid.submittedBy === 'Mutale Bwalya' ? 'admin' : 'program_officer',
      ],
      ['approved', 'dpm_review', 'Chipo Mwale', 'deputy_manager'],
      ['approved', 'flmi_review', 'Bupe Tembo', 'flmi_advisor'],
      ['approved', 'pm_review', 'Mutale Bwalya', 'program_manager'],
      ['paid', 'payment', 'Mutale Bwalya', 'admin'],
    ]);
    expect(trail.at(-1)!.commentText).toBe('Payment processed');
    expect(paid).toMatchObject({ dpmApprovedBy: 'Chipo Mwale', paidBy: 'Mutale Bwalya' });
    for (const r of rows) {
      const n = comments.filter((c) => c.allowanceId === r.id).length;
      const expected = { pending_dpm: 1, pending_flmi: 2, pending_pm: 3, approved: 4, paid: 5 } as const;
      if (r.approvalStage !== 'rejected') expect(n).toBe(expected[r.approvalStage]);
    }
  });

  it('are the same world every time', async () => {
    const again = await createTestDatabase();
    try {
      await seedDemoData(again.db, DEMO_SEEDED_AT);
      const key = (r: typeof allowances.$inferSelect) =>
        [r.studentName, r.year, r.monthNumber, r.approvalStage, r.total, r.rejectionReason].join('|');
      const second = await again.db.select().from(allowances);
      expect(second.map(key).sort()).toEqual(rows.map(key).sort());
    } finally {
      await again.close();
    }
  });
});
