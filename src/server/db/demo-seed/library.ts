import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FILE_TYPES } from '../../../domain/student-files';
import { fileStore } from '../../storage/file-store';
import type { Tx } from '../client';
import { libraryRatings, libraryResources, users } from '../schema';
import { demoPdf } from './forms-files';

/*
 * The demo library (docs/product.md D10): twenty resources of every type and category. The books
 * are the programme's own notes, kept as PDF files the app shows; the recordings are kept at the
 * office and have no file here, so they say so rather than link to another site. Only what could
 * have been read has downloads, and a few have ratings.
 */

interface DemoResource {
  title: string;
  author: string;
  type: 'book' | 'audiobook' | 'video' | 'podcast';
  category: string;
  duration: string | null;
  tags: string[];
  description: string;
  /** A book's pages as the PDF prints them, one line each; none: no file in the demo. */
  pages?: string[];
}

const RESOURCES: DemoResource[] = [
  {
    title: 'Study Skills for College',
    author: 'Programme staff',
    type: 'book',
    category: 'academic',
    duration: '6 pages',
    tags: ['study', 'exams', 'notes'],
    description:
      'Our first-year handbook: planning a week around lectures, taking notes you can revise from, and what to do in the month before exams.',
    pages: [
      'Plan the week on Sunday evening: lectures, tutorials, study blocks, rest.',
      'After each lecture, spend ten minutes turning your notes into questions.',
      'Revise with past papers from the faculty office, not only your notes.',
      'Join or start a study group of three or four: teach each other.',
      'Tell your programme officer early if a course is going badly.',
    ],
  },
  {
    title: 'Budgeting Your Stipend',
    author: 'Programme staff',
    type: 'book',
    category: 'life_skills',
    duration: '4 pages',
    tags: ['money', 'budget'],
    description:
      'How far the monthly allowance goes in Lusaka, Kitwe and Kabwe, with a worked budget and the three costs students most often forget.',
    pages: [
      'Write down the allowance and every fixed cost the day it arrives.',
      'Rent and transport first, then food for the whole month.',
      'Keep K100 aside for the unexpected: a bus fare home, a printing bill.',
      'Mobile money fees add up: withdraw once, not every day.',
      'If the allowance is late, tell your officer before borrowing.',
    ],
  },
  {
    title: 'Statistics Refresher for First Years',
    author: 'Programme tutors',
    type: 'book',
    category: 'academic',
    duration: '8 pages',
    tags: ['maths', 'statistics'],
    description:
      'Mean, median, spread and reading a chart, in the order first-year courses meet them; written after the 2024 tutoring sessions.',
    pages: [
      'The mean is the total divided by how many: sensitive to one large value.',
      'The median is the middle value once sorted: the typical case.',
      'The standard deviation says how far values sit from the mean.',
      'Read a chart axis by axis before reading its shape.',
      'Practise with the exercises at the end of each chapter of your course text.',
    ],
  },
  {
    title: 'Writing a Strong CV',
    author: 'Careers desk',
    type: 'book',
    category: 'career',
    duration: '5 pages',
    tags: ['cv', 'jobs'],
    description:
      'A two-page CV that gets read: what employers in Zambia look for, an example from a past graduate, and a checklist before you send it.',
    pages: [
      'Two pages at most; your name and phone number at the top.',
      'Lead with your qualification, then attachments and projects.',
      'Say what you did and what came of it, in numbers where you can.',
      'Ask two referees before you name them, and tell them the job.',
      'Send it as a PDF named with your name.',
    ],
  },
  {
    title: 'Research Methods: A Student Guide',
    author: 'Programme tutors',
    type: 'book',
    category: 'academic',
    duration: '10 pages',
    tags: ['research'],
    description:
      'For final-year projects: choosing a question your supervisor will accept, a simple survey design, and citing sources properly.',
    pages: [
      'Start from a question small enough to answer in one semester.',
      'Read five recent papers before you design anything.',
      'Pilot your questionnaire with three classmates first.',
      'Keep every source in a list as you go, with its page numbers.',
      'Book a meeting with your supervisor every two weeks, even when stuck.',
    ],
  },
  {
    title: 'Habits of Successful Students',
    author: 'Mwila Banda',
    type: 'audiobook',
    category: 'personal_development',
    duration: '3h 10m',
    tags: ['habits', 'motivation'],
    description:
      'A former scholar reads her own account of the routines that carried her through a nursing degree. The recording is on the laptops in the Lusaka office resource room.',
  },
  {
    title: 'The Art of Saying No',
    author: 'Lweendo Phiri',
    type: 'audiobook',
    category: 'life_skills',
    duration: '2h 5m',
    tags: ['wellbeing'],
    description:
      'Setting limits with friends, family and money without guilt. Borrow it on a memory stick from your programme officer.',
  },
  {
    title: 'Stories from Home',
    author: 'Various readers',
    type: 'audiobook',
    category: 'entertainment',
    duration: '4h 40m',
    tags: ['stories', 'zambia'],
    description:
      'Folk tales from Eastern and Luapula provinces read in English by programme alumni, recorded for the 2025 reading week.',
  },
  {
    title: 'Leadership for Beginners',
    author: 'Chileshe Tembo',
    type: 'audiobook',
    category: 'career',
    duration: '5h',
    tags: ['leadership'],
    description:
      'Leading a student club, a project team or a church youth group: short chapters with one exercise each.',
  },
  {
    title: 'How to Prepare for Exams',
    author: 'Programme tutors',
    type: 'video',
    category: 'academic',
    duration: '12m',
    tags: ['exams', 'study'],
    description:
      'Recorded at the March study-skills workshop: a revision timetable built live with students, and how to use past papers.',
  },
  {
    title: 'Interview Practice',
    author: 'Careers desk',
    type: 'video',
    category: 'career',
    duration: '25m',
    tags: ['interviews', 'jobs'],
    description:
      'Two mock interviews with graduates, one for a bank and one for a clinic, each followed by the panel’s feedback.',
  },
  {
    title: 'Cooking on a Student Budget',
    author: 'Natasha Mulenga',
    type: 'video',
    category: 'life_skills',
    duration: '18m',
    tags: ['cooking', 'money'],
    description: 'Five meals for a week from one market trip, cooked on a single hot plate in a hostel room.',
  },
  {
    title: 'Managing Stress',
    author: 'Campus health volunteers',
    type: 'video',
    category: 'personal_development',
    duration: '15m',
    tags: ['wellbeing', 'health'],
    description:
      'Signs that stress is becoming too much, breathing exercises you can do before a test, and where to find counselling on each campus.',
  },
  {
    title: 'Zambian Music Through the Decades',
    author: 'Alumni music club',
    type: 'video',
    category: 'entertainment',
    duration: '1h 2m',
    tags: ['music'],
    description:
      'From kalindula to Zed hip hop: the alumni music club’s evening of songs and stories, filmed in 2024.',
  },
  {
    title: 'Tech Careers in Africa',
    author: 'Alumni network',
    type: 'podcast',
    category: 'career',
    duration: '45m',
    tags: ['technology', 'jobs'],
    description:
      'Three alumni working in software, telecoms and data talk about their first jobs and what they wish they had learned at university.',
  },
  {
    title: 'Learning How to Learn',
    author: 'Study hour',
    type: 'podcast',
    category: 'academic',
    duration: '38m',
    tags: ['study'],
    description:
      'Why re-reading feels productive but is not, and what to do instead: spaced practice and self-testing.',
  },
  {
    title: 'Money Talk',
    author: 'Programme staff',
    type: 'podcast',
    category: 'life_skills',
    duration: '30m',
    tags: ['money'],
    description:
      'Savings groups, mobile money and the first salary: an officer and two graduates answer students’ questions.',
  },
  {
    title: 'Mindset Mondays',
    author: 'Kondwani Zulu',
    type: 'podcast',
    category: 'personal_development',
    duration: '25m',
    tags: ['motivation'],
    description:
      'A weekly short talk to start the week; this episode is about recovering from a failed course.',
  },
  {
    title: 'Football Weekly',
    author: 'Student sports desk',
    type: 'podcast',
    category: 'entertainment',
    duration: '50m',
    tags: ['sport'],
    description: 'Students review the Super League weekend and the inter-campus tournament results.',
  },
  {
    title: 'Public Speaking Basics',
    author: 'Toastmasters Lusaka',
    type: 'video',
    category: 'personal_development',
    duration: '22m',
    tags: ['speaking'],
    description:
      'A short talk on structure and nerves, then three students give two-minute speeches and receive feedback.',
  },
];

