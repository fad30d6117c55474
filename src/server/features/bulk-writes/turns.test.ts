import { describe, expect, it } from 'vitest';
import { turnsEvery } from './turns';

describe('turnsEvery', () => {
  it('lets a waiting callback run once the work has taken its budget, not before', async () => {
    const turn = turnsEvery(20);
    let others = 0;
    setImmediate(() => others++);
    expect(turn()).toBeUndefined();
    await Promise.resolve();
    expect(others).toBe(0);
    const busyUntil = performance.now() + 25;
    while (performance.now() < busyUntil) {}
    const taken = turn();
    expect(taken).toBeInstanceOf(Promise);
    await taken;
    expect(others).toBe(1);
    // The budget starts again after the turn.
    expect(turn()).toBeUndefined();
  });
});
