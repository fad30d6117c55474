/**
 * The busiest day (issue 47): a national programme (50,000 students, 600,000 allowances, 10,000
 * each of tasks, issues, forms and files; 200 staff and 1,000 student and user accounts, each
 * signed in once) on the app as `npm start` runs it, the app and its database together on core 0,
 * this load generator on core 1. Actions arrive open-loop at a set rate from the mix in
 * bench/day/mix.ts. First the national peak (55 actions/s) while a 10,000-row allowance upload and
 * a 5,000-row student import run; then the rate steps up until an action misses its p95 (300 ms
 * interactive, 1 s searches and the dashboard) or errors: the day's capacity. Memory is the app
 * and every process it started, at rest and at peak.
 *
 * Settings: `npm run bench -- day [--quick]`; DAY_STEP_SECONDS (10), DAY_RATE_STEP (55; 110
 * quick), DAY_MAX_RATE (660), DAY_RESOLUTION (15; 30 quick), DAY_STUDENTS (50000), DAY_PORT (3047),
 * DAY_FRESH_SEED=1 (seed afresh instead of copying the seeded day kept by bench/day/cache.ts),
 * DAY_APP_NODE_ARGS (the app's node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/day-prof`).
 */
import http from 'node:http';
import pg from 'pg';
import { eachActionAlone } from './day/alone';
import { prepareDatabase } from './day/database';
import { Draw, peopleAt, weightedPicker } from './day/draw';
import { MIX } from './day/mix';
import {
  type ActionStats,
  drained,
  errorNotes,
  misses,
  nextRate,
  openLoop,
  type Sample,
  send,
  statsByAction,
} from './day/open-loop';
import { memoryPeak, pinPostgres, pinSelf, residentMemory, startApp } from './day/server';
import { allowanceCsv, IMPORT_ROWS, type Sent, sendFile, studentCsv, UPLOAD_ROWS } from './day/uploads';
import type { DayWorld } from './day/world';
import { type BenchTarget, ms, printTable } from './harness';

const PEAK = 55;
const CAPACITY_TARGET = 165;
const STALL_TARGET_MS = 1_000;
const MEMORY_TARGET_MIB = 700;

function settings() {
  const quick = process.argv.includes('--quick');
  const n = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
  return {
    quick,
    stepSeconds: n('DAY_STEP_SECONDS', 10),
    rateStep: n('DAY_RATE_STEP', quick ? 110 : 55),
    maxRate: n('DAY_MAX_RATE', 660),
    resolution: n('DAY_RESOLUTION', quick ? 30 : 15),
    students: n('DAY_STUDENTS', 50_000),
    port: n('DAY_PORT', 3047),
  };
}

const verdict = (ok: boolean) => (ok ? 'held' : 'MISSED');

function actionRows(stats: ActionStats[]) {
  return MIX.map((a) => stats.find((s) => s.action === a.name))
    .filter((s): s is ActionStats => s !== undefined)
    .map((s) => ({
      action: s.action,
      'p95 limit': s.kind === 'interactive' ? '300 ms' : '1 s',
      count: s.count,
      p50: ms(s.p50),
      p95: ms(s.p95),
      p99: ms(s.p99),
      max: ms(s.max),
      errors: s.errors,
    }));
}

/** Each action once, in turn, before any load: a request the seeded world cannot answer shows here. */
async function probe(baseUrl: string, draw: Draw, agent: http.Agent): Promise<string[]> {
  const failed: string[] = [];
  for (const action of MIX) if (!(await send(baseUrl, agent, action.make(draw)))) failed.push(action.name);
  return failed;
}

/** The longest any other request waited among those that arrived while a file was being taken in. */
function stall(samples: Sample[], files: Sent[]) {
  const during = samples.filter((s) => files.some((f) => s.scheduled < f.ended && s.ended > f.started));
  return during.reduce((worst, s) => Math.max(worst, s.ended - s.scheduled), 0);
}

