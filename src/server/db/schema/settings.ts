import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * System Settings (docs/product.md D13): one row, the whole validated document and its version.
 * A save names the version it read and moves it on by one, so two admins saving at once cannot
 * overwrite each other: the second finds the version moved and is told to reload. No row yet
 * means spec §9's defaults at version 0.
 */
export const systemSettings = pgTable(
  'system_settings',
  {
    id: smallint('id').primaryKey().default(1),
    document: jsonb('document').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name'),
  },
  (t) => [check('system_settings_one_row', sql`${t.id} = 1`)],
);
