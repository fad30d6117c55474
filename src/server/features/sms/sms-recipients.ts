import { sql } from 'drizzle-orm';
import { students, users } from '../../db/schema';
import { smsNumber } from './sms-outbox';

/**
 * A student is one person with two numbers on file: their student record's contact number, which
 * their officer keeps and checks, and their account's own phone, which they keep. Every text to a
 * student (allowance paid, event reminder, urgent announcement) follows one rule: the record's
 * number when it is usable, else the account's. Each message names both the record and the account,
 * so the student's details, the user's details and the student's own profile all list it.
 *
 * An account and a record are one person when exactly one record has the account's email
 * (docs/product.md D11): with two such records, neither is the account's.
 */
export const recordOfAccount = sql`lower(${students.email}) = lower(${users.email}) and not exists (
  select 1 from students other
  where lower(other.email) = lower(${users.email}) and other.id <> ${students.id}
)`;

/** The student's number as the rule above picks it (the raw text; the outbox makes it E.164). */
export const studentNumber = (recordNumber: string | null, accountNumber: string | null): string | null =>
  smsNumber(recordNumber) ? recordNumber : accountNumber;
