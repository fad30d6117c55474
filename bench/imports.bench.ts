/**
 * Does one big upload stall everyone else? Another officer pages through their student list with a
 * few clients, alone and then while (a) the largest student CSV the import takes is imported, (b) a
 * 10 MB student CSV of about 1,000,000 rows (the probe's file) is sent and refused, and (c) a
 * 100,000-row allowance file is bulk-uploaded. Each load starts a moment before its upload and
 * stops when the upload answers, so its figures are the other user's experience during it.
 * Peak resident memory is this process's (the API and the bench's own files; PGlite runs in a
 * child). Run it alone with `npm run bench -- imports`.
 */
import { sql } from 'drizzle-orm';
import { ALLOWANCE_TEMPLATE_COLUMNS } from '../src/contracts/allowances';
import { STUDENT_IMPORT_TEMPLATE_HEADER } from '../src/contracts/students';
import { MONTHS } from '../src/domain/dates';
import { STUDENT_IMPORT_MAX_ROWS } from '../src/domain/student-import';
import { insertByArrays } from '../src/server/db/bulk-insert';
import { buildDemoStudents } from '../src/server/db/demo-seed/students';
import { students } from '../src/server/db/schema';
import {
  type BenchServer,
  type BenchTarget,
  type LoadResult,
  loadFromWorker,
  ms,
  printTable,
  startBenchServer,
} from './harness';

/** Students already there (the other officer's list pages through them). */
const STUDENTS = 20_000;
/** Students the allowance file names, 10 months each. */
const ALLOWANCE_STUDENTS = 10_000;
const BULK_ROWS = 100_000;
/** Rows of the probe's 10 MB student file. */
const HUGE_ROWS = 1_000_000;
/** A few colleagues clicking through their lists at once. */
const LISTERS = 4;
const ALONE_REQUESTS = 2_000;
/** The load runs this long alone before the upload starts (the load worker has started by then) and after it. */
const LEAD_MS = 300;

interface Upload {
  label: string;
  path: string;
  token: string;
  name: string;
  csv: string;
  /** The answer's gist: rows written, or the refusal. */
  outcome(status: number, body: Record<string, unknown>): string;
}

