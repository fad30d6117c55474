/**
 * Stress test of the floor (closed loop), not a target: `npm run bench -- day` measures a day as
 * people feel it (issue 47); lines that repeat a request a cache can answer say so.
 *
 * Task Management and the Issue Tracker lists (issue: a filtered list page answers at least 0.3
 * times as many requests a second as /api/me): 10,000 tasks and 10,000 issues over 5,000
 * students of two officers, each scenario for 10 s, as a ratio to /api/me in the same run.
 */
import { sql } from 'drizzle-orm';
import {
  ISSUE_CATEGORIES,
  ISSUE_PRIORITIES,
  ISSUE_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../src/domain/case-work';
import { insertByArrays } from '../src/server/db/bulk-insert';
import { buildDemoStudents } from '../src/server/db/demo-seed/students';
import { issues, students, tasks } from '../src/server/db/schema';
import {
  type BenchTarget,
  type LoadResult,
  loadFromWorker,
  ms,
  printTable,
  REPEATS,
  startBenchServer,
} from './harness';

const STUDENTS = 5_000;
const RECORDS = 10_000;
const CONCURRENCY = 20;
const SECONDS = 10;
const REQUESTS = 1_000_000;

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function seedWorld(server: Awaited<ReturnType<typeof startBenchServer>>) {
  const officers = { PO001: server.accounts.PO001!, PO002: server.accounts.PO002! };
  const world = buildDemoStudents(officers, new Date(), { count: STUDENTS, seed: 91_000 });
  await server.db.transaction((tx) => insertByArrays(tx, students, world));
  const pool = await server.db
    .select({ id: students.id, officer: students.assignedOfficerId })
    .from(students);
  const staff = [officers.PO001.id, officers.PO002.id, server.accounts.DPM001!.id];
  await server.db.transaction(async (tx) => {
    await insertByArrays(
      tx,
      tasks,
      Array.from({ length: RECORDS }, (_, i) => {
        const student = pool[i % pool.length]!;
        return {
          title: `Follow up ${i}: home visit and fee receipt`,
          assignedToId: i % 7 === 0 ? staff[2]! : student.officer,
          assignedById: staff[i % 3]!,
          dueDate: dayOffset((i % 60) - 30),
          priority: TASK_PRIORITIES[i % TASK_PRIORITIES.length]!,
          status: TASK_STATUSES[(i >> 2) % TASK_STATUSES.length]!,
          category: 'follow_up',
          studentId: i % 10 === 0 ? null : student.id,
        };
      }),
    );
    await insertByArrays(
      tx,
      issues,
      Array.from({ length: RECORDS }, (_, i) => {
        const student = pool[(i * 3) % pool.length]!;
        return {
          title: `Problem ${i}: fees, health or accommodation`,
          description: 'Reported by the officer after a call with the guardian.',
          studentId: student.id,
          reporterId: student.officer,
          assignedToId: i % 5 === 0 ? staff[2]! : student.officer,
          priority: ISSUE_PRIORITIES[i % ISSUE_PRIORITIES.length]!,
          category: ISSUE_CATEGORIES[i % ISSUE_CATEGORIES.length]!,
          status: ISSUE_STATUSES[(i >> 1) % ISSUE_STATUSES.length]!,
        };
      }),
    );
  });
  await server.db.execute(sql`analyze`);
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    await seedWorld(server);
    const tokens = { DPM001: await server.signIn('DPM001'), PO001: await server.signIn('PO001') };
    const load = (path: string, token: string) =>
      loadFromWorker(server.baseUrl, REQUESTS, CONCURRENCY, () => ({ path, token }), SECONDS);
    // Warm the pools and the plans.
    await loadFromWorker(server.baseUrl, 300, 10, () => ({ path: '/api/tasks', token: tokens.PO001 }), 20);
    // [scenario, result, the issue's target as a ratio to /api/me: filtered list pages 0.3]
    const scenarios: Array<[string, LoadResult, number | null]> = [
      ['floor: /api/me', await load('/api/me', tokens.PO001), null],
      [
        `tasks: officer, in progress + high${REPEATS}`,
        await load('/api/tasks?status=in_progress&priority=high', tokens.PO001),
        0.3,
      ],
      [`tasks: officer, overdue${REPEATS}`, await load('/api/tasks?overdue=true', tokens.PO001), 0.3],
      [
        `issues: officer, open + health${REPEATS}`,
        await load('/api/issues?status=open&category=health', tokens.PO001),
        0.3,
      ],
      [
        `issues: manager, critical${REPEATS}`,
        await load('/api/issues?priority=critical', tokens.DPM001),
        0.3,
      ],
      // Not filtered pages: a search that every task matches, and the whole board.
      [
        `tasks: manager, search "visit" (all match)${REPEATS}`,
        await load('/api/tasks?q=visit&priority=urgent', tokens.DPM001),
        null,
      ],
      [`tasks: officer board (200)${REPEATS}`, await load('/api/tasks?pageSize=200', tokens.PO001), null],
    ];
    const floor = scenarios[0]![1].rps;
    printTable(
      `Tasks and issues on ${server.database}: ${RECORDS.toLocaleString('en')} of each, ${CONCURRENCY} clients, ${SECONDS} s each`,
      scenarios.map(([name, r, target]) => ({
        scenario: name,
        requests: r.requests,
        errors: r.errors,
        'req/s': r.rps.toFixed(0),
        'x floor': (r.rps / floor).toFixed(2),
        target: target === null ? '' : `${target} ${r.rps / floor >= target ? 'met' : 'NOT met'}`,
        p50: ms(r.p50),
        p95: ms(r.p95),
        p99: ms(r.p99),
      })),
    );
  } finally {
    await server.close();
  }
}
