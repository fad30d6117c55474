import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  Student,
  StudentCounts,
  StudentCreate,
  StudentListQuery,
  StudentUpdate,
} from '../../../contracts/students';
import { ageOn } from '../../../domain/dates';
import { type StudentActor, studentScope } from '../../../domain/student-permissions';
import type { ProgramLevel, ProgramStatus, StudentSort } from '../../../domain/students';
import type { DbOrTx } from '../../db/client';
import { studentCounts, students, users } from '../../db/schema';
import { fixedSelect, selectRows } from '../../db/select-rows';

/** The columns of a student as the API names them (spec §3), the officer's name joined from users. */
const studentColumns = {
  id: students.id,
  first_name: students.firstName,
  last_name: students.lastName,
  full_name: students.fullName,
  email: students.email,
  contact_number: students.contactNumber,
  community: students.community,
  program_level: students.programLevel,
  program_status: students.programStatus,
  academic_standing: students.academicStanding,
  institution_name: students.institutionName,
  current_program: students.currentProgram,
  assigned_officer_id: students.assignedOfficerId,
  assigned_officer_name: users.name,
  overall_gpa: students.overallGpa,
  chl_number: students.chlNumber,
  gender: students.gender,
  date_of_birth: students.dateOfBirth,
  nrc_number: students.nrcNumber,
  school_id_number: students.schoolIdNumber,
  profile_photo_url: students.profilePhotoUrl,
  program_notes: students.programNotes,
  guardian_full_name: students.guardianFullName,
  guardian_community: students.guardianCommunity,
  guardian_contact_number: students.guardianContactNumber,
  guardian_relationship: students.guardianRelationship,
  institution_location: students.institutionLocation,
  area_of_study: students.areaOfStudy,
  program_length: students.programLength,
  start_date: students.startDate,
  expected_end_date: students.expectedEndDate,
  accommodation_type: students.accommodationType,
  accommodation_monthly_rent: students.accommodationMonthlyRent,
  accommodation_payment_method: students.accommodationPaymentMethod,
  accommodation_address: students.accommodationAddress,
  accommodation_landlord_name: students.accommodationLandlordName,
  accommodation_landlord_contact: students.accommodationLandlordContact,
  laptop_plan: students.laptopPlan,
  laptop_serial_number: students.laptopSerialNumber,
  laptop_monthly_deduction: students.laptopMonthlyDeduction,
  laptop_inspection_date: students.laptopInspectionDate,
  laptop_submission_date: students.laptopSubmissionDate,
  laptop_collection_date: students.laptopCollectionDate,
  created_at: students.createdAt,
  updated_at: students.updatedAt,
};

export type StudentRow = Awaited<ReturnType<typeof selectStudents>>[number];

/** Input field name -> table column key, for writes. */
const WRITABLE: { [K in keyof StudentCreate]-?: keyof typeof students.$inferInsert } = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  contact_number: 'contactNumber',
  community: 'community',
  program_level: 'programLevel',
  program_status: 'programStatus',
  academic_standing: 'academicStanding',
  institution_name: 'institutionName',
  current_program: 'currentProgram',
  assigned_officer_id: 'assignedOfficerId',
  overall_gpa: 'overallGpa',
  chl_number: 'chlNumber',
  gender: 'gender',
  date_of_birth: 'dateOfBirth',
  nrc_number: 'nrcNumber',
  school_id_number: 'schoolIdNumber',
  profile_photo_url: 'profilePhotoUrl',
  program_notes: 'programNotes',
  guardian_full_name: 'guardianFullName',
  guardian_community: 'guardianCommunity',
  guardian_contact_number: 'guardianContactNumber',
  guardian_relationship: 'guardianRelationship',
  institution_location: 'institutionLocation',
  area_of_study: 'areaOfStudy',
  program_length: 'programLength',
  start_date: 'startDate',
  expected_end_date: 'expectedEndDate',
  accommodation_type: 'accommodationType',
  accommodation_monthly_rent: 'accommodationMonthlyRent',
  accommodation_payment_method: 'accommodationPaymentMethod',
  accommodation_address: 'accommodationAddress',
  accommodation_landlord_name: 'accommodationLandlordName',
  accommodation_landlord_contact: 'accommodationLandlordContact',
  laptop_plan: 'laptopPlan',
  laptop_serial_number: 'laptopSerialNumber',
  laptop_monthly_deduction: 'laptopMonthlyDeduction',
  laptop_inspection_date: 'laptopInspectionDate',
  laptop_submission_date: 'laptopSubmissionDate',
  laptop_collection_date: 'laptopCollectionDate',
};

