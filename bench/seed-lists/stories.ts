import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import type { SeedContext } from './context';

/** Impact stories over five categories; every seventh waits for approval. */
export async function seedStories({ tx, admin, student, each, ago, day }: SeedContext): Promise<void> {
  const categories = await tx
    .insert(t.storyCategories)
    .values(['Education', 'Careers', 'Community', 'Health', 'Family'].map((name) => ({ name })))
    .returning({ id: t.storyCategories.id });
  await insertByArrays(
    tx,
    t.impactStories,
    each((i) => {
      const s = student(i);
      const approved = i % 7 !== 0;
      return {
        studentId: s.id,
        studentName: s.name ?? '',
        program: s.program,
        year: 2020 + (i % 7),
        title: `How ${s.name} found a way (${i})`,
        excerpt: 'A bursary, a laptop and a mentor changed what seemed possible.',
        content: 'The full story, as told to the programme officer.',
        categoryId: categories[i % categories.length]!.id,
        featured: approved && i % 50 === 1,
        approved,
        approvedBy: approved ? admin.id : null,
        approvedDate: approved ? day(ago(i % 900)) : null,
        datePosted: day(ago(i % 900)),
      };
    }),
  );
}
