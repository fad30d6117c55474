import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { ROLE_REQUEST_STATUSES } from '../../../domain/users';
import { users } from './auth';
import { createdAt, moment, randomId } from './columns';

/**
 * A role asked for at registration or from the user's own profile (docs/product.md D3), until an
 * admin grants or declines it. At most one is pending per account: a new request replaces it.
 */
export const roleRequests = pgTable(
  'role_requests',
  {
    id: randomId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: ROLE_REQUEST_STATUSES }).notNull().default('pending'),
    note: text('note'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: moment('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('role_requests_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('role_requests_status_idx').on(t.status, t.createdAt),
    index('role_requests_user_idx').on(t.userId, t.createdAt),
  ],
);
