import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudentCreateSchema } from '../../../contracts/students';
import { isIsoDate } from '../../../domain/dates';
import { PROGRAM_LEVELS, PROGRAM_STATUSES } from '../../../domain/students';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { openDatabase } from '../client';
import {
  impactStories,
  institutions,
  landlords,
  memoryWallPosts,
  students,
  users,
  yearbookEntries,
  yearbooks,
} from '../schema';
import { seedDemoData } from '.';
import { DEMO_ACCOUNTS } from './accounts';
import { buildDemoStudents, DEMO_GRADUATE_EMAIL, type NewStudentRow } from './students';
import { DEMO_DIRECTORY } from './users';

const now = new Date('2026-03-15T09:00:00Z');
const officers = {
  PO001: { id: '00000000-0000-4000-8000-000000000001', name: 'Bupe Tembo' },
  PO002: { id: '00000000-0000-4000-8000-000000000002', name: 'Mwansa Zulu' },
};

/** A row back in the API's field names, to check it against the same rules as the forms. */
const asInput = (r: NewStudentRow) => ({
  first_name: r.firstName,
  last_name: r.lastName,
  email: r.email,
  program_level: r.programLevel,
  program_status: r.programStatus,
  academic_standing: r.academicStanding,
  overall_gpa: r.overallGpa,
  gender: r.gender,
  date_of_birth: r.dateOfBirth,
  start_date: r.startDate,
  expected_end_date: r.expectedEndDate,
  accommodation_type: r.accommodationType,
  accommodation_monthly_rent: r.accommodationMonthlyRent,
  laptop_plan: r.laptopPlan,
  laptop_monthly_deduction: r.laptopMonthlyDeduction,
  laptop_inspection_date: r.laptopInspectionDate,
  laptop_submission_date: r.laptopSubmissionDate,
  laptop_collection_date: r.laptopCollectionDate,
});

