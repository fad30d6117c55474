import type { Role } from '../../../domain/roles';
import type { AuditInput } from '../audit/audit.service';

/** What the audit trail says about a registration (docs/product.md D15). */

/**
 * A registration's entry. When the email already had an account nothing was created, and the entry
 * says only that (the account is not looked up: the answer must take the same time either way).
 */
type Registration = { staffId: string; email: string; name: string; department: string | null };

/** The account a registration makes, as its answer and its audit entry show it: a user until a role is granted. */
export const registeredAccount = (input: Registration, requestedRole: Role | null) => ({
  staff_id: input.staffId,
  email: input.email,
  name: input.name,
  role: 'user' as const,
  requested_role: requestedRole,
  department: input.department,
});

export function registrationEntry(
  input: Registration,
  requestedRole: Role | null,
  accountId: string | null,
  at: Date,
): AuditInput {
  // The registration acts on the account it made, or on none.
  const entry = {
    actor: { id: accountId, name: input.name },
    officerId: null,
    entityType: 'account',
    entityId: accountId,
    at,
  } as const;
  if (!accountId)
    return {
      ...entry,
      action: 'account.registration_repeated',
      summary: `A registration as ${input.staffId} named an email that already has an account`,
    };
  return {
    ...entry,
    action: 'account.registered',
    summary: `${input.name} registered as ${input.staffId}${requestedRole ? `, asking for ${requestedRole}` : ''}`,
    before: null,
    after: registeredAccount(input, requestedRole),
  };
}
