import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The columns most tables have, written once. Every moment the schema keeps is a timestamptz, so
 * that a Lusaka afternoon and a UTC one are never confused.
 */

/** A row's id: a random uuid, given by the database. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** A moment, with its time zone. */
export const moment = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/** When the row was written: now, unless given. */
export const createdAt = () => moment('created_at').notNull().defaultNow();

/** When the row last changed: now, unless given (the services set it on every change). */
export const updatedAt = () => moment('updated_at').notNull().defaultNow();

/**
 * What an area's search runs over (db/like-pattern.ts, textSearch): its searched fields joined with
 * spaces, lower-cased, kept by the database (migration 0053).
 */
export const searchText = (fields: SQL) =>
  text('search_text').notNull().generatedAlwaysAs(sql`lower(${fields})`);

/** searchText's trigram index: a LIKE '%ban%', 'ba%' or '% ba%' over it reads only what may match. */
export const searchTextIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_search_trgm_idx`).using('gin', sql`${column} gin_trgm_ops`);
