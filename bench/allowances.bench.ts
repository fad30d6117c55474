/**
 * Stress test of the floor (closed loop), not a target: `npm run bench -- day` measures a day as
 * people feel it (issue 47); lines that repeat a request a cache can answer say so.
 *
 * Allowances: (a) a 100,000-row bulk CSV through the real API (validation, student look-ups,
 * duplicate checks, batched inserts with comments) against (b) the old way, one INSERT per row
 * (measured on a sample, extrapolated), and (c) list-page latency on 1,000,000 allowances.
 * Targets on PostgreSQL: (a) < 10 s and >= 20x faster than (b).
 */
import { sql } from 'drizzle-orm';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../src/contracts/allowances';
import { MONTHS } from '../src/domain/dates';
import { allowanceComments, allowances } from '../src/server/db/schema';
import {
  type BenchTarget,
  type LoadResult,
  loadFromWorker,
  ms,
  printTable,
  REPEATS,
  startBenchServer,
} from './harness';

const STUDENTS = 10_000;
const BULK_ROWS = 100_000;
const OLD_WAY_SAMPLE = 5_000;
const API_WAY_SAMPLE = 1_000;
const LIST_ROWS = 1_000_000;
/** Per list scenario: enough for a steady p95 on a noisy shared machine. Searches are slower. */
const REQUESTS = 2_000;
const SEARCH_REQUESTS = 400;
const CONCURRENCY = 10;

