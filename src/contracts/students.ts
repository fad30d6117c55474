import { z } from 'zod';
import { isIsoDate } from '../domain/dates';
import { parseMoney, toMoneyString } from '../domain/money';
import { STUDENT_IMPORT_COLUMNS } from '../domain/student-import';
import {
  ACADEMIC_STANDINGS,
  ACCOMMODATION_TYPES,
  DEFAULT_STUDENT_SORT,
  GENDERS,
  GPA_MAX,
  LAPTOP_PLANS,
  PROGRAM_LEVELS,
  PROGRAM_STATUSES,
  STUDENT_DEFAULTS,
  STUDENT_SORTS,
} from '../domain/students';
import { DroppedRowSchema, PageQuerySchema, pagedResponseSchema, RowProblemSchema } from './common';
import { blankAsMissing, blankAsNull, emailField, optionalTextField, webAddressField } from './fields';

/**
 * Student records (docs/product.md §3) as the API sends and receives them: snake_case field names, money as
 * exact decimal strings ("1500.00"), dates as YYYY-MM-DD, GPA as a number with two decimals.
 */

export { NO_VALID_STUDENT_DATA, STUDENT_IMPORT_COLUMNS } from '../domain/student-import';

export const STUDENT_API_MESSAGES = {
  notFound: 'Student not found',
  /** Its CSV import is still being written (or taken out again): nothing may change or attach to it. */
  stillImporting: 'This student is still being imported. Try again in a moment.',
  hasAllowances:
    "This student has allowance records and cannot be deleted. Change the student's status instead.",
  hasIssues: "This student has issue records and cannot be deleted. Change the student's status instead.",
  hasForms: "This student has form records and cannot be deleted. Change the student's status instead.",
  hasFiles: "This student has files and cannot be deleted. Change the student's status instead.",
  duplicateChl: (chl: string) => `A student with CHL number ${chl} already exists.`,
  duplicateNrc: (nrc: string) => `A student with NRC number ${nrc} already exists.`,
  imported: (n: number) => `Successfully imported ${n} students`,
  landlordUnknown: 'The landlord chosen is not one of the landlords in Corporate Collaborations.',
  institutionUnknown: 'The institution chosen is not one of the institutions in Corporate Collaborations.',
} as const;

// ---------------------------------------------------------------------------------------------
// Input fields. Blank strings become null; on update a field left out keeps its value.

const text = optionalTextField;

