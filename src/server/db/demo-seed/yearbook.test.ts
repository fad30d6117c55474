import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { classYearOf } from '../../../domain/yearbook';
import { fileDemoDatabase } from '../../testing/demo-database';
import { students, yearbookEntries, yearbooks } from '../schema';
import { DEMO_GRADUATE_EMAIL } from './students';

const database = fileDemoDatabase();

describe('the demo yearbook', () => {
  it("puts STU001's student in her own class's yearbook, and every graduate in one yearbook only", async () => {
    const rows = await database.db
      .select({ studentId: yearbookEntries.studentId, year: yearbooks.year, email: students.email })
      .from(yearbookEntries)
      .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
      .innerJoin(students, eq(students.id, yearbookEntries.studentId));
    const [natasha] = await database.db
      .select()
      .from(students)
      .where(eq(students.email, DEMO_GRADUATE_EMAIL));
    expect(rows.filter((r) => r.email === DEMO_GRADUATE_EMAIL).map((r) => r.year)).toEqual([
      classYearOf(natasha!.expectedEndDate),
    ]);
    expect(new Set(rows.map((r) => r.studentId)).size).toBe(rows.length);
  });
});
