import { customType, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';

/*
 * The bytes of stored files, for the PostgreSQL file store (storage/postgres-file-store.ts): each
 * file as numbered parts of at most 1 MB, so neither an upload nor a download ever needs the whole
 * file in one value (D14).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const storedFileParts = pgTable(
  'stored_file_parts',
  {
    storageKey: uuid('storage_key').notNull(),
    part: integer('part').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.part] })],
);
