import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
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
  let current: TestContext | undefined;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    current = await createTestContext(options.config);
    // Before signing in: sessions expire when idle, by this clock.
    if (options.clockAt) current.clock.set(options.clockAt);
    for (const staffId of options.signIn ?? []) tokens[staffId] = await current.signIn(staffId);
  });
  afterAll(() => current?.close());
  const t = new Proxy({} as TestContext, {
    get(_, key) {
      if (!current) throw new Error('The test context is built in beforeAll: use it inside tests and hooks');
      return Reflect.get(current, key);
    },
  });
  return { t, tokens };
}
