import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AuditChanges } from '../../../domain/audit';
import type { AuditRecordKind } from '../../../domain/audit-labels';
import { createdAt, randomId } from './columns';

/**
 * What a record's entry is about. Any area records its own kind without a migration, but only one
 * domain/audit-labels.ts names: a new kind gets its label for the Activity Log's filter first.
 */
export type ActivityEntityType = AuditRecordKind;

/**
 * The audit trail (docs/product.md D15), which the dashboard's recent activity also reads: who did
 * what to which record, when, and which fields changed. Rows are only ever added: a trigger in
 * migration 0007 refuses UPDATE and DELETE, and actor_id is recorded, not referenced, so no
 * account change can rewrite history.
 */
export const activities = pgTable(
  'activities',
  {
    id: randomId(),
    /**
     * The order entries were written in: several share one instant (a whole import, a test's frozen
     * clock), and a record's history must still read in the order things happened.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** Null when the system acted or nobody was signed in (a failed sign-in). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    /** The officer the subject belonged to at the time, so officers see only their own students' news. */
    officerId: uuid('officer_id'),
    entityType: text('entity_type').$type<ActivityEntityType>().notNull(),
    entityId: uuid('entity_id'),
    action: text('action').notNull(),
    summary: text('summary').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    // With seq, the newest first (created_at, seq) is the index's own order, walked backwards: a
    // batch of decisions shares one created_at, and without seq its rows were sorted on every read.
    index('activities_created_idx').on(t.createdAt, t.seq),
    index('activities_officer_idx').on(t.officerId, t.createdAt, t.seq),
    index('activities_entity_idx').on(t.entityType, t.entityId, t.seq),
    index('activities_actor_idx').on(t.actorId, t.createdAt),
  ],
);
