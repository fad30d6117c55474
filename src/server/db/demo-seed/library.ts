import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FILE_TYPES } from '../../../domain/student-files';
import { fileStore } from '../../storage/file-store';
import type { Tx } from '../client';
import { libraryRatings, libraryResources, users } from '../schema';
import { demoPdf } from './forms-files';

/*
 * The demo library (docs/product.md D10): twenty resources of every type and category, links to
 * open material, two short books as generated PDFs, and a few ratings and downloads.
 */

/** [title, author, type, category, duration, tags] */
const RESOURCES: Array<[string, string, string, string, string | null, string[]]> = [
  [
    'Study Skills for College',
    'Programme staff',
    'book',
    'academic',
    '40 pages',
    ['study', 'exams', 'notes'],
  ],
  ['Budgeting Your Stipend', 'Programme staff', 'book', 'life_skills', '12 pages', ['money', 'budget']],
  ['Introduction to Statistics', 'OpenStax', 'book', 'academic', '900 pages', ['maths', 'statistics']],
  ['Writing a Strong CV', 'Careers Office', 'book', 'career', '20 pages', ['cv', 'jobs']],
  [
    'Habits of Successful Students',
    'M. Banda',
    'audiobook',
    'personal_development',
    '3h 10m',
    ['habits', 'motivation'],
  ],
  ['The Art of Saying No', 'L. Phiri', 'audiobook', 'life_skills', '2h 5m', ['wellbeing']],
  ['Stories from Home', 'Various', 'audiobook', 'entertainment', '4h 40m', ['stories', 'zambia']],
  ['Leadership for Beginners', 'C. Tembo', 'audiobook', 'career', '5h', ['leadership']],
  ['How to Prepare for Exams', 'Khan Academy', 'video', 'academic', '12m', ['exams', 'study']],
  ['Interview Practice', 'Careers Office', 'video', 'career', '25m', ['interviews', 'jobs']],
  ['Cooking on a Student Budget', 'N. Mulenga', 'video', 'life_skills', '18m', ['cooking', 'money']],
  ['Managing Stress', 'Campus Health', 'video', 'personal_development', '15m', ['wellbeing', 'health']],
  ['Zambian Music Through the Decades', 'Radio Phoenix', 'video', 'entertainment', '1h 2m', ['music']],
  ['Tech Careers in Africa', 'Tech Podcast', 'podcast', 'career', '45m', ['technology', 'jobs']],
  ['Learning How to Learn', 'Study Hour', 'podcast', 'academic', '38m', ['study']],
  ['Money Talk', 'Finance FM', 'podcast', 'life_skills', '30m', ['money']],
  ['Mindset Mondays', 'K. Zulu', 'podcast', 'personal_development', '25m', ['motivation']],
  ['Football Weekly', 'Sports Desk', 'podcast', 'entertainment', '50m', ['sport']],
  ['Public Speaking Basics', 'Toastmasters Lusaka', 'video', 'personal_development', '22m', ['speaking']],
  ['Research Methods', 'University Press', 'book', 'academic', '120 pages', ['research']],
];

export async function seedDemoLibrary(tx: Tx, now: Date): Promise<void> {
  const accounts = await tx.select({ id: users.id, staffId: users.staffId }).from(users);
  const staffId = (s: string) => accounts.find((a) => a.staffId === s)?.id ?? null;
  const rows = RESOURCES.map(([title, author, type, category, duration, tags], i) => {
    const createdAt = new Date(now.getTime() - (RESOURCES.length - i) * 36 * 3600 * 1000);
    return {
      title,
      description: `${title}: a ${type} for students, chosen by the programme's officers.`,
      author,
      tags,
      type,
      category,
      duration,
      url: i < 2 ? null : `https://example.org/library/${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
      downloads: (i * 7) % 23,
      createdById: staffId(i % 2 === 0 ? 'PO001' : 'DPM001'),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const added = await tx
    .insert(libraryResources)
    .values(rows)
    .returning({ id: libraryResources.id, title: libraryResources.title });
  // The first two books are programme notes, kept as files.
  for (const book of added.slice(0, 2)) {
    const bytes = demoPdf([book.title, 'CHL student sponsorship programme', 'Chapter 1: Getting started']);
    const storageKey = randomUUID();
    await fileStore().save(tx, storageKey, [bytes]);
    await tx
      .update(libraryResources)
      .set({
        storageKey,
        fileName: `${book.title}.pdf`,
        mimeType: FILE_TYPES.pdf,
        fileSize: bytes.byteLength,
      })
      .where(eq(libraryResources.id, book.id));
  }
  const raters = ['STU001', 'USR001', 'PO002'].map(staffId).filter((id): id is string => id !== null);
  const ratings = added
    .slice(0, 8)
    .flatMap((resource, i) =>
      raters
        .slice(0, 1 + (i % raters.length))
        .map((userId, j) => ({ resourceId: resource.id, userId, stars: 5 - ((i + j) % 3), ratedAt: now })),
    );
  if (ratings.length === 0) return;
  await tx.insert(libraryRatings).values(ratings);
  for (const resource of added.slice(0, 8)) {
    const mine = ratings.filter((r) => r.resourceId === resource.id);
    const average = mine.reduce((sum, r) => sum + r.stars, 0) / mine.length;
    await tx
      .update(libraryResources)
      .set({ ratingAverage: average.toFixed(2), ratingCount: mine.length })
      .where(eq(libraryResources.id, resource.id));
  }
}
