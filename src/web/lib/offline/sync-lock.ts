/**
 * Runs `work` in one tab at a time (navigator.locks): a second tab asking while one syncs skips its
 * run instead of sending the same records again at the same moment. Without the Web Locks API
 * (an old browser) it runs: the server's idempotent create and If-Match still keep one form.
 */
export async function inOneTab<T>(name: string, work: () => Promise<T>): Promise<T | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  return locks.request(name, { ifAvailable: true }, (lock) => (lock ? work() : null));
}