describe('buildDemoStudents', () => {
  const rows = buildDemoStudents(officers, now);

  it('is deterministic', () => {
    expect(buildDemoStudents(officers, now)).toEqual(rows);
  });

  it('has about 120 students across every category and status, split between the two officers', () => {
    expect(rows).toHaveLength(120);
    expect(new Set(rows.map((r) => r.programLevel))).toEqual(new Set(PROGRAM_LEVELS));
    expect(new Set(rows.map((r) => r.programStatus))).toEqual(new Set(PROGRAM_STATUSES));
    const po1 = rows.filter((r) => r.assignedOfficerId === officers.PO001.id).length;
    expect(po1).toBeGreaterThan(40);
    expect(rows.length - po1).toBeGreaterThan(40);
    const complete = rows.filter((r) => r.guardianFullName && r.areaOfStudy);
    expect(complete.length).toBeGreaterThan(90);
  });

  it('makes valid records: unique numbers, real dates, nothing in the future', () => {
    const today = '2026-03-15';
    const chl = rows.map((r) => r.chlNumber!.toUpperCase());
    expect(new Set(chl).size).toBe(rows.length);
    const nrc = rows.flatMap((r) => (r.nrcNumber ? [r.nrcNumber] : []));
    expect(new Set(nrc).size).toBe(nrc.length);
    for (const r of rows) {
      expect(StudentCreateSchema.safeParse(asInput(r)).success, r.fullName).toBe(true);
      expect(r.fullName).toBe(`${r.firstName} ${r.lastName}`);
      expect(isIsoDate(r.startDate!) && r.startDate! <= today, r.fullName).toBe(true);
      expect(r.expectedEndDate! >= r.startDate!).toBe(true);
      expect(r.dateOfBirth! < r.startDate!).toBe(true);
      expect(r.createdAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(r.contactNumber).toMatch(/^\+260(97|96|95)\d{7}$/);
    }
  });

  it('includes Natasha Banda, graduated, with the STU001 email', () => {
    const natasha = rows.filter((r) => r.email === DEMO_GRADUATE_EMAIL);
    expect(natasha).toHaveLength(1);
    expect(natasha[0]).toMatchObject({ fullName: 'Natasha Banda', programStatus: 'graduated' });
  });

  it('scales for the benchmark with unique numbers', () => {
    const many = buildDemoStudents(officers, now, { count: 5000, includeGraduate: false });
    expect(new Set(many.map((r) => r.chlNumber)).size).toBe(5000);
    expect(many.some((r) => r.email === DEMO_GRADUATE_EMAIL)).toBe(false);
  });
});

describe('seedDemoData', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it('loads the demo students with the accounts, once', async () => {
    expect(await seedDemoData(db.db, now)).toEqual({ seeded: true });
    const [n] = await db.db.select({ n: sql<number>`count(*)` }).from(students);
    expect(n?.n).toBe(120);
    const [stu] = await db.db.select().from(users).where(eq(users.staffId, 'STU001'));
    const [graduate] = await db.db
      .select()
      .from(students)
      .where(sql`lower(${students.email}) = lower(${stu!.email})`);
    expect(graduate).toMatchObject({ programStatus: 'graduated', fullName: 'Natasha Banda' });
    const owners = await db.db
      .select({ staffId: users.staffId, n: sql<number>`count(*)` })
      .from(students)
      .innerJoin(users, eq(users.id, students.assignedOfficerId))
      .groupBy(users.staffId);
    expect(owners.map((o) => o.staffId).sort()).toEqual(['PO001', 'PO002']);
    expect(await seedDemoData(db.db, now)).toEqual({ seeded: false });
  });

  it('loads landlords in Lusaka, Kitwe and Ndola and the students’ institutions, with the students linked', async () => {
    const houses = await db.db.select().from(landlords);
    expect(houses).toHaveLength(8);
    for (const town of ['Lusaka', 'Kitwe', 'Ndola'])
      expect(houses.some((h) => h.address?.endsWith(town))).toBe(true);
    expect(houses.every((h) => h.cellLine && /^\+260\d{9}$/.test(h.cellLine))).toBe(true);
    const attended = await db.db.execute<{ name: string }>(
      sql`select distinct institution_name as name from students where institution_name is not null`,
    );
    const colleges = await db.db.select().from(institutions);
    expect(colleges.map((c) => c.institutionName).sort()).toEqual(attended.rows.map((r) => r.name).sort());
    const [unlinked] = await db.db
      .execute<{ n: number }>(sql`
      select count(*)::int as n from students
       where (institution_name is not null and institution_id is null)
          or (accommodation_type = 'boarding_house' and landlord_id is null)`)
      .then((r) => r.rows);
    expect(unlinked?.n).toBe(0);
    const [boarders] = await db.db
      .execute<{ n: number }>(sql`select count(*)::int as n from students where landlord_id is not null`)
      .then((r) => r.rows);
    expect(boarders!.n).toBeGreaterThan(8);
  });

  it('loads a published class of last year, a draft of this year with Natasha Banda pending, and an archived one', async () => {
    const books = await db.db.select().from(yearbooks).orderBy(yearbooks.year);
    expect(books.map((b) => [b.year, b.status])).toEqual([
      [2024, 'archived'],
      [2025, 'published'],
      [2026, 'draft'],
    ]);
    const entries = await db.db.select().from(yearbookEntries);
    const of = (i: number) => entries.filter((e) => e.yearbookId === books[i]!.id);
    expect(of(1).length).toBeGreaterThan(5);
    expect(of(1).every((e) => e.status === 'approved' && e.approvedDate)).toBe(true);
    expect(of(2).every((e) => e.status === 'pending')).toBe(true);
    expect(of(2).map((e) => e.studentName)).toContain('Natasha Banda');
    expect(new Set(entries.map((e) => e.studentId)).size).toBe(entries.length);
    const wall = await db.db.select().from(memoryWallPosts);
    expect(wall.length).toBeGreaterThan(0);
    expect(wall.every((m) => m.yearbookId === books[1]!.id)).toBe(true);
  });

  it('loads twelve stories in five categories: ten approved, three featured, two pending, about demo students', async () => {
    const stories = await db.db.select().from(impactStories);
    expect(stories).toHaveLength(12);
    expect(new Set(stories.map((s) => s.categoryId)).size).toBe(5);
    expect(stories.filter((s) => s.approved)).toHaveLength(10);
    expect(stories.filter((s) => s.featured && s.approved)).toHaveLength(3);
    expect(stories.every((s) => s.studentId)).toBe(true);
  });

  it('two processes seeding an empty database at once: one seeds, the other finds it done', async () => {
    const fresh = await createTestDatabase();
    try {
      // Two handles, as two processes would have (on PostgreSQL, two separate pools).
      const other = fresh.kind === 'postgres' ? openDatabase(fresh.pool.options.connectionString!, 2) : fresh;
      const results = await Promise.all([seedDemoData(fresh.db, now), seedDemoData(other.db, now)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      const [n] = await fresh.db.select({ n: sql<number>`count(*)::int` }).from(users);
      // The six accounts of the table, the rest of the directory, and the student asking for their role.
      expect(n?.n).toBe(DEMO_ACCOUNTS.length + DEMO_DIRECTORY.length + 1);
      if (other !== fresh) await other.close();
    } finally {
      await fresh.close();
    }
  });
});
