import { badRequest, conflict, type HttpError } from '../http/errors';
import type { AllowanceCheckName } from './schema/allowances';

/**
 * PostgreSQL's refusals that a user can cause (two people taking the same number at once, a
 * record deleted while another write needed it) become 409 answers with a message per
 * constraint. Checks in the services give the same messages earlier; these catch the races.
 * A CHECK constraint's refusal gets its answer below, whatever the write.
 */

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
// ON DELETE RESTRICT answers 23001; a NO ACTION key answers 23503. Both mean "still referenced".
const RESTRICT_VIOLATION = '23001';
const CHECK_VIOLATION = '23514';

/** The constraint a write broke, by kind, or undefined for any other error. */
export function brokenConstraint(
  error: unknown,
): { kind: 'unique' | 'foreign_key' | 'check'; name: string | undefined } | undefined {
  const code = pgErrorCode(error);
  const kind =
    code === UNIQUE_VIOLATION
      ? 'unique'
      : code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION
        ? 'foreign_key'
        : code === CHECK_VIOLATION
          ? 'check'
          : undefined;
  return kind && { kind, name: pgConstraint(error) };
}

/**
 * The answers to the allowance rules the database holds (docs/product.md D5). The services only
 * write rows that keep them, so one of these means a row made some other way or a bug; either
 * way the write changed nothing, and the answer says which rule held. A rule of the data answers
 * the same whichever write broke it, so the caller need not name these.
 */
const CHECK_ANSWERS: Record<AllowanceCheckName, () => HttpError> = {
  allowances_total_is_sum_of_parts: () =>
    badRequest('The total of an allowance must be the sum of its five amounts. Nothing was saved.'),
  allowances_amounts_not_negative: () =>
    badRequest('An allowance amount cannot be negative. Nothing was saved.'),
  allowances_dpm_approval_recorded: () =>
    conflict(
      "This allowance cannot be past the Deputy Manager Review without the Deputy Manager's approval recorded. Nothing was saved.",
    ),
  allowances_flmi_approval_recorded: () =>
    conflict(
      "This allowance cannot be past the FLMI Advisor Review without the FLMI Advisor's approval recorded. Nothing was saved.",
    ),
  allowances_pm_approval_recorded: () =>
    conflict(
      "This allowance cannot be approved or paid without the Program Manager's approval recorded. Nothing was saved.",
    ),
  allowances_payment_recorded: () =>
    conflict('A paid allowance needs the payment date and who paid it. Nothing was saved.'),
  allowances_rejection_recorded: () =>
    conflict('A rejected allowance needs the step, the reason, who rejected it and when. Nothing was saved.'),
};

/** The answer to a row refused by one of the database's CHECK rules, or undefined. */
export function checkRefusal(error: unknown): HttpError | undefined {
  const broken = brokenConstraint(error);
  if (broken?.kind !== 'check' || broken.name === undefined || !Object.hasOwn(CHECK_ANSWERS, broken.name))
    return undefined;
  return CHECK_ANSWERS[broken.name as AllowanceCheckName]();
}

/** Whether the error is a unique violation of the named constraint (or index). */
export const isUniqueViolation = (error: unknown, constraint: string) => {
  const broken = brokenConstraint(error);
  return broken?.kind === 'unique' && broken.name === constraint;
};

/** Whether the error is a foreign key refusal of one of the named constraints. */
export const isForeignKeyViolation = (error: unknown, constraints: readonly string[]) => {
  const broken = brokenConstraint(error);
  return broken?.kind === 'foreign_key' && constraints.includes(broken.name ?? '');
};

/**
 * What to answer per constraint name. `anyUnique` answers a unique violation of a constraint not
 * listed (a write whose every unique key means the same thing to the user).
 */
export interface ConstraintMessages {
  unique?: Record<string, string>;
  anyUnique?: string;
  foreignKey?: Record<string, string>;
}

/**
 * The 409 for a constraint the caller named, the answer of a CHECK rule, or undefined (the error
 * is not the user's doing).
 */
export function constraintConflict(error: unknown, messages: ConstraintMessages): HttpError | undefined {
  const broken = brokenConstraint(error);
  if (!broken) return undefined;
  if (broken.kind === 'check') return checkRefusal(error);
  const byName = broken.kind === 'unique' ? messages.unique : messages.foreignKey;
  const message =
    (broken.name !== undefined ? byName?.[broken.name] : undefined) ??
    (broken.kind === 'unique' ? messages.anyUnique : undefined);
  return message === undefined ? undefined : conflict(message);
}

/**
 * Runs the write; a refusal by a named constraint becomes its 409 (a CHECK rule's, its own answer),
 * anything else goes on as it was.
 */
export async function answeringConstraints<T>(
  messages: ConstraintMessages,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw constraintConflict(error, messages) ?? error;
  }
}

/** Drizzle wraps the driver's error: the SQLSTATE and constraint sit on a cause. */
function fromChain(error: unknown, key: 'code' | 'constraint'): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const value = (current as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const pgErrorCode = (error: unknown) => fromChain(error, 'code');
export const pgConstraint = (error: unknown) => fromChain(error, 'constraint');
