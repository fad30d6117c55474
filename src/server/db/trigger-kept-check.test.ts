import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAllowance, makeStudent } from '../testing/factories';
import { fileTestContext } from '../testing/test-file';
import { tasks } from './schema/case-work';
import { checkTriggerKeptTables } from './trigger-kept-check';

const { t } = fileTestContext();
beforeAll(async () => {
  const mwila = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await makeAllowance(t, mwila, { stage: 'pending_dpm' });
  await t.database.db
    .insert(tasks)
    .values({ title: 'Visit Mwila', studentId: mwila.id, dueDate: '2026-03-10' });
});

describe('checkTriggerKeptTables', () => {
  it('finds nothing to report while the triggers keep the tables', async () => {
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('reports a table whose stored rows drifted from its source, and how', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update allowance_stage_totals set allowance_count = 7 where approval_stage = 'paid'`,
        );
        await tx.execute(sql`delete from allowance_student_names`);
        await tx.execute(sql`update student_counts set student_count = student_count + 1`);
        const differences = await checkTriggerKeptTables(tx);
        expect(differences.map((d) => d.table)).toEqual([
          'allowance_stage_totals',
          'student_counts',
          'allowance_student_names',
        ]);
        expect(differences[0]).toEqual({
          table: 'allowance_stage_totals',
          missing: [{ stage: 'paid', n: 0, total: '0.00' }],
          unexpected: [{ stage: 'paid', n: 7, total: '0.00' }],
        });
        expect(differences[2]!.missing).toEqual([
          { student_id: expect.any(String), student_name: 'Mwila Chanda' },
        ]);
        expect(differences[2]!.unexpected).toEqual([]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });

  it('reports case_counts whose count of tasks with a due date drifted, which the overdue tiles read', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update case_counts set dated_count = 0`);
        const differences = await checkTriggerKeptTables(tx);
        expect(differences.map((d) => d.table)).toEqual(['case_counts']);
        // The task's rows: everyone's and its student's officer's.
        expect(differences[0]!.missing).toHaveLength(2);
        expect(differences[0]!.missing[0]).toMatchObject({ kind: 'task', status: 'todo', n: 1, dated: 1 });
        expect(differences[0]!.unexpected[0]).toMatchObject({ kind: 'task', status: 'todo', n: 1, dated: 0 });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
    expect(await checkTriggerKeptTables(t.database.db)).toEqual([]);
  });
});
