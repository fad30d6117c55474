import {
  ISSUE_CATEGORIES,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  TASK_CATEGORIES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../src/domain/case-work';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import { DAY, type SeedContext } from './context';

/** Tasks and issues, mostly the student's officer's, some handed to the deputy manager. */
export async function seedCaseWork({ tx, student, staff, each, ago, day }: SeedContext): Promise<void> {
  const deputy = staff[1]!.id;
  await insertByArrays(
    tx,
    t.tasks,
    each((i) => {
      const s = student(i);
      const created = ago((i * 0.07) % 700);
      return {
        title: `Follow up ${i}: home visit and fee receipt`,
        assignedToId: i % 7 === 0 ? deputy : s.officer,
        assignedById: staff[i % 3]!.id,
        dueDate: day(new Date(created.getTime() + (i % 30) * DAY)),
        priority: TASK_PRIORITIES[i % TASK_PRIORITIES.length]!,
        status: TASK_STATUSES[(i >> 2) % TASK_STATUSES.length]!,
        category: TASK_CATEGORIES[i % TASK_CATEGORIES.length]!,
        studentId: i % 10 === 0 ? null : s.id,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
  await insertByArrays(
    tx,
    t.issues,
    each((i) => {
      const s = student(i + 11);
      const created = ago((i * 0.07) % 700);
      return {
        title: `Problem ${i}: fees, health or accommodation`,
        description: 'Reported by the officer after a call with the guardian.',
        studentId: s.id,
        reporterId: s.officer,
        assignedToId: i % 5 === 0 ? deputy : s.officer,
        priority: ISSUE_PRIORITIES[i % ISSUE_PRIORITIES.length]!,
        category: ISSUE_CATEGORIES[i % ISSUE_CATEGORIES.length]!,
        status: ISSUE_STATUSES[(i >> 1) % ISSUE_STATUSES.length]!,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );
}
