import { asc, eq } from 'drizzle-orm';
import { lusakaDate } from '../../../domain/dates';
import type { Tx } from '../client';
import { impactStories, storyCategories, students, users } from '../schema';

/*
 * Demo Impact Stories (docs/product.md D10): twelve stories of demo students in five categories,
 * ten approved (three of them featured) and two waiting for approval.
 */

const CATEGORIES = [
  ['Academic Excellence', 'blue'],
  ['Career Success', 'green'],
  ['Community Impact', 'purple'],
  ['Overcoming Adversity', 'orange'],
  ['Leadership', 'pink'],
] as const;

/** [category index, title, excerpt, approved, featured] */
const STORIES: Array<[number, string, string, boolean, boolean]> = [
  [
    0,
    'First in her family to finish secondary school',
    'A bursary, a study lamp and a mentor turned a long walk to school into a place at university.',
    true,
    true,
  ],
  [
    1,
    'From laptop loan to software developer',
    'The rent-to-own laptop became the tool that landed a first job writing software in Lusaka.',
    true,
    true,
  ],
  [
    2,
    'Clean water for Kanyama',
    'A public health student organised neighbours to fix three boreholes before the rainy season.',
    true,
    true,
  ],
  [
    3,
    'Back in class after losing a guardian',
    'When his grandmother passed away, the programme kept him in school and his marks climbed.',
    true,
    false,
  ],
  [
    4,
    'Leading the student council',
    'Elected president of her college council, she now speaks for 2,000 students.',
    true,
    false,
  ],
  [
    0,
    'Top of the class in accounting',
    'A distinction in every module of the diploma, earned while tutoring first-years.',
    true,
    false,
  ],
  [
    1,
    'Nursing on the Copperbelt',
    'Now a registered nurse at Ndola Teaching Hospital, she sends part of her salary home.',
    true,
    false,
  ],
  [
    2,
    'Teaching girls to code in Chipata',
    'A weekend club he started has taught forty girls their first lines of code.',
    true,
    false,
  ],
  [
    3,
    'Walking 12 km to school, and finishing',
    'Every day for four years, and now a teacher in the same district.',
    true,
    false,
  ],
  [
    4,
    'Captain of the debate team',
    'From shy first-year to national debate finalist in two seasons.',
    true,
    false,
  ],
  [
    1,
    'An internship at ZESCO',
    'Her solar mini-grid project earned an internship with the national utility.',
    false,
    false,
  ],
  [
    2,
    'A library for Mtendere',
    'Collecting donated books to open a reading room for primary pupils.',
    false,
    false,
  ],
];

const DAY = 86_400_000;

export async function seedDemoStories(tx: Tx, now: Date): Promise<void> {
  const categories = await tx
    .insert(storyCategories)
    .values(CATEGORIES.map(([name, color]) => ({ name, color, createdAt: now })))
    .returning({ id: storyCategories.id });
  const [manager] = await tx.select({ id: users.id }).from(users).where(eq(users.staffId, 'DPM001'));
  const people = await tx
    .select({
      id: students.id,
      name: students.fullName,
      photo: students.profilePhotoUrl,
      program: students.currentProgram,
      start: students.startDate,
      end: students.expectedEndDate,
    })
    .from(students)
    .orderBy(asc(students.createdAt), asc(students.id))
    .limit(STORIES.length * 7);
  if (people.length === 0) return;
  await tx.insert(impactStories).values(
    STORIES.map(([category, title, excerpt, approved, featured], i) => {
      const student = people[(i * 7) % people.length]!;
      const posted = new Date(now.getTime() - (i * 23 + 5) * DAY);
      return {
        studentId: student.id,
        studentName: student.name,
        studentPhotoUrl: student.photo,
        program: student.program,
        // Their class: the year they finish (or finished), else the year of the story.
        year: Number((student.end ?? lusakaDate(posted)).slice(0, 4)),
        title,
        excerpt,
        content: `${excerpt}\n\n${student.name} joined the programme${student.start ? ` in ${student.start.slice(0, 4)}` : ''} and agreed to share this story.\n\nThe sponsorship paid fees, a monthly stipend and, where needed, accommodation and a laptop. Just as important were the mentors and programme officers who checked in every month.`,
        categoryId: categories[category]!.id,
        featured,
        approved,
        approvedBy: approved ? (manager?.id ?? null) : null,
        approvedDate: approved ? lusakaDate(new Date(posted.getTime() + DAY)) : null,
        datePosted: lusakaDate(posted),
        viewsCount: approved ? 40 + ((i * 37) % 160) : 0,
        createdAt: posted,
        updatedAt: posted,
      };
    }),
  );
}