function studentCsv(rows: number): string {
  const lines = [STUDENT_IMPORT_TEMPLATE_HEADER];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Import${i},Bench${i},import${i}@example.org,+26097${String(i).padStart(7, '0')},Matero,diploma,` +
        `"Northern Technical College, Ndola",Diploma in Journalism,IMPORT-${i},female,2004-05-06`,
    );
  return lines.join('\n');
}

/** The probe's file: about a million short rows in just under 10 MB. */
function hugeStudentCsv(): string {
  const lines = ['first_name,last_name'];
  for (let i = 0; i < HUGE_ROWS; i++) lines.push(`A,B${i % 100_000}`);
  return lines.join('\n');
}

function allowanceCsv(): string {
  const lines = [ALLOWANCE_TEMPLATE_COLUMNS.join(',')];
  for (let i = 0; i < BULK_ROWS; i++) {
    const n = (i % ALLOWANCE_STUDENTS) + 1;
    const month = MONTHS[Math.floor(i / ALLOWANCE_STUDENTS)]!;
    lines.push(
      `,Bench Student ${n},BEN-${String(n).padStart(6, '0')},${month},2027,university,1500.50,200,150,100,800,`,
    );
  }
  return lines.join('\n');
}

async function seed(server: BenchServer): Promise<void> {
  const officers = { PO001: server.accounts.PO001!, PO002: server.accounts.PO002! };
  const world = buildDemoStudents(officers, new Date(), { count: STUDENTS, seed: 20_000 });
  await server.db.transaction((tx) => insertByArrays(tx, students, world));
  await server.db.execute(sql`
    insert into students (first_name, last_name, full_name, chl_number, program_level, assigned_officer_id)
    select 'Bench', 'Student ' || g, 'Bench Student ' || g, 'BEN-' || lpad(g::text, 6, '0'),
           'university', ${officers.PO001.id}::uuid
      from generate_series(1, ${ALLOWANCE_STUDENTS}::int) g`);
  await server.db.execute(sql`vacuum analyze ${students}`);
}

/** Peak resident memory of this process while `work` runs, sampled every 50 ms. */
async function peakRss<T>(work: Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  try {
    const value = await work;
    return { value, peakMb: Math.max(peak, process.memoryUsage.rss()) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

async function send(server: BenchServer, upload: Upload) {
  const form = new FormData();
  form.append('file', new File([upload.csv], upload.name, { type: 'text/csv' }));
  const t0 = performance.now();
  const res = await fetch(`${server.baseUrl}${upload.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${upload.token}` },
    body: form,
    signal: AbortSignal.timeout(600_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { seconds: (performance.now() - t0) / 1000, outcome: upload.outcome(res.status, body) };
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const t0 = performance.now();
    await seed(server);
    const seedSeconds = (performance.now() - t0) / 1000;
    const tokens = {
      ADM001: await server.signIn('ADM001'),
      PO001: await server.signIn('PO001'),
      PO002: await server.signIn('PO002'),
    };
    // The other user: PO002's own list, page after page.
    const list = (requests: number, until?: Promise<unknown>) =>
      loadFromWorker(
        server.baseUrl,
        requests,
        LISTERS,
        (i) => ({ path: `/api/students?page=${1 + (i % 20)}&pageSize=25`, token: tokens.PO002 }),
        600,
        until,
      );
    await list(500); // warm-up: connections, JIT, caches

    const rows: Array<Record<string, string | number>> = [];
    const row = (scenario: string, r: LoadResult, upload = '', result = '', rss = '') =>
      rows.push({
        scenario,
        'list requests': r.requests,
        errors: r.errors,
        p50: ms(r.p50),
        p99: ms(r.p99),
        max: ms(r.max),
        upload,
        result,
        'peak RSS': rss,
      });
    const rssBefore = process.memoryUsage.rss() / 1024 / 1024;
    row('list alone', await list(ALONE_REQUESTS), '', '', `${rssBefore.toFixed(0)} MB`);

    const studentFile = studentCsv(STUDENT_IMPORT_MAX_ROWS);
    const hugeFile = hugeStudentCsv();
    const allowanceFile = allowanceCsv();
    const uploads: Upload[] = [
      {
        label: `student import, ${STUDENT_IMPORT_MAX_ROWS.toLocaleString('en')} rows (${mb(studentFile)})`,
        path: '/api/students/import',
        token: tokens.PO001,
        name: 'students.csv',
        csv: studentFile,
        outcome: (status, body) => (status === 201 ? `${body.imported} imported` : `HTTP ${status}`),
      },
      {
        label: `student file of ${HUGE_ROWS.toLocaleString('en')} rows (${mb(hugeFile)})`,
        path: '/api/students/import',
        token: tokens.PO001,
        name: 'huge.csv',
        csv: hugeFile,
        outcome: (status, body) => `HTTP ${status}: ${String(body.error).slice(0, 50)}`,
      },
      {
        label: `allowance bulk upload, ${BULK_ROWS.toLocaleString('en')} rows (${mb(allowanceFile)})`,
        path: '/api/allowances/bulk',
        token: tokens.ADM001,
        name: 'allowances.csv',
        csv: allowanceFile,
        outcome: (status, body) => (status === 200 ? `${body.success} written` : `HTTP ${status}`),
      },
    ];
    for (const upload of uploads) {
      const sent = delay(LEAD_MS).then(() => send(server, upload));
      // A list request held behind the upload answers just after it: wait for it before stopping.
      const [load, { value, peakMb }] = await Promise.all([
        list(
          1_000_000,
          sent.then(() => delay(LEAD_MS)),
        ),
        peakRss(sent),
      ]);
      row(
        `list during ${upload.label}`,
        load,
        `${value.seconds.toFixed(2)} s`,
        value.outcome,
        `${peakMb.toFixed(0)} MB`,
      );
    }
    printTable(
      `Another officer's student list (${LISTERS} clients) during uploads on ${server.database} ` +
        `(${(STUDENTS + ALLOWANCE_STUDENTS).toLocaleString('en')} students seeded in ${seedSeconds.toFixed(1)} s)`,
      rows,
    );
  } finally {
    await server.close();
  }
}

const delay = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const mb = (text: string) => `${(text.length / 1024 / 1024).toFixed(1)} MB`;
