import { eq } from 'drizzle-orm';
import { lusakaDate } from '../../../domain/dates';
import type { Tx } from '../client';
import { announcementReads, announcements, users } from '../schema';

/*
 * Demo announcements (docs/product.md D10): ten of every type and audience, dated around the day
 * the database was seeded: one expiring in two days, one already expired, one inactive, one for
 * officers only, and some read by the demo student.
 */

/** [title, type, priority, audience, author, days from seeding to expiry (null: none), content] */
const NOTICES: Array<[string, string, string, string, string, number | null, string]> = [
  [
    'Welcome back for the new term',
    'general',
    'medium',
    'all',
    'DPM001',
    null,
    'Welcome back! Officers will call each student in the first two weeks of term to check on accommodation, fees and how the move went. Please keep your phone numbers up to date in your profile so we can reach you.',
  ],
  [
    'Exam venue moved to the Great Hall',
    'urgent',
    'urgent',
    'students',
    'PO001',
    2,
    'Because of repairs, all mid-term exams on Thursday and Friday move from Lecture Theatre 3 to the Great Hall. Arrive thirty minutes early with your student ID.',
  ],
  [
    'Stipends paid on Friday',
    'financial',
    'high',
    'students',
    'ADM001',
    7,
    'This month the stipends will reach your accounts on Friday. If nothing has arrived by Monday, call your officer.',
  ],
  [
    'Tutoring in mathematics and chemistry',
    'academic',
    'medium',
    'students',
    'PO002',
    30,
    'Volunteer tutors hold sessions every Saturday from 09:00 at the programme office. Bring the questions you are stuck on.',
  ],
  [
    'Career fair at the showgrounds',
    'event',
    'medium',
    'all',
    'PO001',
    14,
    'Employers from health, engineering and banking will be at the showgrounds. The programme bus leaves the office at 08:30.',
  ],
  [
    'Staff meeting: allowance reviews',
    'general',
    'high',
    'officers',
    'DPM001',
    5,
    "All officers: bring the month's allowance requests and any urgent cases. We will agree the review schedule for the quarter.",
  ],
  [
    'Fee statements due',
    'financial',
    'medium',
    'students',
    'PO001',
    -3,
    'Please hand in your fee statements for the term so we can confirm what the college has received.',
  ],
  [
    'Library opening hours during exams',
    'academic',
    'low',
    'all',
    'PO002',
    21,
    'The university library opens from 07:00 to 22:00 during the exam weeks, weekends included.',
  ],
  [
    'Water outage at the boarding houses',
    'urgent',
    'high',
    'students',
    'PO002',
    1,
    'The water company has announced repairs on Wednesday. Keep water aside; officers will visit the boarding houses on Kafue Road.',
  ],
  [
    'Old laptop returns (draft)',
    'general',
    'low',
    'officers',
    'ADM001',
    null,
    'Laptops on rent-to-return are due back at the end of the year. This notice is not yet active.',
  ],
];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedDemoAnnouncements(tx: Tx, now: Date): Promise<void> {
  const today = lusakaDate(now);
  const staff = await tx.select({ id: users.id, staffId: users.staffId, name: users.name }).from(users);
  const byStaffId = new Map(staff.map((s) => [s.staffId, s]));
  const rows = NOTICES.flatMap(([title, type, priority, audience, author, expiry, content], i) => {
    const writer = byStaffId.get(author);
    if (!writer) return [];
    const createdAt = new Date(now.getTime() - (NOTICES.length - i) * 26 * 3600 * 1000);
    return [
      {
        title,
        content,
        type,
        priority,
        targetAudience: audience,
        authorId: writer.id,
        authorName: writer.name,
        createdDate: lusakaDate(createdAt),
        expiryDate: expiry === null ? null : addDays(today, expiry),
        isActive: !title.endsWith('(draft)'),
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (rows.length === 0) return;
  const added = await tx
    .insert(announcements)
    .values(rows)
    .returning({ id: announcements.id, audience: announcements.targetAudience });
  const [student] = await tx.select({ id: users.id }).from(users).where(eq(users.staffId, 'STU001'));
  const readers = [byStaffId.get('PO001'), byStaffId.get('PO002'), byStaffId.get('DPM001'), student].filter(
    (u): u is { id: string } & Record<string, unknown> => Boolean(u),
  );
  const reads = added
    .filter((a) => a.audience !== 'officers')
    .slice(0, 4)
    .flatMap((a, i) =>
      readers.slice(0, i + 1).map((u) => ({ announcementId: a.id, userId: u.id, readAt: now })),
    );
  if (reads.length > 0) await tx.insert(announcementReads).values(reads);
}
