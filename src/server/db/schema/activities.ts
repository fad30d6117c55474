import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What a record's activity is about. Open: any area records its own kind ('student', 'allowance'
 * today) without a migration; the known ones are suggested by the editor.
 */
export type ActivityEntityType = 'student' | 'allowance' | (string & {});

/** What happened to the programme's records, for the dashboard's recent activity. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** The officer the subject belonged to at the time, so officers see only their own students' news. */
    officerId: uuid('officer_id'),
    entityType: text('entity_type').$type<ActivityEntityType>().notNull(),
    entityId: uuid('entity_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_created_idx').on(t.createdAt),
    index('activities_officer_idx').on(t.officerId, t.createdAt),
  ],
);
