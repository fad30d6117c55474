import { asc } from 'drizzle-orm';
import { insertByArrays } from '../../src/server/db/bulk-insert';
import type { Tx } from '../../src/server/db/client';
import { seedDemoAllowances } from '../../src/server/db/demo-seed/allowances';
import { buildDemoStudents } from '../../src/server/db/demo-seed/students';
import * as t from '../../src/server/db/schema';
import type { BenchServer } from '../harness';
import type { PoolStudent } from './context';

const STUDENTS = 50_000;
/** Each enrolled demo student gets six months of allowances (seedDemoAllowances). */
const ALLOWANCE_MONTHS = 6;

/**
 * 50,000 students of the two officers, with allowances for only the first enrolled ones, six
 * each, so the allowance list holds `records` rows; answers every student, by CHL number.
 */
export async function seedStudents(
  tx: Tx,
  server: BenchServer,
  records: number,
  now: Date,
): Promise<PoolStudent[]> {
  const officers = { PO001: server.accounts.PO001!, PO002: server.accounts.PO002! };
  const world = buildDemoStudents(officers, now, { count: STUDENTS, seed: 22_022 });
  let enrolled = 0;
  const cut = world.findIndex(
    (s) => s.programStatus === 'enrolled' && ++enrolled === Math.ceil(records / ALLOWANCE_MONTHS),
  );
  // seedDemoAllowances gives allowances to every enrolled student already in the table.
  await insertByArrays(tx, t.students, world.slice(0, cut + 1));
  await seedDemoAllowances(tx, now);
  await insertByArrays(tx, t.students, world.slice(cut + 1));
  return tx
    .select({
      id: t.students.id,
      name: t.students.fullName,
      officer: t.students.assignedOfficerId,
      status: t.students.programStatus,
      program: t.students.currentProgram,
    })
    .from(t.students)
    .orderBy(asc(t.students.chlNumber));
}
