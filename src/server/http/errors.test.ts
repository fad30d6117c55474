import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

const pgError = (message: string, code?: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached or went away, wrapped by Drizzle or not', () => {
    for (const error of [
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      pgError('read ECONNRESET', 'ECONNRESET'),
      pgError('terminating connection due to administrator command', '57P01'),
      pgError('the database system is starting up', '57P03'),
      pgError('connection failure', '08006'),
      pgError('sorry, too many clients already', '53300'),
      pgError('Connection terminated unexpectedly'),
      pgError('timeout exceeded when trying to connect'),
      pgError('Cannot use a pool after calling end on the pool'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped: ${error.message}`).toBe(true);
    }
  });

  it('leaves every other error to be a 500 (or the answer its handler gives)', () => {
    for (const error of [
      pgError('duplicate key value violates unique constraint "x"', '23505'),
      pgError('relation "nothing" does not exist', '42P01'),
      pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'a string',
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
      if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
  });
});
