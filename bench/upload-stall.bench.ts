/**
 * How long does an upload or an import make everyone else wait (issue 47 item 2: nobody more than
 * 1 s)? National-size data is seeded with plain SQL (50,000 students, 12 months of allowances for
 * each: 600,000), then an allowance bulk upload and a student import are sent through the HTTP API,
 * one at a time, while a probe on another thread sends a cheap request every 20 ms (skipping a
 * tick while its last request is out, so it never queues behind itself): `/api/me` and a page
 * of the other officer's student list, in turn. Each line prints the upload's own duration and the
 * longest any probe request waited while it ran. Sizes: the day bench's (10,000 rows, 5,000
 * students) and the largest files (100,000 rows, 20,000 students). `npm run bench -- upload-stall`.
 */
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../src/contracts/allowances';
import { STUDENT_IMPORT_TEMPLATE_HEADER } from '../src/contracts/students';
import { MONTHS } from '../src/domain/dates';
import { type BenchServer, type BenchTarget, ms, printTable, startBenchServer } from './harness';

/** National size; UPLOAD_STALL_STUDENTS sets fewer for a quick look (the 100,000-row file then names each student more than once a month, and is refused). */
const STUDENTS = Number(process.env.UPLOAD_STALL_STUDENTS ?? 50_000);
const MONTHS_SEEDED = 12;
const PROBE_EVERY_MS = 20;
/** The probe runs alone this long before each upload and after it. */
const LEAD_MS = 500;

async function seed(server: BenchServer): Promise<void> {
  const po = [server.accounts.PO001!.id, server.accounts.PO002!.id];
  await server.db.execute(sql`
    insert into students (first_name, last_name, full_name, chl_number, program_level, assigned_officer_id)
    select 'Seed', 'Student ' || g, 'Seed Student ' || g, 'SEED-' || lpad(g::text, 6, '0'), 'university',
           (case when g % 2 = 0 then ${po[0]} else ${po[1]} end)::uuid
      from generate_series(1, ${STUDENTS}::int) g`);
  // Last year's twelve months, a few past the first step so the stage totals have every stage.
  await server.db.execute(sql`
    insert into allowances (student_id, student_name, month, month_number, year, program_level,
      stipend, total, submitted_by, submitted_by_id)
    select s.id, s.full_name, (array[${sql.join(
      MONTHS.map((m) => sql`${m}`),
      sql`, `,
    )}])[m], m, 2025, 'university', 1500.50, 1500.50, 'Seed', ${po[0]}::uuid
      from students s cross join generate_series(1, ${MONTHS_SEEDED}::int) m`);
  await server.db.execute(sql`vacuum analyze`);
}

/** `rows` allowances for the seeded students, from `firstMonth` of 2027 on, a month per STUDENTS rows. */
function allowanceCsv(rows: number, firstMonth: number): string {
  const lines = [ALLOWANCE_TEMPLATE_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const n = (i % STUDENTS) + 1;
    const month = MONTHS[firstMonth + Math.floor(i / STUDENTS)]!;
    lines.push(
      `,Seed Student ${n},SEED-${String(n).padStart(6, '0')},${month},2027,university,1500.50,200,150,100,800,`,
    );
  }
  return lines.join('\n');
}