export async function run(target: BenchTarget): Promise<void> {
  const o = settings();
  console.log(
    `Settings: ${o.quick ? 'quick, ' : ''}${o.students.toLocaleString('en')} students, steps of ${o.stepSeconds} s ` +
      `(+2 s warm-up) from ${PEAK}/s up by ${o.rateStep}/s to at most ${o.maxRate}/s, refined to ${o.resolution}/s; ` +
      `app on port ${o.port}`,
  );
  const db = await prepareDatabase(target, o.students);
  const w = db.world;
  console.log(
    `${db.cacheKey ? `Seeded from cache (key ${db.cacheKey})` : 'Seeded'} in ${db.seedSeconds.toFixed(1)} s: ${Object.entries(
      w.rows,
    )
      .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
      .join(', ')}`,
  );
  const app = await startApp(o.port, db.app);
  const pinned = target.serverUrl ? await pinDatabaseServer(db.app.url!) : null;
  if (pinned) console.log(pinned.note);
  const unpin = pinSelf(1);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2_048 });
  try {
    await new Promise((r) => setTimeout(r, 2_000));
    const rest = residentMemory(app.pid);
    const draw = new Draw(w);
    const pick = weightedPicker(MIX);
    const failed = await probe(app.baseUrl, draw, agent);
    if (failed.length) console.log(`Probe: these actions failed once each: ${failed.join(', ')}`);
    await openLoop({ baseUrl: app.baseUrl, rate: 20, seconds: 5, pick, draw, agent });
    const alone = await eachActionAlone(app.baseUrl, agent, MIX, draw, o.quick ? 10 : 30);
    printTable(
      `Each action alone on ${target.label} (one after another, nobody else on the server)`,
      alone.costs.map((c) => ({
        action: c.action,
        weight: c.weight,
        p50: ms(c.p50),
        mean: ms(c.mean),
        'share of the core': `${(c.share * 100).toFixed(1)} %`,
      })),
    );
    console.log(
      `  the mix's mean: ${ms(alone.meanMs)} of the core per action, so the core is full at about ${alone.ceiling.toFixed(0)} actions/s`,
    );

    // The day's peak is the national peak with the files (item 3's 700 MiB); the capacity steps
    // past it queue thousands of requests for seconds each, which no day sees: measured apart.
    const memory = memoryPeak(app.pid);
    const peak = await peakWithFiles(app.baseUrl, w, { pick, draw, agent }, o.stepSeconds);
    const peakMemory = memory.stop();
    const overloadMemory = memoryPeak(app.pid);
    const steps: Array<{
      rate: number;
      held: boolean;
      stats: ActionStats[];
      missed: string[];
      achieved: number;
    }> = [];
    for (
      let rate: number | null = PEAK;
      rate !== null;
      rate = nextRate(steps, o.rateStep, o.resolution, o.maxRate)
    ) {
      // What the last step left queued (requests given up on) is not charged to this one.
      await drained(app.baseUrl);
      await openLoop({ baseUrl: app.baseUrl, rate, seconds: 2, pick, draw, agent });
      const started = performance.now();
      const samples = await openLoop({
        baseUrl: app.baseUrl,
        rate,
        seconds: o.stepSeconds,
        pick,
        draw,
        agent,
      });
      const stats = statsByAction(samples);
      const missed = misses(stats);
      const achieved = samples.length / ((performance.now() - started) / 1000);
      steps.push({ rate, held: missed.length === 0, stats, missed, achieved });
      console.log(
        `  step ${rate}/s: ${missed.length ? `missed (${missed.slice(0, 4).join('; ')})` : 'held'}`,
      );
    }
    const stepsMemory = overloadMemory.stop();

    printTable(
      `Peak on ${target.label}: ${PEAK} actions/s for ${peak.seconds.toFixed(0)} s with the ${UPLOAD_ROWS.toLocaleString('en')}-row allowance upload and the ${IMPORT_ROWS.toLocaleString('en')}-row student import`,
      actionRows(peak.stats),
    );
    for (const f of peak.files)
      console.log(
        `  ${f.label}: ${((f.ended - f.started) / 1000).toFixed(2)} s, answered ${f.status} (${f.outcome})`,
      );
    printTable(
      `Capacity steps on ${target.label} (${o.stepSeconds} s each after 2 s warm-up)`,
      steps.map((s) => ({
        'rate /s': s.rate,
        'sent /s': s.achieved.toFixed(0),
        requests: s.stats.reduce((n, a) => n + a.count, 0),
        'worst interactive p95': ms(
          Math.max(...s.stats.filter((a) => a.kind === 'interactive').map((a) => a.p95)),
        ),
        'worst search/dashboard p95': ms(
          Math.max(...s.stats.filter((a) => a.kind === 'search').map((a) => a.p95)),
        ),
        errors: s.stats.reduce((n, a) => n + a.errors, 0),
        result: s.held ? 'held' : `missed: ${s.missed.slice(0, 2).join('; ')}`,
      })),
    );
    const best = steps.filter((s) => s.held).at(-1);
    if (best)
      printTable(`Per action at the capacity (${best.rate}/s) on ${target.label}`, actionRows(best.stats));
    if (errorNotes.size)
      console.log(
        `Errors seen (first of each kind):\n${[...errorNotes].map(([k, v]) => `  ${k}: ${v}`).join('\n')}`,
      );

    const capacity = best?.rate ?? 0;
    const people = peopleAt(capacity);
    console.log(
      `\nCapacity on ${target.label}: ${capacity}/s = ${people.staff} staff acting every 10 s and ${people.readers.toLocaleString('en')} students and users every 30 s`,
    );
    console.log(
      `Memory of the app and everything it started (VmRSS / PSS): at rest ${rest.rss.toFixed(0)} / ${rest.pss.toFixed(0)} MiB, ` +
        `at the day's peak (${PEAK}/s with the files) ${peakMemory.rss.toFixed(0)} / ${peakMemory.pss.toFixed(0)} MiB, ` +
        `during the capacity steps (overloaded past the capacity) ${stepsMemory.rss.toFixed(0)} / ${stepsMemory.pss.toFixed(0)} MiB` +
        `${target.serverUrl ? ' (the PostgreSQL server not included)' : ''}`,
    );
    const peakHeld = misses(peak.stats).length === 0 && peak.files.every((f) => f.status < 300);
    console.log(`Targets on ${target.label}:`);
    console.log(
      `  peak ${PEAK}/s with upload and import: ${verdict(peakHeld)}${peakHeld ? '' : ` (${misses(peak.stats).slice(0, 3).join('; ') || 'a file was refused'})`}`,
    );
    console.log(
      `  capacity >= ${CAPACITY_TARGET}/s: ${verdict(capacity >= CAPACITY_TARGET)} (${capacity}/s)`,
    );
    console.log(
      `  stall <= 1 s: ${verdict(peak.stall <= STALL_TARGET_MS)} (longest wait during the files ${ms(peak.stall)})`,
    );
    console.log(
      `  peak memory <= ${MEMORY_TARGET_MIB} MiB: ${verdict(peakMemory.rss <= MEMORY_TARGET_MIB)} (${peakMemory.rss.toFixed(0)} MiB VmRSS)`,
    );
  } finally {
    agent.destroy();
    unpin();
    await app.stop();
    pinned?.restore();
    await db.drop();
  }
}

/** The national peak for at least `seconds`, and for as long as the upload and the import take. */
async function peakWithFiles(
  baseUrl: string,
  w: DayWorld,
  load: { pick: () => (typeof MIX)[number]; draw: Draw; agent: http.Agent },
  seconds: number,
) {
  const admin = w.people.admins[1]!;
  const files = new Promise<Sent[]>((resolve) => setTimeout(resolve, 2_000)).then(() =>
    Promise.all([
      sendFile(
        baseUrl,
        admin.token,
        '/api/allowances/bulk',
        'allowances.csv',
        allowanceCsv(w),
        'allowance upload',
      ),
      sendFile(baseUrl, admin.token, '/api/students/import', 'students.csv', studentCsv(), 'student import'),
    ]),
  );
  const started = performance.now();
  const samples = await openLoop({ baseUrl, rate: PEAK, seconds, until: files, ...load });
  const sent = await files;
  return {
    stats: statsByAction(samples),
    files: sent,
    stall: stall(samples, sent),
    seconds: (performance.now() - started) / 1000,
  };
}

/** Pins the PostgreSQL server the app uses (found through a backend's parent) to core 0. */
async function pinDatabaseServer(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pinned = pinPostgres(rows[0]!.pid);
  await client.end();
  return pinned;
}