const SEARCHES = ['bench s1', 'january', 'student 4711', 'march', 'nobody-matches', 's99'];

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const { db } = server;
    const po = server.accounts.PO001!;
    const admin = server.accounts.ADM001!;
    const token = await server.signIn('ADM001');

    // Students BEN-000001 ... (a third each university, diploma, launch_year).
    await db.execute(sql`
      insert into students (first_name, last_name, full_name, chl_number, program_level, assigned_officer_id)
      select 'Bench', 'Student ' || g, 'Bench Student ' || g, 'BEN-' || lpad(g::text, 6, '0'),
             (array['university', 'diploma', 'launch_year'])[1 + g % 3], ${po.id}::uuid
        from generate_series(1, ${STUDENTS}::int) g`);
    await db.execute(sql`analyze students`);

    // (a) 100,000 rows: 10,000 students x 10 months of 2027, by CHL number, through HTTP.
    const lines = [ALLOWANCE_TEMPLATE_COLUMNS.join(',')];
    for (let i = 0; i < BULK_ROWS; i++) {
      const n = (i % STUDENTS) + 1;
      const month = MONTHS[Math.floor(i / STUDENTS)]!;
      const level = ['university', 'college', 'launch_year'][n % 3];
      lines.push(
        `,Bench Student ${n},BEN-${String(n).padStart(6, '0')},${month},2027,${level},1500.50,200,150,100,800,`,
      );
    }
    const csv = lines.join('\n');
    const form = new FormData();
    form.append('file', new File([csv], 'allowances.csv', { type: 'text/csv' }));
    let t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/allowances/bulk`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(600_000),
    });
    const bulkSeconds = (performance.now() - t0) / 1000;
    const bulk = res.ok
      ? ((await res.json()) as { success: number; failed: number })
      : { success: 0, failed: -1, error: await res.text() };
    if (!res.ok) console.error(`bulk answered ${res.status}: ${JSON.stringify(bulk).slice(0, 300)}`);

    // (b) the old way: one INSERT per allowance and one per comment, one after another.
    t0 = performance.now();
    const sample = await db.execute<{ id: string; full_name: string }>(
      sql`select id, full_name from students order by chl_number limit ${STUDENTS}`,
    );
    for (let i = 0; i < OLD_WAY_SAMPLE; i++) {
      const s = sample.rows[i % sample.rows.length]!;
      const monthNumber = 1 + Math.floor(i / sample.rows.length);
      const [row] = await db
        .insert(allowances)
        .values({
          studentId: s.id,
          studentName: s.full_name,
          month: MONTHS[monthNumber - 1]!,
          monthNumber,
          year: 2028,
          programLevel: 'university',
          stipend: '1500.50',
          medical: '200.00',
          transportation: '150.00',
          schoolSupplies: '100.00',
          accommodation: '800.00',
          total: '2750.50',
          submittedBy: admin.name,
          submittedById: admin.id,
        })
        .returning({ id: allowances.id });
      await db.insert(allowanceComments).values({
        allowanceId: row!.id,
        userId: admin.id,
        userName: admin.name,
        userRole: 'admin',
        action: 'submission',
        commentText: 'Allowance submitted',
      });
    }
    const oldSampleSeconds = (performance.now() - t0) / 1000;
    const oldSeconds = (oldSampleSeconds * BULK_ROWS) / OLD_WAY_SAMPLE;

    // (b2) what the old screen did: one request per CSV row (here POST /api/allowances, sequential).
    t0 = performance.now();
    let apiErrors = 0;
    for (let i = 0; i < API_WAY_SAMPLE; i++) {
      const s = sample.rows[i % sample.rows.length]!;
      const one = await fetch(`${server.baseUrl}/api/allowances`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          student_id: s.id,
          month: MONTHS[Math.floor(i / sample.rows.length)],
          year: 2029,
          program_level: 'university',
          stipend: '1500.50',
          medical: '200',
          transportation: '150',
          school_supplies: '100',
          accommodation: '800',
        }),
      });
      await one.arrayBuffer();
      if (one.status !== 201) apiErrors++;
    }
    const apiSampleSeconds = (performance.now() - t0) / 1000;
    const apiSeconds = (apiSampleSeconds * BULK_ROWS) / API_WAY_SAMPLE;

    // (c) 1,000,000 allowances (with what is there already), seeded in SQL, then list pages under load.
    t0 = performance.now();
    const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from allowances`);
    const toAdd = LIST_ROWS - existing.rows[0]!.n;
    const perStudent = Math.ceil(toAdd / STUDENTS);
    for (let from = 0; from < perStudent; from += 10) {
      const to = Math.min(perStudent, from + 10) - 1;
      // Each with the approvals, payment or rejection its stage implies: the database refuses less.
      await db.execute(sql`
        insert into allowances (student_id, student_name, month, month_number, year, program_level,
                                stipend, total, approval_stage, submitted_by, submitted_date,
                                dpm_status, dpm_approved_by, dpm_approved_by_id, dpm_approved_date,
                                flmi_status, flmi_approved_by, flmi_approved_by_id, flmi_approved_date,
                                pm_status, pm_approved_by, pm_approved_by_id, pm_approved_date,
                                paid_by, paid_by_id, paid_date,
                                rejection_reason, rejected_at_stage, rejected_by, rejected_date)
        select id, full_name, month, month_number, year, 'university', amount, amount, stage, 'Bench', submitted,
               case when stage in ('pending_flmi','pending_pm','approved','paid') then 'approved'
                    when stage = 'rejected' then 'denied' end,
               case when stage <> 'pending_dpm' then ${admin.name} end,
               case when stage <> 'pending_dpm' then ${admin.id}::uuid end,
               case when stage <> 'pending_dpm' then submitted::date end,
               case when stage in ('pending_pm','approved','paid') then 'approved' end,
               case when stage in ('pending_pm','approved','paid') then ${admin.name} end,
               case when stage in ('pending_pm','approved','paid') then ${admin.id}::uuid end,
               case when stage in ('pending_pm','approved','paid') then submitted::date end,
               case when stage in ('approved','paid') then 'approved' end,
               case when stage in ('approved','paid') then ${admin.name} end,
               case when stage in ('approved','paid') then ${admin.id}::uuid end,
               case when stage in ('approved','paid') then submitted::date end,
               case when stage = 'paid' then ${admin.name} end,
               case when stage = 'paid' then ${admin.id}::uuid end,
               case when stage = 'paid' then submitted::date end,
               case when stage = 'rejected' then 'Bench' end,
               case when stage = 'rejected' then 'dpm_review' end,
               case when stage = 'rejected' then ${admin.name} end,
               case when stage = 'rejected' then submitted::date end
          from (select s.id, s.full_name,
                       (array['January','February','March','April','May','June','July','August',
                              'September','October','November','December'])[1 + k % 12] as month,
                       1 + k % 12 as month_number, 2030 + k / 12 as year, 1000 + (s.n + k) % 500 as amount,
                       (array['pending_dpm','pending_flmi','pending_pm','approved','rejected','paid'])[1 + (s.n + k) % 6] as stage,
                       now() - make_interval(secs => s.n * 1000 + k) as submitted
                  from (select id, full_name, row_number() over (order by chl_number) as n from students) s
                 cross join generate_series(${from}::int, ${to}::int) as k
                 where k * ${STUDENTS}::int + s.n <= ${toAdd}::int) as planned`);
    }
    await db.execute(sql`vacuum analyze allowances`);
    // Flush the seeding's writes now, so a checkpoint does not land in the middle of the measurements.
    await db.execute(sql`checkpoint`);
    const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from allowances`);
    const seedSeconds = (performance.now() - t0) / 1000;

    const list = (requests: number, clients: number, query: (i: number) => string) =>
      loadFromWorker(server.baseUrl, requests, clients, (i) => ({
        path: `/api/allowances?${query(i)}`,
        token,
      }));
    // Warm-up at the measured concurrency: connections, JIT, caches, and the seeding's aftermath.
    await list(500, CONCURRENCY, () => 'page=1&pageSize=25');
    const scenarios: Array<[string, LoadResult]> = [
      [`list page 1, one client at a time${REPEATS}`, await list(200, 1, () => 'page=1&pageSize=25')],
      [
        'list + name search, one client',
        await list(100, 1, (i) => `q=${encodeURIComponent(`student ${1000 + i}`)}&page=1&pageSize=25`),
      ],
      [`list page 1, all stages${REPEATS}`, await list(REQUESTS, CONCURRENCY, () => 'page=1&pageSize=25')],
      [
        `list, stage filter${REPEATS}`,
        await list(
          REQUESTS,
          CONCURRENCY,
          (i) => `stage=${['pending_dpm', 'approved', 'paid', 'rejected'][i % 4]}&page=1&pageSize=25`,
        ),
      ],
      [
        `list, pages 2-40${REPEATS}`,
        await list(REQUESTS, CONCURRENCY, (i) => `page=${2 + (i % 39)}&pageSize=25`),
      ],
      [
        `list + search (name or month)${REPEATS}`,
        await list(
          SEARCH_REQUESTS,
          CONCURRENCY,
          (i) => `q=${encodeURIComponent(SEARCHES[i % SEARCHES.length]!)}&page=1&pageSize=25`,
        ),
      ],
      [
        `awaiting-me (bell)${REPEATS}`,
        await loadFromWorker(server.baseUrl, REQUESTS, CONCURRENCY, () => ({
          path: '/api/allowances/awaiting-me',
          token,
        })),
      ],
    ];

    const ratio = oldSeconds / bulkSeconds;
    printTable(`Allowance bulk upload on ${server.database}`, [
      {
        task: `(a) bulk API, ${BULK_ROWS.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV)`,
        time: `${bulkSeconds.toFixed(2)} s`,
        result: `${bulk.success.toLocaleString('en')} written, ${bulk.failed} failed`,
      },
      {
        task: `(b) one INSERT per allowance + one per its comment, autocommit: ${OLD_WAY_SAMPLE.toLocaleString('en')} rows measured`,
        time: `${oldSampleSeconds.toFixed(2)} s`,
        result: `${((OLD_WAY_SAMPLE / oldSampleSeconds) | 0).toLocaleString('en')} rows/s`,
      },
      {
        task: `(b) extrapolated to ${BULK_ROWS.toLocaleString('en')} rows`,
        time: `${oldSeconds.toFixed(1)} s`,
        result: `(a) is ${ratio.toFixed(1)}x faster`,
      },
      {
        task: `(b2) one API request per row (POST /api/allowances): ${API_WAY_SAMPLE.toLocaleString('en')} measured`,
        time: `${apiSampleSeconds.toFixed(2)} s`,
        result: `${((API_WAY_SAMPLE / apiSampleSeconds) | 0).toLocaleString('en')} rows/s, ${apiErrors} errors`,
      },
      {
        task: `(b2) extrapolated to ${BULK_ROWS.toLocaleString('en')} rows`,
        time: `${apiSeconds.toFixed(1)} s`,
        result: `(a) is ${(apiSeconds / bulkSeconds).toFixed(1)}x faster`,
      },
    ]);
    printTable(
      `Allowance list on ${server.database}: ${counted.rows[0]!.n.toLocaleString('en')} allowances ` +
        `(seeded in ${seedSeconds.toFixed(1)} s), ${CONCURRENCY} concurrent clients, loopback`,
      scenarios.map(([name, r]) => ({
        scenario: name,
        requests: r.requests,
        errors: r.errors,
        'req/s': r.rps.toFixed(0),
        p50: ms(r.p50),
        p95: ms(r.p95),
        p99: ms(r.p99),
        max: ms(r.max),
      })),
    );
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const pageP95 = Math.max(...scenarios.slice(2, 5).map(([, r]) => r.p95));
    console.log(
      `\nTargets (for PostgreSQL; this run: ${server.database}): ` +
        `bulk < 10 s -> ${verdict(bulkSeconds < 10)} (${bulkSeconds.toFixed(2)} s); ` +
        `>= 20x one INSERT per row -> ${verdict(ratio >= 20)} (${ratio.toFixed(1)}x), ` +
        `>= 20x one request per row -> ${verdict(apiSeconds / bulkSeconds >= 20)} (${(apiSeconds / bulkSeconds).toFixed(1)}x); ` +
        `list page p95 < 50 ms (page 1, stage filter, pages 2-40) -> ${verdict(pageP95 < 50)} (${ms(pageP95)})`,
    );
  } finally {
    await server.close();
  }
}
