import { sql } from 'drizzle-orm';
import { date, index, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  ACADEMIC_STANDINGS,
  ACCOMMODATION_TYPES,
  GENDERS,
  LAPTOP_PLANS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
} from '../../../domain/students';
import { users } from './auth';
import { createdAt, randomId, updatedAt } from './columns';
import { institutions, landlords } from './corporate';

/** The student record (docs/product.md §3). Age and the officer's name are derived when read, never stored. */
export const students = pgTable(
  'students',
  {
    id: randomId(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    contactNumber: text('contact_number'),
    community: text('community'),
    programLevel: text('program_level', { enum: PROGRAM_LEVELS }).notNull().default('university'),
    programStatus: text('program_status', { enum: PROGRAM_STATUSES }).notNull().default('enrolled'),
    academicStanding: text('academic_standing', { enum: ACADEMIC_STANDINGS }).notNull().default('good'),
    institutionName: text('institution_name'),
    /** The institution record where the student studies, if any; institution_name stays for history. */
    institutionId: uuid('institution_id').references(() => institutions.id, { onDelete: 'restrict' }),
    currentProgram: text('current_program'),
    assignedOfficerId: uuid('assigned_officer_id').references(() => users.id, { onDelete: 'set null' }),
    overallGpa: numeric('overall_gpa', { precision: 3, scale: 2 }),
    chlNumber: text('chl_number'),
    gender: text('gender', { enum: GENDERS }).notNull().default('male'),
    dateOfBirth: date('date_of_birth'),
    nrcNumber: text('nrc_number'),
    schoolIdNumber: text('school_id_number'),
    profilePhotoUrl: text('profile_photo_url'),
    programNotes: text('program_notes'),
    guardianFullName: text('guardian_full_name'),
    guardianCommunity: text('guardian_community'),
    guardianContactNumber: text('guardian_contact_number'),
    guardianRelationship: text('guardian_relationship'),
    institutionLocation: text('institution_location'),
    areaOfStudy: text('area_of_study'),
    programLength: text('program_length'),
    startDate: date('start_date'),
    expectedEndDate: date('expected_end_date'),
    accommodationType: text('accommodation_type', { enum: ACCOMMODATION_TYPES })
      .notNull()
      .default('institution_hostel'),
    accommodationMonthlyRent: numeric('accommodation_monthly_rent', { precision: 12, scale: 2 }),
    accommodationPaymentMethod: text('accommodation_payment_method'),
    accommodationAddress: text('accommodation_address'),
    accommodationLandlordName: text('accommodation_landlord_name'),
    /** The landlord record of the student's boarding house, if any; the free-text fields stay for history. */
    landlordId: uuid('landlord_id').references(() => landlords.id, { onDelete: 'restrict' }),
    accommodationLandlordContact: text('accommodation_landlord_contact'),
    laptopPlan: text('laptop_plan', { enum: LAPTOP_PLANS }).notNull().default('none'),
    laptopSerialNumber: text('laptop_serial_number'),
    laptopMonthlyDeduction: numeric('laptop_monthly_deduction', { precision: 12, scale: 2 }),
    laptopInspectionDate: date('laptop_inspection_date'),
    laptopSubmissionDate: date('laptop_submission_date'),
    laptopCollectionDate: date('laptop_collection_date'),
    /** Lower-cased text the list search runs over, indexed for substring search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(institution_name, '') || ' ' || coalesce(chl_number, ''))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The CSV import (bulk_writes) that wrote it; it may not change while that import is writing. */
    writtenByImport: uuid('written_by_import'),
  },
  (t) => [
    // An import that cannot finish is taken out by its id, a batch at a time.
    index('students_written_by_import_idx')
      .on(t.writtenByImport)
      .where(sql`${t.writtenByImport} is not null`),
    uniqueIndex('students_chl_number_key').on(sql`upper(${t.chlNumber})`),
    uniqueIndex('students_nrc_number_key').on(sql`upper(${t.nrcNumber})`),
    // The list's newest-first pages, searched or not (students.list.ts). Beyond the order they hold
    // what a searched page is filtered by, so a search walks the index alone and never reads the
    // wide student rows it passes over (EXPLAIN on 50,000 students: 0.3 ms against 5-19 ms for a
    // term matching thousands); only the page's 25 rows are then read.
    index('students_officer_created_idx').on(
      t.assignedOfficerId,
      t.createdAt,
      t.id,
      t.searchText,
      t.programLevel,
      t.programStatus,
    ),
    index('students_created_idx').on(
      t.createdAt,
      t.id,
      t.searchText,
      t.programLevel,
      t.programStatus,
      t.assignedOfficerId,
    ),
    index('students_email_idx').on(sql`lower(${t.email})`),
    index('students_landlord_idx').on(t.landlordId),
    index('students_institution_idx').on(t.institutionId),
    index('students_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Tasks, issues, forms and files found by their student's name (students.search.ts, ofStudentsNamed).
    index('students_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    // A search's tile of one category (students.list.ts, countSearchMatches) finds that category's
    // matches without rechecking the others': 'university' has none among diplomas.
    index('students_search_trgm_university_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.programLevel} = 'university'`),
    index('students_search_trgm_diploma_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.programLevel} = 'diploma'`),
    index('students_search_trgm_launch_year_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.programLevel} = 'launch_year'`),
    // A one- or two-character search matches the start of these (students.search.ts); text_pattern_ops
    // serves LIKE 'ng%' whatever the collation, and program_level answers a category's tile in the index.
    index('students_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`, t.programLevel),
    index('students_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`, t.programLevel),
    index('students_chl_number_prefix_idx').on(
      sql`lower(coalesce(${t.chlNumber}, '')) text_pattern_ops`,
      t.programLevel,
    ),
    // The list sorted by name (students.latest-page.ts): a page reads its 25 rows in order instead
    // of sorting every student (EXPLAIN on 50,000 students: 18 ms a page without these).
    index('students_name_idx').on(sql`lower(${t.fullName})`, t.id),
    index('students_officer_name_idx').on(t.assignedOfficerId, sql`lower(${t.fullName})`, t.id),
    // The yearbook's Graduating Students, by name (yearbooks.service.ts, listGraduates): a page
    // reads its 25 rows, not every student.
    index('students_graduated_name_idx').on(t.fullName, t.id).where(sql`${t.programStatus} = 'graduated'`),
  ],
);
