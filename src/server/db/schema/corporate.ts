import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, randomId, searchText, searchTextIndex, updatedAt } from './columns';

/*
 * The programme's partners are a few hundred rows at most: lists and searches scan them, so they
 * need no index beyond the newest-first one.
 */

/** A landlord of a boarding house where students live (docs/product.md §3, Corporate Collaborations). */
export const landlords = pgTable(
  'landlords',
  {
    id: randomId(),
    name: text('name').notNull(),
    boardingHouseName: text('boarding_house_name').notNull(),
    /** Phone numbers in E.164 (+260971234567). */
    cellLine: text('cell_line'),
    landline: text('landline'),
    address: text('address'),
    email: text('email'),
    geolocation: text('geolocation'),
    /** The figure staff keep by hand; the students linked by landlord_id are counted apart. */
    totalStudents: integer('total_students').notNull().default(0),
    leaseAgreementSigned: boolean('lease_agreement_signed').notNull().default(false),
    comments: text('comments'),
    searchText: searchText(
      sql`name || ' ' || boarding_house_name || ' ' || coalesce(address, '') || ' ' || coalesce(email, '')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('landlords', t.searchText),
    index('landlords_created_idx').on(t.createdAt, t.id),
    check('landlords_total_students_check', sql`${t.totalStudents} >= 0`),
  ],
);

/** An institution where students study, through its liaison (docs/product.md §3). */
export const institutions = pgTable(
  'institutions',
  {
    id: randomId(),
    liaisonName: text('liaison_name').notNull(),
    liaisonRole: text('liaison_role'),
    cellLine: text('cell_line'),
    institutionDirectLine: text('institution_direct_line'),
    institutionName: text('institution_name').notNull(),
    department: text('department'),
    liaisonEmail: text('liaison_email'),
    institutionEmail: text('institution_email'),
    geolocation: text('geolocation'),
    mouSigned: boolean('mou_signed').notNull().default(false),
    comments: text('comments'),
    searchText: searchText(
      sql`institution_name || ' ' || coalesce(department, '') || ' ' || liaison_name || ' ' || coalesce(liaison_email, '') || ' ' || coalesce(institution_email, '')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    searchTextIndex('institutions', t.searchText),
    index('institutions_created_idx').on(t.createdAt, t.id),
  ],
);