export type StudentColumns = Partial<typeof students.$inferInsert>;

/** The table columns for the fields present in the input (left-out fields are left out; null clears). */
export function toStudentColumns(input: StudentCreate | StudentUpdate): StudentColumns {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(WRITABLE)) {
    const value = (input as Record<string, unknown>)[field];
    if (value === undefined) continue;
    columns[column] = field === 'overall_gpa' && typeof value === 'number' ? value.toFixed(2) : value;
  }
  return columns as StudentColumns;
}

export function toStudentDto(row: StudentRow, today: string): Student {
  return {
    ...row,
    overall_gpa: row.overall_gpa === null ? null : Number(row.overall_gpa),
    age: row.date_of_birth ? ageOn(row.date_of_birth, today) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The students a user reaches: everyone's, their own (program officer) or none. */
export function scopeCondition(actor: StudentActor): SQL | undefined {
  const scope = studentScope(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'officer') return eq(students.assignedOfficerId, scope.officerId);
  return sql`false`;
}

/** q as a LIKE pattern matching anywhere, its own % _ and \ taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The list's filters except category: the scope, the search text and the status. */
function baseFilters(actor: StudentActor, query: Pick<StudentListQuery, 'q' | 'status'>): SQL[] {
  const filters: SQL[] = [];
  const scope = scopeCondition(actor);
  if (scope) filters.push(scope);
  // search_text is lower-cased and trigram-indexed; lower() here so both sides fold case alike.
  if (query.q) filters.push(sql`${students.searchText} like lower(${containsPattern(query.q)})`);
  if (query.status) filters.push(eq(students.programStatus, query.status));
  return filters;
}

const ORDER: Record<StudentSort, SQL[]> = {
  created_at_desc: [desc(students.createdAt), desc(students.id)],
  created_at_asc: [asc(students.createdAt), asc(students.id)],
  name_asc: [asc(sql`lower(${students.fullName})`), asc(students.id)],
  name_desc: [desc(sql`lower(${students.fullName})`), desc(students.id)],
};

/*
 * The same orders written so that no index can provide them. When a search matches few students,
 * scanning the created_at index backwards and testing every row until 25 match is the slow road
 * (EXPLAIN: ~20 ms on 50,000 students); finding the matches with the trigram index and sorting
 * those few is ~2 ms. The planner cannot know how few match; we do, from the counts.
 */
const ORDER_BY_SORTING: Record<StudentSort, SQL[]> = {
  created_at_desc: [desc(sql`${students.createdAt} + interval '0 seconds'`), desc(students.id)],
  created_at_asc: [asc(sql`${students.createdAt} + interval '0 seconds'`), asc(students.id)],
  name_asc: ORDER.name_asc,
  name_desc: ORDER.name_desc,
};

function selectStudents(db: DbOrTx) {
  return db.select(studentColumns).from(students).leftJoin(users, eq(users.id, students.assignedOfficerId));
}

export async function findStudentRows(
  db: DbOrTx,
  actor: StudentActor,
  query: Omit<StudentListQuery, 'page' | 'pageSize'>,
  page?: { limit: number; offset: number; matching?: number },
): Promise<StudentRow[]> {
  if (page && !query.q) return latestStudentPage(db, actor, query, page);
  const filters = baseFilters(actor, query);
  if (query.category) filters.push(eq(students.programLevel, query.category));
  const sortFew = query.q !== undefined && query.q !== '' && (page?.matching ?? Infinity) <= FEW_MATCHES;
  const ordered = selectStudents(db)
    .where(and(...filters))
    .orderBy(...(sortFew ? ORDER_BY_SORTING : ORDER)[query.sort]);
  if (!page) return ordered;
  // A list page maps its rows without Drizzle's per-column is() checks (see selectRows); the
  // rows are the same, the officer's name (left join) included.
  return selectRows(db, studentColumns, ordered.limit(page.limit).offset(page.offset)) as Promise<
    StudentRow[]
  >;
}

/*
 * The list page everyone opens first, without a search: its SQL is built once per shape (officer
 * scope, status, category, sort) and database handle, not on every request (see fixedSelect).
 */
const latestPageQueries = new Map<string, ReturnType<typeof fixedSelect<typeof studentColumns>>>();

async function latestStudentPage(
  db: DbOrTx,
  actor: StudentActor,
  query: Omit<StudentListQuery, 'page' | 'pageSize' | 'q'>,
  page: { limit: number; offset: number },
): Promise<StudentRow[]> {
  const scope = studentScope(actor);
  if (scope.kind === 'none') return [];
  const officerId = scope.kind === 'officer' ? scope.officerId : undefined;
  const shape = [
    officerId !== undefined,
    query.status !== undefined,
    query.category !== undefined,
    query.sort,
  ];
  const key = shape.join('|');
  let pageQuery = latestPageQueries.get(key);
  if (!pageQuery) {
    pageQuery = fixedSelect(studentColumns, (handle) =>
      selectStudents(handle)
        .where(
          and(
            officerId !== undefined
              ? eq(students.assignedOfficerId, sql.placeholder('officerId'))
              : undefined,
            query.status !== undefined ? eq(students.programStatus, sql.placeholder('status')) : undefined,
            query.category !== undefined ? eq(students.programLevel, sql.placeholder('category')) : undefined,
          ),
        )
        .orderBy(...ORDER[query.sort])
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    );
    latestPageQueries.set(key, pageQuery);
  }
  const values = { officerId, status: query.status, category: query.category, ...page };
  return (await pageQuery(db, values)) as StudentRow[];
}

/**
 * Up to this many matches, a searched page is found through the search index and sorted. Walking
 * the date index visits about 25 × students ÷ matches rows (many more when the matches cluster
 * in time, as CHL numbers of one intake do); sorting the matches visits each once.
 */
const FEW_MATCHES = 1000;

/** How many students each category tile would show, under the same scope, search and status. */
export async function countStudents(
  db: DbOrTx,
  actor: StudentActor,
  query: Pick<StudentListQuery, 'q' | 'status'>,
): Promise<StudentCounts> {
  const counts: StudentCounts = { all: 0, university: 0, diploma: 0, launch_year: 0 };
  // Without a search the stored counts answer; a search has to count its matches.
  const groups = query.q
    ? await db
        .select({ level: students.programLevel, n: sql<number>`count(*)` })
        .from(students)
        .where(and(...baseFilters(actor, query)))
        .groupBy(students.programLevel)
    : await storedStudentCounts(db, actor, query.status);
  for (const { level, n } of groups) {
    counts[level] += n;
    counts.all += n;
  }
  return counts;
}

export interface StudentCountGroup {
  level: ProgramLevel;
  status: ProgramStatus;
  year: number;
  n: number;
}

/**
 * The user's students counted by category, status and start year, from the counts the database
 * keeps (schema: studentCounts): a few hundred rows at most, whatever the number of students.
 */
export async function storedStudentCounts(
  db: DbOrTx,
  actor: StudentActor,
  status?: ProgramStatus,
): Promise<StudentCountGroup[]> {
  const scope = studentScope(actor);
  if (scope.kind === 'none') return [];
  const filters: SQL[] = [sql`${studentCounts.studentCount} <> 0`];
  if (scope.kind === 'officer') filters.push(eq(studentCounts.officerId, scope.officerId));
  if (status) filters.push(eq(studentCounts.programStatus, status));
  return db
    .select({
      level: studentCounts.programLevel,
      status: studentCounts.programStatus,
      year: studentCounts.startYear,
      n: studentCounts.studentCount,
    })
    .from(studentCounts)
    .where(and(...filters));
}

/*
 * Opening a student is a look-up by primary key, so it is a named statement, planned once per
 * connection: planning the 45-column join cost more than running it (1.4 ms against 0.5 ms a
 * look-up, sequentially, on this machine's PostgreSQL).
 */
const studentById = fixedSelect(
  studentColumns,
  (db) =>
    selectStudents(db)
      .where(eq(students.id, sql.placeholder('id')))
      .limit(1),
  'student_by_id',
);
const officersStudentById = fixedSelect(
  studentColumns,
  (db) =>
    selectStudents(db)
      .where(
        and(
          eq(students.id, sql.placeholder('id')),
          eq(students.assignedOfficerId, sql.placeholder('officerId')),
        ),
      )
      .limit(1),
  'officers_student_by_id',
);

/** One student inside the user's scope, or undefined (also for ids that are not uuids). */
export async function findStudentRow(
  db: DbOrTx,
  actor: StudentActor,
  id: string,
): Promise<StudentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const scope = studentScope(actor);
  if (scope.kind === 'none') return undefined;
  const [row] =
    scope.kind === 'all'
      ? await studentById(db, { id })
      : await officersStudentById(db, { id, officerId: scope.officerId });
  return row as StudentRow | undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
