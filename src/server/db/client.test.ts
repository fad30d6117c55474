import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';

afterEach(() => vi.restoreAllMocks());

describe('openDatabase', () => {
  it('logs a connection dropped while in use, but not one cut while the handle is closing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Nothing connects until a query: the pool's error event is what the driver would emit.
    const handle = openDatabase('postgres://127.0.0.1:9/nowhere', 1);
    handle.pool.emit('error', new Error('Connection terminated unexpectedly'));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({
      level: 'error',
      msg: 'db pool',
      error: 'Connection terminated unexpectedly',
    });
    await handle.close();
    handle.pool.emit('error', new Error('terminating connection due to administrator command'));
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
