import { and, asc, eq, ne } from 'drizzle-orm';
import { lusakaDate } from '../../../domain/dates';
import type { Tx } from '../client';
import { memoryWallPosts, students, users, yearbookEntries, yearbooks } from '../schema';
import { DEMO_GRADUATE_EMAIL } from './students';

/*
 * Demo Graduation Yearbook (docs/product.md D10): last year's class published with approved entries
 * and memories, this year's a draft whose entries wait for review (Natasha Banda's, the STU001
 * account's student, among them), and an archived class before them.
 */

const QUOTES = [
  'Education is the key that opened every door for my family.',
  'Ubuntu: I am because we are.',
  'Small steps every day became a degree.',
  'To the programme that believed in me before I did: thank you.',
  'The hardest semesters taught me the most.',
  'From Chipata to the lecture hall, and now to the world.',
  'Work hard in silence; let success make the noise.',
  'I came for a qualification and found a family.',
] as const;

const ACHIEVEMENTS = [
  "Dean's list three years running; class representative in final year.",
  'Led the campus clean-water project in Kanyama; first-class honours.',
  'Best final-year research project in the faculty.',
  'Peer tutor for first-year mathematics; captain of the netball team.',
  'Internship at ZESCO; published a paper on solar mini-grids.',
  'Founded the student savings group; graduated with distinction.',
] as const;

const MEMORIES = [
  ['ADM001', 'The graduation lunch at the Lusaka office, when everyone brought a dish from home.'],
  ['DPM001', 'Watching this class present their final projects made the whole year worth it.'],
  [
    'PO001',
    'The bus to the leadership retreat in Siavonga broke down and we sang all the way to the next town.',
  ],
  ['USR001', 'Study nights in the library before exams, with tea and fritters at midnight.'],
] as const;

const DAY = 86_400_000;

export async function seedDemoYearbook(tx: Tx, now: Date): Promise<void> {
  const thisYear = Number(lusakaDate(now).slice(0, 4));
  const accounts = new Map(
    (await tx.select({ id: users.id, staffId: users.staffId, name: users.name }).from(users)).map((u) => [
      u.staffId,
      u,
    ]),
  );
  const manager = accounts.get('DPM001')!;
  const graduates = await tx
    .select({ id: students.id, name: students.fullName, program: students.currentProgram })
    .from(students)
    .where(and(eq(students.programStatus, 'graduated'), ne(students.email, DEMO_GRADUATE_EMAIL)))
    .orderBy(asc(students.fullName));
  const [natasha] = await tx
    .select({ id: students.id, name: students.fullName, program: students.currentProgram })
    .from(students)
    .where(eq(students.email, DEMO_GRADUATE_EMAIL));

  const book = (year: number, title: string, theme: string, status: 'draft' | 'published' | 'archived') => ({
    year,
    title,
    theme,
    status,
    createdBy: manager.id,
    createdByName: manager.name,
    publishedDate: status === 'draft' ? null : `${year}-11-28`,
    createdAt: new Date(now.getTime() - (thisYear - year + 1) * 200 * DAY),
    updatedAt: now,
  });
  const [archived, published, draft] = await tx
    .insert(yearbooks)
    .values([
      book(thisYear - 2, 'Roots and Wings', 'Where we came from, where we are going', 'archived'),
      book(thisYear - 1, 'Rising Together', 'Ubuntu in every step', 'published'),
      book(thisYear, 'The Road Ahead', 'Graduating into a changing Zambia', 'draft'),
    ])
    .returning({ id: yearbooks.id, year: yearbooks.year });

  // Each graduate in one class only: the archived class first, then last year's, then this year's.
  const entry = (
    yearbookId: string,
    student: { id: string; name: string; program: string | null },
    i: number,
    approved: boolean,
  ) => ({
    yearbookId,
    studentId: student.id,
    studentName: student.name,
    program: student.program,
    quote: QUOTES[i % QUOTES.length]!,
    achievements: i % 3 === 2 ? null : ACHIEVEMENTS[i % ACHIEVEMENTS.length]!,
    status: approved ? ('approved' as const) : ('pending' as const),
    approvedBy: approved ? manager.id : null,
    approvedDate: approved ? lusakaDate(new Date(now.getTime() - 300 * DAY)) : null,
    createdAt: new Date(now.getTime() - (approved ? 320 : 3 - (i % 3)) * DAY + i * 60_000),
    updatedAt: now,
  });
  const rows = [
    ...graduates.slice(0, 4).map((s, i) => entry(archived!.id, s, i + 3, true)),
    ...graduates.slice(4, 14).map((s, i) => entry(published!.id, s, i, true)),
    ...graduates.slice(14, 17).map((s, i) => entry(draft!.id, s, i, false)),
    ...(natasha ? [entry(draft!.id, natasha, 4, false)] : []),
  ];
  if (rows.length > 0) await tx.insert(yearbookEntries).values(rows);

  await tx.insert(memoryWallPosts).values(
    MEMORIES.map(([staffId, message], i) => {
      const author = accounts.get(staffId)!;
      return {
        yearbookId: published!.id,
        authorId: author.id,
        authorName: author.name,
        message,
        createdAt: new Date(now.getTime() - (MEMORIES.length - i) * 5 * DAY),
      };
    }),
  );
}