export async function seedDemoLibrary(tx: Tx, now: Date): Promise<void> {
  const accounts = await tx.select({ id: users.id, staffId: users.staffId }).from(users);
  const staffId = (s: string) => accounts.find((a) => a.staffId === s)?.id ?? null;
  const rows = RESOURCES.map((r, i) => {
    const createdAt = new Date(now.getTime() - (RESOURCES.length - i) * 36 * 3600 * 1000);
    return {
      title: r.title,
      description: r.description,
      author: r.author,
      tags: r.tags,
      type: r.type,
      category: r.category,
      duration: r.duration,
      url: null,
      // Only a resource that could be read has been.
      downloads: r.pages ? 5 + ((i * 7) % 23) : 0,
      createdById: staffId(i % 2 === 0 ? 'PO001' : 'DPM001'),
      createdAt,
      updatedAt: createdAt,
    };
  });
  const added = await tx
    .insert(libraryResources)
    .values(rows)
    .returning({ id: libraryResources.id, title: libraryResources.title });
  // The books are the programme's notes, kept as files.
  for (const [i, resource] of added.entries()) {
    const pages = RESOURCES[i]!.pages;
    if (!pages) continue;
    const bytes = demoPdf([
      resource.title,
      `${RESOURCES[i]!.author}, CHL student sponsorship programme`,
      '',
      ...pages,
    ]);
    const storageKey = randomUUID();
    await fileStore().save(tx, storageKey, [bytes]);
    await tx
      .update(libraryResources)
      .set({
        storageKey,
        fileName: `${resource.title}.pdf`,
        mimeType: FILE_TYPES.pdf,
        fileSize: bytes.byteLength,
      })
      .where(eq(libraryResources.id, resource.id));
  }
  const raters = ['STU001', 'USR001', 'PO002'].map(staffId).filter((id): id is string => id !== null);
  // Ratings only on what could be read: the books.
  const readable = added.filter((_, i) => RESOURCES[i]!.pages);
  const ratings = readable.flatMap((resource, i) =>
    raters
      .slice(0, 1 + (i % raters.length))
      .map((userId, j) => ({ resourceId: resource.id, userId, stars: 5 - ((i + j) % 3), ratedAt: now })),
  );
  if (ratings.length === 0) return;
  await tx.insert(libraryRatings).values(ratings);
  for (const resource of readable) {
    const mine = ratings.filter((r) => r.resourceId === resource.id);
    const average = mine.reduce((sum, r) => sum + r.stars, 0) / mine.length;
    await tx
      .update(libraryResources)
      .set({ ratingAverage: average.toFixed(2), ratingCount: mine.length })
      .where(eq(libraryResources.id, resource.id));
  }
}