const requiredName = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` });

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { message: `${label} must be one of: ${values.join(', ')}` });

/** An enumeration with a default on create; on update a blank or missing value keeps the old one. */
const choice = <T extends readonly [string, ...string[]]>(
  label: string,
  values: T,
  fallback: T[number],
  mode: Mode,
) =>
  mode === 'create'
    ? blankAsMissing(oneOf(label, values).default(fallback as never))
    : blankAsMissing(oneOf(label, values).optional());

const isoDate = (label: string) =>
  blankAsNull(
    z
      .string({ message: `${label} must be a date written YYYY-MM-DD` })
      .trim()
      .refine(isIsoDate, { message: `${label} must be a real date written YYYY-MM-DD` })
      .nullish(),
  );

/** A ZMW amount of 0 or more with at most two decimals, as "1500.00". */
const money = (label: string) =>
  blankAsNull(
    z
      .union([z.string(), z.number()], { message: `${label} must be an amount such as 1500.00` })
      .transform((value, ctx) => {
        const ngwee = parseMoney(value);
        if (ngwee === null) {
          ctx.issues.push({
            code: 'custom',
            input: value,
            message: `${label} must be an amount of 0 or more with at most 2 decimals, such as 1500.00`,
          });
          return z.NEVER;
        }
        return toMoneyString(ngwee);
      })
      .nullish(),
  );

const GPA_MESSAGE = `Overall GPA must be a number from 0 to ${GPA_MAX.toFixed(2)} with at most 2 decimals`;
const gpa = blankAsNull(
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: GPA_MESSAGE })
      .min(0, { message: GPA_MESSAGE })
      .max(GPA_MAX, { message: GPA_MESSAGE })
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: GPA_MESSAGE })
      .nullish(),
  ),
);

const photoUrl = webAddressField(
  'Profile photo',
  'Profile photo must be a web address starting with http:// or https://',
);

const email = emailField('Email must be a valid email address');

const officerId = blankAsNull(z.uuid({ message: 'Assigned officer must be a valid user id' }).nullish());

type Mode = 'create' | 'update';

function studentFields(mode: Mode) {
  return {
    first_name: requiredName('First name'),
    last_name: requiredName('Last name'),
    email,
    contact_number: text('Contact number', 40),
    community: text('Community', 120),
    program_level: choice('Program level', PROGRAM_LEVELS, STUDENT_DEFAULTS.programLevel, mode),
    program_status: choice('Program status', PROGRAM_STATUSES, STUDENT_DEFAULTS.programStatus, mode),
    academic_standing: choice(
      'Academic standing',
      ACADEMIC_STANDINGS,
      STUDENT_DEFAULTS.academicStanding,
      mode,
    ),
    institution_name: text('Institution name', 200),
    current_program: text('Current program', 200),
    /** Empty on create: the student is assigned to whoever creates it. */
    assigned_officer_id: officerId,
    overall_gpa: gpa,
    chl_number: text('CHL number', 50),
    gender: choice('Gender', GENDERS, STUDENT_DEFAULTS.gender, mode),
    date_of_birth: isoDate('Date of birth'),
    nrc_number: text('NRC number', 50),
    school_id_number: text('School ID number', 50),
    profile_photo_url: photoUrl,
    program_notes: text('Program notes', 5000),
    guardian_full_name: text('Guardian full name', 200),
    guardian_community: text('Guardian community', 120),
    guardian_contact_number: text('Guardian contact number', 40),
    guardian_relationship: text('Guardian relationship', 100),
    institution_location: text('Institution location', 200),
    area_of_study: text('Area of study', 200),
    program_length: text('Program length', 50),
    start_date: isoDate('Start date'),
    expected_end_date: isoDate('Expected end date'),
    accommodation_type: choice(
      'Accommodation type',
      ACCOMMODATION_TYPES,
      STUDENT_DEFAULTS.accommodationType,
      mode,
    ),
    accommodation_monthly_rent: money('Monthly rent'),
    accommodation_payment_method: text('Accommodation payment method', 100),
    accommodation_address: text('Accommodation address', 300),
    accommodation_landlord_name: text('Landlord name', 200),
    accommodation_landlord_contact: text('Landlord contact', 100),
    landlord_id: blankAsNull(z.uuid({ message: STUDENT_API_MESSAGES.landlordUnknown }).nullish()),
    institution_id: blankAsNull(z.uuid({ message: STUDENT_API_MESSAGES.institutionUnknown }).nullish()),
    laptop_plan: choice('Laptop plan', LAPTOP_PLANS, STUDENT_DEFAULTS.laptopPlan, mode),
    laptop_serial_number: text('Laptop serial number', 100),
    laptop_monthly_deduction: money('Laptop monthly deduction'),
    laptop_inspection_date: isoDate('Laptop inspection date'),
    laptop_submission_date: isoDate('Laptop submission date'),
    laptop_collection_date: isoDate('Laptop collection date'),
  };
}

/** POST /api/students: first and last name required, everything else optional with spec defaults. */
export const StudentCreateSchema = z.object(studentFields('create')).meta({ id: 'StudentCreate' });
export type StudentCreateInput = z.input<typeof StudentCreateSchema>;
export type StudentCreate = z.output<typeof StudentCreateSchema>;

/**
 * PUT /api/students/:id: the same fields; a field left out keeps its value, null or '' clears it
 * (enumerations keep their value when blank). Read-only fields sent back (id, full_name, age,
 * assigned_officer_name, created_at, updated_at) are ignored.
 */
export const StudentUpdateSchema = z
  .object({
    ...studentFields('update'),
    first_name: requiredName('First name').optional(),
    last_name: requiredName('Last name').optional(),
  })
  .meta({ id: 'StudentUpdate' });
export type StudentUpdateInput = z.input<typeof StudentUpdateSchema>;
export type StudentUpdate = z.output<typeof StudentUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Output.

const nullableText = z.string().nullable();
const nullableDate = z.string().nullable().meta({ description: 'YYYY-MM-DD' });
const nullableMoney = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .nullable()
  .meta({ description: 'ZMW amount as an exact decimal, e.g. "1500.00"' });

export const StudentSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** Always first_name + ' ' + last_name. */
    full_name: z.string(),
    email: nullableText,
    contact_number: nullableText,
    community: nullableText,
    program_level: z.enum(PROGRAM_LEVELS),
    program_status: z.enum(PROGRAM_STATUSES),
    academic_standing: z.enum(ACADEMIC_STANDINGS),
    institution_name: nullableText,
    current_program: nullableText,
    assigned_officer_id: nullableText,
    /** The officer's current name, read from their account. */
    assigned_officer_name: nullableText,
    /** The landlord and institution records of Corporate Collaborations the student is linked to. */
    landlord_id: nullableText,
    institution_id: nullableText,
    overall_gpa: z.number().nullable(),
    chl_number: nullableText,
    gender: z.enum(GENDERS),
    date_of_birth: nullableDate,
    /** Whole years on today's date in Africa/Lusaka, counting a birthday once it has arrived. */
    age: z.number().int().nullable(),
    nrc_number: nullableText,
    school_id_number: nullableText,
    profile_photo_url: nullableText,
    program_notes: nullableText,
    guardian_full_name: nullableText,
    guardian_community: nullableText,
    guardian_contact_number: nullableText,
    guardian_relationship: nullableText,
    institution_location: nullableText,
    area_of_study: nullableText,
    program_length: nullableText,
    start_date: nullableDate,
    expected_end_date: nullableDate,
    accommodation_type: z.enum(ACCOMMODATION_TYPES),
    accommodation_monthly_rent: nullableMoney,
    accommodation_payment_method: nullableText,
    accommodation_address: nullableText,
    accommodation_landlord_name: nullableText,
    accommodation_landlord_contact: nullableText,
    laptop_plan: z.enum(LAPTOP_PLANS),
    laptop_serial_number: nullableText,
    laptop_monthly_deduction: nullableMoney,
    laptop_inspection_date: nullableDate,
    laptop_submission_date: nullableDate,
    laptop_collection_date: nullableDate,
    created_at: z.string().meta({ description: 'ISO timestamp' }),
    updated_at: z.string().meta({ description: 'ISO timestamp' }),
  })
  .meta({ id: 'Student' });
export type Student = z.infer<typeof StudentSchema>;

/**
 * A student as the list sends it (GET /api/students): only what a list shows, and nothing private
 * (no NRC, date of birth, contact numbers, guardian, accommodation, laptop or notes). The whole
 * record is GET /api/students/:id. Each field is read by a list consumer: the table and its cards
 * (name, email, CHL number, category, programme, institution, status, officer), the profile cards
 * and the headers of the dialogs opened from a row (photo, first and last name for the initials),
 * the row's permission to edit (assigned_officer_id), and the student pickers.
 */
export const StudentListItemSchema = StudentSchema.pick({
  id: true,
  first_name: true,
  last_name: true,
  full_name: true,
  email: true,
  program_level: true,
  program_status: true,
  institution_name: true,
  current_program: true,
  assigned_officer_id: true,
  assigned_officer_name: true,
  chl_number: true,
  profile_photo_url: true,
}).meta({ id: 'StudentListItem' });
export type StudentListItem = z.infer<typeof StudentListItemSchema>;
/** The list item's fields, in the order the list sends them. */
export const STUDENT_LIST_ITEM_FIELDS = Object.keys(StudentListItemSchema.shape) as Array<
  keyof StudentListItem
>;

// ---------------------------------------------------------------------------------------------
// List, export and officers.

export const STUDENT_CATEGORIES = PROGRAM_LEVELS;

export { STUDENT_SORTS } from '../domain/students';

/** Filters of the list and the CSV export (the export ignores page and pageSize). */
export const StudentListQuerySchema = z.object({
  q: z.string().trim().max(100, { message: 'Search must be at most 100 characters' }).optional().meta({
    description:
      'Ignoring case, 1-2 characters match the start of the first name, last name or CHL number; 3 or more match anywhere in the full name, email, institution or CHL number',
  }),
  category: blankAsMissing(oneOf('Category', PROGRAM_LEVELS).optional()),
  status: blankAsMissing(oneOf('Status', PROGRAM_STATUSES).optional()),
  landlord_id: blankAsMissing(
    z
      .uuid({ message: 'landlord_id must be a landlord id' })
      .optional()
      .meta({ description: 'Students linked to this landlord' }),
  ),
  institution_id: blankAsMissing(
    z
      .uuid({ message: 'institution_id must be an institution id' })
      .optional()
      .meta({ description: 'Students linked to this institution' }),
  ),
  ...PageQuerySchema.shape,
  sort: blankAsMissing(oneOf('Sort', STUDENT_SORTS).default(DEFAULT_STUDENT_SORT)),
});
export type StudentListQuery = z.output<typeof StudentListQuerySchema>;
export type StudentListQueryInput = z.input<typeof StudentListQuerySchema>;

export const StudentCountsSchema = z.object({
  all: z.number().int(),
  university: z.number().int(),
  diploma: z.number().int(),
  launch_year: z.number().int(),
});
export type StudentCounts = z.infer<typeof StudentCountsSchema>;

/** Per tile, whether its count is only known to be more than 1,000 (a search, D17): it reads "1,000+". */
export const StudentCountsCappedSchema = z.object({
  all: z.boolean(),
  university: z.boolean(),
  diploma: z.boolean(),
  launch_year: z.boolean(),
});
export type StudentCountsCapped = z.infer<typeof StudentCountsCappedSchema>;

export const StudentListResponseSchema = pagedResponseSchema(StudentListItemSchema)
  .extend({
    /** What each category tile would show: follows q and status, not category. */
    counts: StudentCountsSchema,
    /** Which of the counts are 1,000 standing for more (then each is 1,000). */
    counts_capped: StudentCountsCappedSchema,
  })
  .meta({ id: 'StudentList' });
export type StudentListResponse = z.infer<typeof StudentListResponseSchema>;

export const OfficerOptionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    staff_id: z.string().nullable(),
    role: z.enum(['program_officer', 'deputy_manager', 'admin']),
  })
  .meta({ id: 'OfficerOption' });
export type OfficerOption = z.infer<typeof OfficerOptionSchema>;
export const OfficerOptionsResponseSchema = z.array(OfficerOptionSchema);

/** Columns of GET /api/students/export.csv, in order. */
export const STUDENT_EXPORT_COLUMNS = [
  'id',
  'chl_number',
  'first_name',
  'last_name',
  'full_name',
  'email',
  'contact_number',
  'community',
  'program_level',
  'program_status',
  'academic_standing',
  'institution_name',
  'current_program',
  'assigned_officer_name',
  'overall_gpa',
  'gender',
  'date_of_birth',
  'age',
  'nrc_number',
  'school_id_number',
  'profile_photo_url',
  'program_notes',
  'guardian_full_name',
  'guardian_community',
  'guardian_contact_number',
  'guardian_relationship',
  'institution_location',
  'area_of_study',
  'program_length',
  'start_date',
  'expected_end_date',
  'accommodation_type',
  'accommodation_monthly_rent',
  'accommodation_payment_method',
  'accommodation_address',
  'accommodation_landlord_name',
  'accommodation_landlord_contact',
  'laptop_plan',
  'laptop_serial_number',
  'laptop_monthly_deduction',
  'laptop_inspection_date',
  'laptop_submission_date',
  'laptop_collection_date',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof Student>;
export const STUDENT_EXPORT_FILENAME = 'students.csv';

// ---------------------------------------------------------------------------------------------
// Import.

/** The header line of the template the screen offers for download (student_import_template.csv). */
export const STUDENT_IMPORT_TEMPLATE_HEADER = STUDENT_IMPORT_COLUMNS.join(',');

export const StudentImportResponseSchema = z
  .object({
    imported: z.number().int(),
    /** Rows left out because first_name or last_name was empty. */
    dropped: z.array(DroppedRowSchema),
    /** Rows with problems left out at the request's choice (skip_invalid_rows): how many. */
    skipped_rows: z.number().int(),
    /** Their problems, in row order (the first 1,000). */
    skipped: z.array(RowProblemSchema),
    /** Imported as written but worth a look: a wallet number under another operator's prefix. */
    warnings: z.array(RowProblemSchema),
    message: z.string(),
  })
  .meta({ id: 'StudentImportResult' });
export type StudentImportResponse = z.infer<typeof StudentImportResponseSchema>;
