import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, randomId, updatedAt } from './columns';

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
    updatedAt: updatedAt(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name'),
  },
  (t) => [check('system_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The backups written to BACKUP_DIR (docs/product.md D13): what the list shows, and who made each.
 * An automatic backup first claims its `slot` ('daily:2026-11-26'), so several app processes make
 * it once. Backups never include this table: it describes files outside the database.
 */
export const backups = pgTable(
  'backups',
  {
    id: randomId(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    kind: text('kind', { enum: ['manual', 'automatic'] }).notNull(),
    slot: text('slot'),
    /** 'writing' until the file is complete; a failed write is removed with its row. */
    status: text('status', { enum: ['writing', 'ready'] })
      .notNull()
      .default('writing'),
    createdAt: createdAt(),
    // No foreign key: a restore replaces the users this would point at, and must not touch this table.
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name'),
  },
  (t) => [uniqueIndex('backups_slot_key').on(t.slot), uniqueIndex('backups_file_name_key').on(t.fileName)],
);
