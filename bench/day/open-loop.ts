/**
 * Open-loop load: actions arrive at a set rate (Poisson arrivals) whatever the server does, each
 * sent at its scheduled time on a keep-alive connection of its own if none is free, and its
 * latency counted from the scheduled time, not from when it could be sent (no coordinated
 * omission: a server that stalls is charged for every request that arrived meanwhile).
 */
import http from 'node:http';
import type { Draw } from './draw';
import type { Action, Kind, Request } from './mix';

/** Arrival times in ms from the start: exponential gaps with mean 1000/rate. */
export function arrivalSchedule(rate: number, seconds: number, random: () => number = Math.random): number[] {
  const times: number[] = [];
  let at = 0;
  for (;;) {
    at += (-Math.log(1 - random()) * 1000) / rate;
    if (at >= seconds * 1000) return times;
    times.push(at);
  }
}

/** The value at percentile p (0..100) of ascending `sorted`, nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface Sample {
  action: string;
  kind: Kind;
  /** Scheduled arrival and end, ms on performance.now()'s clock. */
  scheduled: number;
  ended: number;
  ok: boolean;
}

export interface ActionStats {
  action: string;
  kind: Kind;
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function statsByAction(samples: readonly Sample[]): ActionStats[] {
  const groups = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = groups.get(s.action) ?? [];
    list.push(s);
    groups.set(s.action, list);
  }
  return [...groups].map(([action, list]) => {
    const sorted = list.map((s) => s.ended - s.scheduled).sort((a, b) => a - b);
    return {
      action,
      kind: list[0]!.kind,
      count: list.length,
      errors: list.filter((s) => !s.ok).length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.at(-1)!,
    };
  });
}

/** p95 limits (issue 47): interactive actions 300 ms, searches and the dashboard 1 s. */
export const P95_LIMIT: Record<Kind, number> = { interactive: 300, search: 1_000 };

/** Why a step misses the day's targets: actions over their p95 limit or with errors; [] when it holds. */
export function misses(stats: readonly ActionStats[]): string[] {
  const out: string[] = [];
  for (const s of stats) {
    if (s.errors > 0) out.push(`${s.action}: ${s.errors} errors`);
    if (s.p95 > P95_LIMIT[s.kind]) out.push(`${s.action}: p95 ${s.p95.toFixed(0)} ms > ${P95_LIMIT[s.kind]}`);
  }
  return out;
}

/**
 * The next rate to try after a step: up by `step` while every step held, then halving the gap
 * between the highest rate that held and the lowest that missed, down to `resolution`. Answers
 * null when done.
 */
export function nextRate(
  tried: ReadonlyArray<{ rate: number; held: boolean }>,
  step: number,
  resolution: number,
  max: number,
): number | null {
  const held = tried.filter((t) => t.held).map((t) => t.rate);
  const missed = tried.filter((t) => !t.held).map((t) => t.rate);
  const best = held.length ? Math.max(...held) : 0;
  const worst = missed.length ? Math.min(...missed) : Number.POSITIVE_INFINITY;
  if (worst === Number.POSITIVE_INFINITY) return best + step <= max ? best + step : null;
  if (worst - best <= resolution) return null;
  return Math.round((best + worst) / 2);
}

export interface LoadOptions {
  baseUrl: string;
  rate: number;
  /** Arrivals keep coming for at least this long, and until `until` settles. */
  seconds: number;
  until?: Promise<unknown>;
  pick: () => Action;
  draw: Draw;
  agent: http.Agent;
}

/** Answers every request's sample once the last one has answered (or timed out). */
export async function openLoop(o: LoadOptions): Promise<Sample[]> {
  let settled = !o.until;
  o.until?.finally(() => {
    settled = true;
  });
  const start = performance.now();
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const gap = () => (-Math.log(1 - Math.random()) * 1000) / o.rate;
  let next = gap();
  for (;;) {
    const now = performance.now() - start;
    if (now >= o.seconds * 1000 && settled) break;
    while (next <= now) {
      const action = o.pick();
      const scheduled = start + next;
      next += gap();
      let request: Request | null = null;
      try {
        request = action.make(o.draw);
      } catch {}
      pending.push(
        send(o.baseUrl, o.agent, request).then((ok) => {
          samples.push({ action: action.name, kind: action.kind, scheduled, ended: performance.now(), ok });
        }),
      );
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, Math.min(next - (performance.now() - start), 5))),
    );
  }
  await Promise.all(pending);
  return samples;
}

/** A person gives up after 10 s: counted as an error, and a stalled server's backlog stays bounded. */
const REQUEST_TIMEOUT_MS = 10_000;

/** First few errors seen, by action, to print under the table. */
export const errorNotes = new Map<string, string>();

const errorKey = (r: Request) =>
  `${r.method} ${r.path.replace(/[?].*$/, '').replace(/[0-9a-f-]{36}/g, ':id')}`;

/**
 * Waits (up to a minute) until the app answers its health check within 100 ms: requests given up
 * on are still worked through by the server, and a step must not be charged with the last one's.
 */
export async function drained(baseUrl: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const t0 = performance.now();
    try {
      await (await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
    } catch {}
    if (performance.now() - t0 < 100) break;
  }
  return (performance.now() - started) / 1000;
}

/**
 * Sends one request; true for a 2xx answer. A request that cannot be built counts as an error. A
 * kept-alive connection the server closed as idle just as the request went out is reset before any
 * answer: the request is sent again once on a new connection, as browsers do (Node's own advice
 * for `reusedSocket`), since the server never read it.
 */
export function send(
  baseUrl: string,
  agent: http.Agent,
  request: Request | null,
  retried = false,
): Promise<boolean> {
  if (!request) return Promise.resolve(false);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return new Promise((resolve) => {
    const req = http.request(
      `${baseUrl}${request.path}`,
      {
        method: request.method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${request.token}`,
          // As a browser asks: the app compresses larger answers, and that is part of their cost.
          'accept-encoding': 'br, gzip',
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
          const key = errorKey(request);
          if (!ok && !errorNotes.has(key))
            errorNotes.set(key, `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`);
          resolve(ok);
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && e.code === 'ECONNRESET') {
        resolve(send(baseUrl, agent, request, true));
        return;
      }
      const key = `${errorKey(request)} (no answer)`;
      if (!errorNotes.has(key)) errorNotes.set(key, e.message);
      resolve(false);
    });
    req.end(body);
  });
}