function studentCsv(rows: number, tag: string): string {
  const lines = [STUDENT_IMPORT_TEMPLATE_HEADER];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Import${i},${tag}${i},${tag.toLowerCase()}${i}@example.org,+26097${String(i).padStart(7, '0')},Matero,diploma,` +
        `"Northern Technical College, Ndola",Diploma in Journalism,${tag}-${i},female,2004-05-06`,
    );
  return lines.join('\n');
}

// The probe: one connection, a request every PROBE_EVERY_MS while the last one has answered (a
// tick finding it still out is skipped), so each wait is the server's, not a queue of the probe's own.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { baseUrl, token, every } = workerData;
const waits = [];
let errors = 0, sent = 0, out = null;
const paths = ['/api/me', '/api/students?page=3&pageSize=25'];
const tick = () => {
  if (out) return;
  const start = performance.now();
  const path = paths[sent++ % paths.length];
  out = fetch(baseUrl + path, { headers: { authorization: 'Bearer ' + token } })
    .then(async (r) => { await r.arrayBuffer(); if (!r.ok) errors++; })
    .catch(() => { errors++; })
    .finally(() => { waits.push(performance.now() - start); out = null; });
};
const timer = setInterval(tick, every);
parentPort.on('message', async () => {
  clearInterval(timer);
  await out;
  parentPort.postMessage({ waits, errors });
});
`;

function startProbe(baseUrl: string, token: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { baseUrl, token, every: PROBE_EVERY_MS } });
  return async () => {
    const answer = new Promise<{ waits: number[]; errors: number }>((resolve) =>
      worker.once('message', resolve),
    );
    worker.postMessage('stop');
    const result = await answer;
    await worker.terminate();
    return result;
  };
}

async function send(server: BenchServer, path: string, token: string, csv: string) {
  const form = new FormData();
  form.append('file', new File([csv], 'upload.csv', { type: 'text/csv' }));
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  const body = (await res.json()) as Record<string, unknown>;
  const seconds = (performance.now() - t0) / 1000;
  const result = res.ok ? String(body.success ?? body.imported) : `HTTP ${res.status}: ${String(body.error)}`;
  return { seconds, result };
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const t0 = performance.now();
    await seed(server);
    const seedSeconds = (performance.now() - t0) / 1000;
    console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
    const admin = await server.signIn('ADM001');
    const officer = await server.signIn('PO001');
    const other = await server.signIn('PO002');
    const uploads = [
      {
        label: 'allowances, 10,000 rows',
        path: '/api/allowances/bulk',
        token: admin,
        csv: allowanceCsv(10_000, 0),
      },
      {
        label: 'students, 5,000 rows',
        path: '/api/students/import',
        token: officer,
        csv: studentCsv(5_000, 'DAY'),
      },
      {
        label: 'allowances, 100,000 rows',
        path: '/api/allowances/bulk',
        token: admin,
        csv: allowanceCsv(100_000, 1),
      },
      {
        label: 'students, 20,000 rows',
        path: '/api/students/import',
        token: officer,
        csv: studentCsv(20_000, 'MAX'),
      },
    ];
    const rows: Array<Record<string, string | number>> = [];
    // Warm-up: the probe alone, so connections and JIT are ready.
    const warm = startProbe(server.baseUrl, other);
    await delay(1_000);
    const alone = await warm();
    rows.push(line('probe alone', { seconds: 0, result: '' }, alone));
    for (const upload of uploads) {
      const stop = startProbe(server.baseUrl, other);
      await delay(LEAD_MS);
      const sent = await send(server, upload.path, upload.token, upload.csv);
      await delay(LEAD_MS);
      rows.push(line(upload.label, sent, await stop()));
      console.log(JSON.stringify(rows.at(-1)));
    }
    printTable(
      `Uploads on ${server.database} (${STUDENTS.toLocaleString('en')} students, ` +
        `${(STUDENTS * MONTHS_SEEDED).toLocaleString('en')} allowances seeded in ${seedSeconds.toFixed(1)} s); ` +
        `probe every ${PROBE_EVERY_MS} ms`,
      rows,
    );
  } finally {
    await server.close();
  }
}

function line(
  label: string,
  sent: { seconds: number; result: string },
  probe: { waits: number[]; errors: number },
) {
  const waits = [...probe.waits].sort((a, b) => a - b);
  const at = (p: number) => waits[Math.min(waits.length - 1, Math.floor(p * waits.length))] ?? 0;
  return {
    upload: label,
    duration: sent.seconds ? `${sent.seconds.toFixed(2)} s` : '',
    result: sent.result,
    probes: waits.length,
    'probe errors': probe.errors,
    p50: ms(at(0.5)),
    p99: ms(at(0.99)),
    'longest wait': ms(waits.at(-1) ?? 0),
  };
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
