import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger, errorForLog } from './logger';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const PERSON = 'mwila.private@example.org';

/** What pg raises for a duplicate key: `detail` repeats the value. */
function uniqueViolation() {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    constraint: 'users_email_unique',
    table: 'users',
    detail: `Key (email)=(${PERSON}) already exists.`,
  });
}

const failedInsert = () =>
  new DrizzleQueryError(
    'insert into "users" ("email", "password_hash") values ($1, $2)',
    [PERSON, `${HASH}\nsecond line`],
    uniqueViolation(),
  );

describe('errorForLog', () => {
  it('keeps the codes, names, driver message and frames of a failed query, never its values', () => {
    const fields = errorForLog(failedInsert());
    const text = JSON.stringify(fields);
    for (const secret of [HASH, PERSON, 'second line', 'params']) expect(text).not.toContain(secret);
    expect(fields).toMatchObject({
      error: 'duplicate key value violates unique constraint "users_email_unique"',
      code: '23505',
      constraint: 'users_email_unique',
      table: 'users',
    });
    expect(fields.stack).toMatch(/^ {4}at /);
  });

  it('drops a value PostgreSQL quotes at the end of its message', () => {
    const error = Object.assign(new Error(`invalid input syntax for type uuid: "${PERSON}"`), {
      code: '22P02',
    });
    expect(errorForLog(error).error).toBe('invalid input syntax for type uuid: (value not logged)');
  });
});

describe('createLogger', () => {
  it("never writes a failed query's parameters, even when a caller logs the message and stack itself", () => {
    const lines: string[] = [];
    const logger = createLogger((line) => lines.push(line));
    const error = failedInsert();
    logger.error('sign-in email pass failed', { error: error.message, stack: error.stack });
    logger.error('failed to start', { error });
    logger.warn(error.message);
    const log = lines.join('\n');
    for (const secret of [HASH, PERSON, 'second line']) expect(log).not.toContain(secret);
    expect(JSON.parse(lines[0]!).error).toMatch(/^Failed query: insert into "users"/);
    expect(JSON.parse(lines[0]!).stack).toContain('    at ');
  });
});
