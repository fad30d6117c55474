import { z } from 'zod';
import { type PasswordRules, passwordProblems } from '../domain/settings';

/*
 * A password being chosen (register, reset, invitation, change: docs/product.md D13). The policy
 * lives in System Settings and changes without a deploy, so a request schema can only say the
 * password is there; the server then applies the policy in force (assertPasswordAllowed) and the
 * forms apply the published one with newPasswordSchema: the same rules, in the same words.
 */

const MAX_LENGTH = 200;

/** Present and of a sane length: what every request that sets a password checks before the policy. */
export const PasswordFieldSchema = z
  .string({ message: 'Password is required' })
  .min(1, { message: 'Password is required', abort: true })
  .max(MAX_LENGTH, { message: `Password must be at most ${MAX_LENGTH} characters`, abort: true });

/** A new password under `policy`, with every rule it breaks as the server words it on the field. */
export function newPasswordSchema(policy: PasswordRules) {
  return PasswordFieldSchema.superRefine((password, ctx) => {
    const problems = passwordProblems(password, policy);
    if (problems.length > 0) ctx.addIssue({ code: 'custom', message: problems.join(' ') });
  });
}
