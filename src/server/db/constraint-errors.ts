import { conflict, type HttpError } from '../http/errors';

/**
 * PostgreSQL's refusals that a user can cause (two people taking the same number at once, a
 * record deleted while another write needed it) become 409 answers with a message per
 * constraint. Checks in the services give the same messages earlier; these catch the races.
 */

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
// ON DELETE RESTRICT answers 23001; a NO ACTION key answers 23503. Both mean "still referenced".
const RESTRICT_VIOLATION = '23001';

/** The constraint a write broke, by kind, or undefined for any other error. */
export function brokenConstraint(
  error: unknown,
): { kind: 'unique' | 'foreign_key'; name: string | undefined } | undefined {
  const code = pgErrorCode(error);
  const kind =
    code === UNIQUE_VIOLATION
      ? 'unique'
      : code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION
        ? 'foreign_key'
        : undefined;
  return kind && { kind, name: pgConstraint(error) };
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

/** The 409 for a constraint the caller named, or undefined (the error is not the user's doing). */
export function constraintConflict(error: unknown, messages: ConstraintMessages): HttpError | undefined {
  const broken = brokenConstraint(error);
  if (!broken) return undefined;
  const byName = broken.kind === 'unique' ? messages.unique : messages.foreignKey;
  const message =
    (broken.name !== undefined ? byName?.[broken.name] : undefined) ??
    (broken.kind === 'unique' ? messages.anyUnique : undefined);
  return message === undefined ? undefined : conflict(message);
}

/** Runs the write; a refusal by a named constraint becomes its 409, anything else goes on as it was. */
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
