/**
 * What each action costs with nobody else on the server: sent one after another, so its time is
 * the app's and the database's work on the one core plus a loopback round trip. The mix's mean of
 * these is what one action takes of the core on average, and 1,000 ms over it the rate at which
 * the core would be full: the ceiling no queueing can beat, and which actions make it what it is.
 */
import type http from 'node:http';
import type { Draw } from './draw';
import type { Action } from './mix';
import { percentile, send } from './open-loop';

export interface AloneCost {
  action: string;
  weight: number;
  p50: number;
  mean: number;
  /** Of the core's time over the mix: weight × mean, as a share of the sum. */
  share: number;
}

export async function eachActionAlone(
  baseUrl: string,
  agent: http.Agent,
  actions: readonly Action[],
  draw: Draw,
  times: number,
): Promise<{ costs: AloneCost[]; meanMs: number; ceiling: number }> {
  const measured: Array<Omit<AloneCost, 'share'>> = [];
  for (const action of actions) {
    const durations: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await send(baseUrl, agent, action.make(draw));
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    const mean = durations.reduce((a, b) => a + b, 0) / durations.length;
    measured.push({ action: action.name, weight: action.weight, p50: percentile(durations, 50), mean });
  }
  const weights = measured.reduce((n, m) => n + m.weight, 0);
  const weighted = measured.reduce((n, m) => n + m.weight * m.mean, 0);
  const meanMs = weighted / weights;
  return {
    costs: measured.map((m) => ({ ...m, share: (m.weight * m.mean) / weighted })),
    meanMs,
    ceiling: 1000 / meanMs,
  };
}
