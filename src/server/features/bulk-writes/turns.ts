import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work over a file's rows in the event loop, giving other requests a turn whenever it has run for
 * `budgetMs` since the last one. A fixed number of rows per turn is as long as the rows are heavy:
 * 1,000 students' checks held everyone for 60-90 ms, and the day's peak on one core stretches that.
 */
export function turnsEvery(budgetMs: number): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < budgetMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}

/** How long a file's work runs before others get a turn (docs/decisions/009). */
export const FILE_WORK_TURN_MS = 10;
