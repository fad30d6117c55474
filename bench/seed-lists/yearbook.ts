import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import type { SeedContext } from './context';

/** Five published yearbooks; the newest holds every entry and memory. Answers its id, which the bench pages. */
export async function seedYearbook({
  tx,
  records,
  admin,
  staff,
  pool,
  each,
  ago,
}: SeedContext): Promise<string> {
  const books = await tx
    .insert(t.yearbooks)
    .values(
      [2021, 2022, 2023, 2024, 2025].map((year) => ({
        year,
        title: `Class of ${year}`,
        status: 'published' as const,
        createdBy: admin.id,
        createdByName: admin.name,
        publishedDate: `${year}-12-01`,
      })),
    )
    .returning({ id: t.yearbooks.id });
  const yearbookId = books.at(-1)!.id;
  // One entry per student (yearbook_entries_student_key): graduates when there are enough, else anyone.
  const graduates = pool.filter((s) => s.status === 'graduated');
  const entrants = graduates.length >= records ? graduates : pool;
  await insertByArrays(
    tx,
    t.yearbookEntries,
    each((i) => {
      const s = entrants[i]!;
      const status = i % 20 === 0 ? 'rejected' : i % 6 === 0 ? 'pending' : 'approved';
      return {
        yearbookId,
        studentId: s.id,
        studentName: s.name ?? '',
        program: s.program,
        quote: 'Ubuntu: I am because we are.',
        status,
        approvedBy: status === 'approved' ? admin.id : null,
        approvedDate: status === 'approved' ? '2025-11-20' : null,
        createdAt: ago(400 - (i % 300)),
      };
    }),
  );
  await insertByArrays(
    tx,
    t.memoryWallPosts,
    each((i) => {
      const author = staff[i % staff.length]!;
      return {
        yearbookId,
        authorId: author.id,
        authorName: author.name,
        message: `Congratulations, class of 2025! Memory ${i}: the study nights before finals.`,
        createdAt: ago((i * 0.03) % 300),
      };
    }),
  );
  return yearbookId;
}
