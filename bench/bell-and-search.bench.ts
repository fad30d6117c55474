/**
 * Stress test of the floor (closed loop), not a target: `npm run bench -- day` measures a day as
 * people feel it (issue 47); lines that repeat a request a cache can answer say so.
 *
 * The bell and the top bar's search, which every signed-in page asks: GET /api/notifications (the
 * allowances, yearbook and stories sources) and GET /api/search (six sources) on 50,000 students,
 * 600 yearbook entries and 500 stories, each scenario for 10 s, as a ratio to the cheapest
 * signed-in request (/api/me) measured in the same run.
 */
import { sql } from 'drizzle-orm';
import { insertByArrays } from '../src/server/db/bulk-insert';
import { buildDemoStudents } from '../src/server/db/demo-seed/students';
import {
  impactStories,
  storyCategories,
  students,
  yearbookEntries,
  yearbooks,
} from '../src/server/db/schema';
import {
  type BenchTarget,
  type LoadResult,
  loadFromWorker,
  ms,
  printTable,
  REPEATS,
  startBenchServer,
} from './harness';

const STUDENTS = 50_000;
const CONCURRENCY = 20;
const SECONDS = 10;
/** More than ten seconds' worth: the load stops at SECONDS. */
const REQUESTS = 1_000_000;
const TERMS = ['mw', 'banda', 'chanda', 'na', 'phiri', 'chl-2024', 'zulu', 'kabwe', 'nursing', 'ubuntu'];

async function seedWorld(server: Awaited<ReturnType<typeof startBenchServer>>) {
  const officers = { PO001: server.accounts.PO001!, PO002: server.accounts.PO002! };
  const world = buildDemoStudents(officers, new Date(), { count: STUDENTS, seed: 77_000 });
  await server.db.transaction((tx) => insertByArrays(tx, students, world));
  const picked = await server.db
    .select({ id: students.id, name: students.fullName, program: students.currentProgram })
    .from(students)
    .limit(1_100);
  const books = await server.db
    .insert(yearbooks)
    .values(
      [2024, 2025, 2026].map((year) => ({ year, title: `Class ${year}`, status: 'published' as const })),
    )
    .returning({ id: yearbooks.id });
  await server.db.insert(yearbookEntries).values(
    picked.slice(0, 600).map((s, i) => ({
      yearbookId: books[i % 3]!.id,
      studentId: s.id,
      studentName: s.name,
      program: s.program,
      quote: 'Ubuntu: I am because we are.',
      status: i % 6 === 0 ? ('pending' as const) : ('approved' as const),
    })),
  );
  const [category] = await server.db
    .insert(storyCategories)
    .values({ name: 'Bench', color: 'green' })
    .returning();
  await server.db.insert(impactStories).values(
    picked.slice(600, 1_100).map((s, i) => ({
      studentId: s.id,
      studentName: s.name,
      year: 2025,
      title: `How ${s.name} found a way`,
      excerpt: 'A bursary, a laptop and a mentor.',
      content: 'The story.',
      categoryId: category!.id,
      approved: i % 10 !== 0,
      datePosted: '2026-01-01',
    })),
  );
  await server.db.execute(sql`analyze`);
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    await seedWorld(server);
    const tokens = { DPM001: await server.signIn('DPM001'), PO001: await server.signIn('PO001') };
    const load = (path: (i: number) => string, token: string) =>
      loadFromWorker(server.baseUrl, REQUESTS, CONCURRENCY, (i) => ({ path: path(i), token }), SECONDS);
    const term = (i: number) => encodeURIComponent(TERMS[i % TERMS.length]!);

    await loadFromWorker(
      server.baseUrl,
      300,
      10,
      () => ({ path: '/api/notifications', token: tokens.DPM001 }),
      20,
    );
    const scenarios: Array<[string, LoadResult]> = [
      ['floor: /api/me', await load(() => '/api/me', tokens.DPM001)],
      [`bell (deputy manager: 3 sources)${REPEATS}`, await load(() => '/api/notifications', tokens.DPM001)],
      [`bell (program officer)${REPEATS}`, await load(() => '/api/notifications', tokens.PO001)],
      [
        `search (deputy manager: 7 sources)${REPEATS}`,
        await load((i) => `/api/search?q=${term(i)}`, tokens.DPM001),
      ],
      [`search (program officer)${REPEATS}`, await load((i) => `/api/search?q=${term(i)}`, tokens.PO001)],
    ];
    const floor = scenarios[0]![1].rps;
    printTable(
      `Bell and search on ${server.database}: ${STUDENTS.toLocaleString('en')} students, ${CONCURRENCY} clients, ${SECONDS} s each`,
      scenarios.map(([name, r]) => ({
        scenario: name,
        requests: r.requests,
        errors: r.errors,
        'req/s': r.rps.toFixed(0),
        'x floor': (r.rps / floor).toFixed(2),
        p50: ms(r.p50),
        p95: ms(r.p95),
        p99: ms(r.p99),
      })),
    );
  } finally {
    await server.close();
  }
}
