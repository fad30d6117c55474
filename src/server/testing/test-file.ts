import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../config';
import { json } from './factories';
import { createTestContext, type TestContext } from './test-app';

/**
 * The app of one test file: built on a fresh database before its tests, closed after them, with
 * the clock at `clockAt` and the demo accounts named in `signIn` signed in (their tokens by staff
 * ID). `t` may be used in any test or hook; touched at the top level of the file, before the tests
 * start, it throws.
 */
export function fileTestContext(
  options: { signIn?: string[]; config?: Partial<Config>; clockAt?: Date } = {},
): {
  t: TestContext;
  tokens: Record<string, string>;
} {
  const tokens: Record<string, string> = {};
  const t = builtForTheFile('test context', async () => {
    const context = await createTestContext(options.config);
    // Before signing in: sessions expire when idle, by this clock.
    if (options.clockAt) context.clock.set(options.clockAt);
    try {
      for (const staffId of options.signIn ?? []) tokens[staffId] = await context.signIn(staffId);
    } catch (error) {
      await context.close();
      throw error;
    }
    return context;
  });
  return { t, tokens };
}

/**
 * What `build` makes before the tests of the file, closed after them; the object returned stands
 * for it in any test or hook, read or written (`sim.slowMs = 1_000` sets the simulator's, not the
 * stand-in's). Touched at the top level of the file, before the tests start, it throws, naming
 * `what`.
 */
export function builtForTheFile<T extends { close(): Promise<void> }>(
  what: string,
  build: () => Promise<T>,
): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await build();
  });
  afterAll(() => current?.close());
  const built = () => {
    if (!current) throw new Error(`The ${what} is built in beforeAll: use it inside tests and hooks`);
    return current;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(built(), key),
    set: (_, key, value) => Reflect.set(built(), key, value),
  });
}

/** A request as one of the accounts a fileTestContext signed in, by staff ID. */
export type SendAs = (as: string, method: string, path: string, body?: unknown) => Promise<Response>;

/**
 * fileTestContext, with `send` a request as one of the accounts signed in, and `ok` the JSON of an
 * answer that must be a success (the answer's text is the failure's message).
 */
export function fileTestRequests(options: Parameters<typeof fileTestContext>[0] = {}) {
  const { t, tokens } = fileTestContext(options);
  const send: SendAs = (as, method, path, body) => t.request(method, path, { token: tokens[as], body });
  const ok = async <T>(res: Response): Promise<T> => {
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return json<T>(res);
  };
  return { t, tokens, send, ok };
}
