/**
 * Does the time of an answer tell who has an account? Forgot-password and registration are sent
 * for addresses that have an account and addresses that do not, interleaved, one at a time; the
 * figure is how often a single request's time guesses right (50% = it tells nothing), using the
 * best threshold between the two medians. Before the outbox (docs/decisions/005), forgot-password
 * guessed right 76.5% of the time in production mode.
 */
import { type BenchTarget, ms, printTable, startBenchServer } from './harness';

const PAIRS = 200;
const REGISTER_PAIRS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How often "slower than the threshold means it has an account" is right, at the best threshold. */
function bestGuessRate(known: number[], unknown: number[]): number {
  const all = [...known, ...unknown].sort((a, b) => a - b);
  let best = 0.5;
  for (const threshold of all) {
    const right = known.filter((t) => t > threshold).length + unknown.filter((t) => t <= threshold).length;
    const rate = right / (known.length + unknown.length);
    best = Math.max(best, rate, 1 - rate);
  }
  return best;
}

async function timed(url: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.text();
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

export async function run(target: BenchTarget): Promise<void> {
  const server = await startBenchServer(target);
  try {
    const forgot = `${server.baseUrl}/api/staff-auth/forgot-password`;
    const register = `${server.baseUrl}/api/staff-auth/register`;
    for (let i = 0; i < 20; i++) await timed(forgot, { email: `warm${i}@example.org` });

    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      // Alternate which goes first, so a warm-up effect falls on both alike.
      if (i % 2 === 0) {
        known.push(await timed(forgot, { email: 'adm001@demo.chl.org.zm' }));
        unknown.push(await timed(forgot, { email: `nobody${i}@example.org` }));
      } else {
        unknown.push(await timed(forgot, { email: `nobody${i}@example.org` }));
        known.push(await timed(forgot, { email: 'adm001@demo.chl.org.zm' }));
      }
    }

    const taken: number[] = [];
    const fresh: number[] = [];
    const registration = (staffId: string, email: string) => ({
      staffId,
      email,
      password: 'Bench#Pass2026',
      name: 'Bench Person',
      role: 'user',
    });
    for (let i = 0; i < REGISTER_PAIRS; i++) {
      taken.push(await timed(register, registration(`BT${i}`, 'dpm001@demo.chl.org.zm')));
      fresh.push(await timed(register, registration(`BF${i}`, `bench-fresh-${i}@example.org`)));
    }

    printTable(`Who has an account, told by time? (${server.database}, one request at a time)`, [
      {
        request: `forgot-password (${PAIRS} pairs)`,
        'has account p50': ms(median(known)),
        'no account p50': ms(median(unknown)),
        'single-request guess right': `${(bestGuessRate(known, unknown) * 100).toFixed(1)}%`,
      },
      {
        request: `register (${REGISTER_PAIRS} pairs)`,
        'has account p50': ms(median(taken)),
        'no account p50': ms(median(fresh)),
        'single-request guess right': `${(bestGuessRate(taken, fresh) * 100).toFixed(1)}%`,
      },
    ]);
    console.log(
      '(50% means the time tells nothing; the best threshold is chosen after the fact, so noise alone reads a little above 50%)',
    );
  } finally {
    await server.close();
  }
}
