/**
 * Student Files (issue: uploading or downloading a 10 MB file holds at most about twice its size
 * in the server's memory; ten concurrent 10 MB uploads succeed; upload and download throughput
 * against the raw database write in the same run). The clients run in a child process
 * (bench/file-client.mjs) so the bodies they hold are theirs, not the server's.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { buildDemoStudents } from '../src/server/db/demo-seed/students';
import { storedFileParts, studentFiles, students } from '../src/server/db/schema';
import { fileStore } from '../src/server/storage/file-store';
import { type BenchTarget, printTable, startBenchServer } from './harness';

const MB = 1024 * 1024;
const FILE = 10 * MB;
const SECONDS = 10;

interface ClientResult {
  requests: number;
  errors: number;
  bytes: number;
  seconds: number;
  statuses: Record<string, number>;
}

const execute = promisify(execFile);
async function clients(job: Record<string, unknown>): Promise<ClientResult> {
  const { stdout } = await execute(
    process.execPath,
    [new URL('./file-client.mjs', import.meta.url).pathname, JSON.stringify(job)],
    {
      maxBuffer: MB,
    },
  );
  return JSON.parse(stdout) as ClientResult;
}

const collect = (globalThis as { gc?: () => void }).gc;

/**
 * The memory the server holds (heap and buffers) above what it held before, sampled every 10 ms
 * while `work` runs. Garbage is collected before each sample (node --expose-gc, as `npm run
 * bench` starts it), so the figure is what is held, not what is waiting to be collected.
 */
async function peakMemoryDuring<T>(work: Promise<T>): Promise<{ result: T; peak: number }> {
  const used = () => {
    collect?.();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const base = used();
  let peak = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, used() - base);
  }, 10);
  const result = await work;
  clearInterval(timer);
  return { result, peak: Math.max(peak, used() - base) };
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const officers = { PO001: server.accounts.PO001!, PO002: server.accounts.PO002! };
    await server.db.insert(students).values(buildDemoStudents(officers, new Date(), { count: 4, seed: 7 }));
    const [student] = await server.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.assignedOfficerId, officers.PO001.id));
    const token = await server.signIn('PO001');
    const job = { baseUrl: server.baseUrl, token, studentId: student!.id, size: FILE, seconds: SECONDS };

    // The raw write: 10 MB in 1 MB parts through the file store, a transaction each, for 10 s.
    const chunk = Buffer.alloc(FILE, 0x61);
    const started = performance.now();
    let written = 0;
    while (performance.now() - started < SECONDS * 1000) {
      await server.db.transaction((tx) => fileStore().save(tx, randomUUID(), [chunk]));
      written += FILE;
    }
    const rawSeconds = (performance.now() - started) / 1000;
    await server.db.delete(storedFileParts);

    const uploads = await clients({ ...job, mode: 'upload', concurrency: 2, requests: 100_000 });
    console.log(`uploads answered ${JSON.stringify(uploads.statuses)}`);
    const [kept] = await server.db.select({ id: studentFiles.id }).from(studentFiles).limit(1);
    const downloads = await clients({
      ...job,
      mode: 'download',
      concurrency: 2,
      requests: 100_000,
      fileId: kept!.id,
    });
    const one = await peakMemoryDuring(clients({ ...job, mode: 'upload', concurrency: 1, requests: 5 }));
    const oneDown = await peakMemoryDuring(
      clients({ ...job, mode: 'download', concurrency: 1, requests: 5, fileId: kept!.id }),
    );
    const ten = await peakMemoryDuring(clients({ ...job, mode: 'upload', concurrency: 10, requests: 10 }));

    const mbps = (bytes: number, seconds: number) => bytes / MB / seconds;
    const raw = mbps(written, rawSeconds);
    const row = (scenario: string, r: ClientResult, peak: number | null, files: number) => ({
      scenario,
      requests: r.requests,
      errors: r.errors,
      'MB/s': mbps(r.bytes, r.seconds).toFixed(1),
      'x raw write': (mbps(r.bytes, r.seconds) / raw).toFixed(2),
      'peak memory / file': peak === null ? '' : `${(peak / files / FILE).toFixed(2)} x size`,
    });
    printTable(`Student files on ${server.database}: 10 MB files`, [
      {
        scenario: 'raw write (file store, 1 MB parts)',
        requests: Math.round(written / FILE),
        errors: 0,
        'MB/s': raw.toFixed(1),
        'x raw write': '1.00',
        'peak memory / file': '',
      },
      row('upload, 2 clients, 10 s', uploads, null, 1),
      row('download, 2 clients, 10 s', downloads, null, 1),
      row('one upload at a time (5)', one.result, one.peak, 1),
      row('one download at a time (5)', oneDown.result, oneDown.peak, 1),
      row('ten uploads at once', ten.result, ten.peak, 10),
    ]);
    console.log(`ten uploads at once answered ${JSON.stringify(ten.result.statuses)} (all must be 201)`);
    if (!collect)
      console.log('(run with node --expose-gc for memory held rather than memory not yet collected)');
  } finally {
    await server.close();
  }
}
