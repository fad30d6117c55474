import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { ReviewStage } from '../../../domain/allowances';
import { users } from './auth';
import { createdAt, moment, randomId } from './columns';

/**
 * An approver handing their allowance decisions to another account for a period (docs/product.md
 * D21). Active on the programme days from starts_on to ends_on, both included, until revoked: no
 * job ends it, "active" is read against today. `stages` are the review stages the delegator's role
 * decided when it was made, so a later role change does not widen it.
 */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: randomId(),
    // Restrict: accounts are deactivated, not deleted, and the delegation explains past decisions.
    delegatorId: uuid('delegator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delegateId: uuid('delegate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    stages: text('stages').array().notNull().$type<ReviewStage[]>(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    revokedAt: moment('revoked_at'),
    revokedById: uuid('revoked_by_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // A decision looks up the delegations its decider received; My Profile those given.
    index('approval_delegations_delegate_idx').on(t.delegateId, t.endsOn),
    index('approval_delegations_delegator_idx').on(t.delegatorId, t.endsOn),
    check('approval_delegations_dates_in_order', sql`${t.endsOn} >= ${t.startsOn}`),
    check('approval_delegations_not_to_self', sql`${t.delegatorId} <> ${t.delegateId}`),
    check(
      'approval_delegations_review_stages',
      sql`cardinality(${t.stages}) > 0 and ${t.stages} <@ array['pending_dpm', 'pending_flmi', 'pending_pm']::text[]`,
    ),
    check(
      'approval_delegations_revocation_recorded',
      sql`(${t.revokedAt} is null) = (${t.revokedById} is null)`,
    ),
  ],
);
