/**
 * Bulk decisions: 5,000 allowances at pending_dpm approved by one POST /api/allowances/bulk-decision
 * (by ids), against 5,000 single decisions through the API (POST /api/allowances/:id/decision, 10
 * at a time) in the same run; and, for information, a bulk decision by the list's filter. Targets
 * on PostgreSQL: the bulk decision < 10 s and >= 20x faster than the single ones.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { BulkDecisionResponse } from '../src/contracts/allowances';
import type { Database } from '../src/server/db/client';
import { type BenchTarget, printTable, startBenchServer } from './harness';

const ALLOWANCES = 5_000;
const STUDENTS = 500;
const MONTHS_EACH = ALLOWANCES / STUDENTS;
const CONCURRENCY = 10;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
] as const;

/** Allowances at pending_dpm in `year`: ten months for each of the first `students` bench students. */
async function seedYear(db: Database, year: number, students = STUDENTS): Promise<string[]> {
  const added = await db.execute<{ id: string }>(sql`
    insert into allowances (student_id, student_name, month, month_number, year, program_level,
                            stipend, total, approval_stage, submitted_by, submitted_date)
    select s.id, s.full_name, (${sql.param([...MONTHS])}::text[])[m], m, ${year}::int, 'university',
           1000, 1000, 'pending_dpm', 'Bench', now() - make_interval(secs => s.n * 100 + m)
      from (select id, full_name, row_number() over (order by chl_number) as n
              from students where chl_number like 'BDE-%') s
     cross join generate_series(1, ${MONTHS_EACH}::int) as m
     where s.n <= ${students}::int
    returning id`);
  return added.rows.map((r) => r.id);
}

async function singleDecisions(baseUrl: string, token: string, ids: string[]) {
  const worker = new Worker(new URL('./decision-client.mjs', import.meta.url), {
    workerData: {
      baseUrl,
      token,
      ids,
      concurrency: CONCURRENCY,
      body: { decision: 'approve', comment: 'Checked one by one', expected_stage: 'pending_dpm' },
    },
  });
  const result = await new Promise<{ seconds: number; statuses: Record<string, number> }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  return result;
}

async function bulkDecision(baseUrl: string, token: string, target: object) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/allowances/bulk-decision`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...target,
      decision: 'approve',
      comment: 'Checked in bulk',
      expected_stage: 'pending_dpm',
    }),
    signal: AbortSignal.timeout(600_000),
  });
  const answer = res.ok ? ((await res.json()) as BulkDecisionResponse) : null;
  const seconds = (performance.now() - started) / 1000;
  if (!answer) console.error(`bulk decision answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return { seconds, done: answer?.done ?? 0, skipped: answer?.skipped.length ?? -1 };
}

/** How many of `ids` carry exactly one DPM comment and one approval entry (what each decision must write). */
async function writtenOnce(db: Database, ids: string[]): Promise<number> {
  const counted = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from unnest(${sql.param(ids)}::uuid[]) as a(id)
     where (select count(*) from allowance_comments c where c.allowance_id = a.id and c.stage = 'dpm_review') = 1
       and (select count(*) from activities e where e.entity_id = a.id and e.action = 'allowance.approved') = 1`);
  return counted.rows[0]!.n;
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const { db } = server;
    const po = server.accounts.PO001!;
    const token = await server.signIn('DPM001');
    await db.execute(sql`
      insert into students (first_name, last_name, full_name, chl_number, program_level, assigned_officer_id)
      select 'Bench', 'Decider ' || g, 'Bench Decider ' || g, 'BDE-' || lpad(g::text, 6, '0'),
             'university', ${po.id}::uuid
        from generate_series(1, ${STUDENTS}::int) g`);
    const bulkIds = await seedYear(db, 2027);
    const singleIds = await seedYear(db, 2028);
    const filterIds = await seedYear(db, 2029);
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);

    // Warm-up: connections, JIT, the statements' plans; 100 allowances of their own.
    const warm = await seedYear(db, 2030, 10);
    await bulkDecision(server.baseUrl, token, { ids: warm.slice(0, 50) });
    await singleDecisions(server.baseUrl, token, warm.slice(50, 100));

    const bulk = await bulkDecision(server.baseUrl, token, { ids: bulkIds });
    const singles = await singleDecisions(server.baseUrl, token, singleIds);
    // Only the filter's year is still at pending_dpm now.
    const byFilter = await bulkDecision(server.baseUrl, token, {
      filter: { q: 'Bench Decider', stage: 'pending_dpm' },
    });

    const [bulkWritten, singleWritten, filterWritten] = [
      await writtenOnce(db, bulkIds),
      await writtenOnce(db, singleIds),
      await writtenOnce(db, filterIds),
    ];
    const ratio = singles.seconds / bulk.seconds;
    const n = ALLOWANCES.toLocaleString('en');
    printTable(`Allowance decisions on ${server.database}`, [
      {
        task: `bulk decision by ids, ${n} allowances (one request)`,
        time: `${bulk.seconds.toFixed(2)} s`,
        result: `${bulk.done.toLocaleString('en')} done, ${bulk.skipped} skipped; ${bulkWritten.toLocaleString('en')} with one comment and one entry`,
      },
      {
        task: `${n} single decisions through the API, ${CONCURRENCY} at a time`,
        time: `${singles.seconds.toFixed(2)} s`,
        result: `${JSON.stringify(singles.statuses)}; ${singleWritten.toLocaleString('en')} with one comment and one entry`,
      },
      {
        task: `bulk decision by the list's filter, ${n} allowances`,
        time: `${byFilter.seconds.toFixed(2)} s`,
        result: `${byFilter.done.toLocaleString('en')} done, ${byFilter.skipped} skipped; ${filterWritten.toLocaleString('en')} with one comment and one entry`,
      },
    ]);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `\nTargets (for PostgreSQL; this run: ${server.database}): ` +
        `bulk decision of ${n} < 10 s -> ${verdict(bulk.seconds < 10)} (${bulk.seconds.toFixed(2)} s); ` +
        `>= 20x faster than ${n} single decisions -> ${verdict(ratio >= 20)} (${ratio.toFixed(1)}x)`,
    );
  } finally {
    await server.close();
  }
}
