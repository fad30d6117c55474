import { timestamp, uuid } from 'drizzle-orm/pg-core';

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
