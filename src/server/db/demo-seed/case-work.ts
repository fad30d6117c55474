import { asc, isNotNull } from 'drizzle-orm';
import { lusakaDate } from '../../../domain/dates';
import type { Tx } from '../client';
import { issueComments, issues, students, tasks, users } from '../schema';

/*
 * Demo tasks and issues (docs/product.md D10): forty tasks and twenty-five issues over the demo
 * students and staff, dated around the day the database was seeded: some overdue, some due today,
 * some completed; issues at every status, the resolved and closed ones with resolution notes and
 * a thread.
 */

/** [title, category, priority, days from seeding to due (null: none), status] */
const TASK_TEMPLATES: Array<[string, string, string, number | null, string]> = [
  ['Arrange a home visit', 'home_visit', 'high', -3, 'todo'],
  ['Collect the term fee receipt', 'financial', 'medium', 0, 'in_progress'],
  ['Check the mid-term results', 'academic', 'medium', 5, 'todo'],
  ['Follow up on the clinic appointment', 'health', 'urgent', -1, 'in_progress'],
  ['Update the guardian contact details', 'documentation', 'low', 10, 'todo'],
  ['Confirm accommodation for next term', 'follow_up', 'high', 7, 'review'],
  ['Review the laptop agreement', 'documentation', 'medium', -12, 'completed'],
  ['Call about class attendance', 'follow_up', 'high', -5, 'todo'],
  ['Deliver the study lamp', 'general', 'low', 3, 'todo'],
  ['Meet the landlord about the lease', 'home_visit', 'medium', 2, 'in_progress'],
  ['Collect the signed bursary form', 'documentation', 'high', -2, 'review'],
  ['Book the eye test', 'health', 'medium', 9, 'todo'],
  ['Check the transport allowance receipts', 'financial', 'medium', -20, 'completed'],
  ['Introduce the mentor', 'general', 'low', null, 'todo'],
  ['Prepare the end-of-term report', 'academic', 'high', 14, 'in_progress'],
  ['Visit the guardian in Chawama', 'home_visit', 'urgent', 1, 'todo'],
];

/** [title, category, priority, status, description, resolution] */
const ISSUE_TEMPLATES: Array<[string, string, string, string, string, string | null]> = [
  [
    'Second term fees outstanding',
    'financial',
    'high',
    'open',
    'The college says the second term fees have not been received and exams start soon.',
    null,
  ],
  [
    'Missed three weeks of lectures',
    'academic',
    'medium',
    'in_progress',
    'Lecturers report the student has not attended since the middle of the month.',
    null,
  ],
  [
    'Malaria treatment needed',
    'health',
    'critical',
    'resolved',
    'The student was admitted at the clinic and needs money for medicine.',
    'Medicine bought and the student is back in class; the clinic receipt is on file.',
  ],
  [
    'Landlord asking the student to leave',
    'accommodation',
    'high',
    'closed',
    'The boarding house landlord wants the room back before the end of the lease.',
    'Met the landlord; the lease runs to December and the rent is paid up. The student stays.',
  ],
  [
    'Family bereavement',
    'personal',
    'medium',
    'open',
    'A close relative passed away; the student has travelled home for the funeral.',
    null,
  ],
];

const COMMENTS = [
  'Called the student this morning and we agreed to meet on Thursday.',
  'Spoke to the guardian as well; they confirm what the student said.',
  'Visited today. Next step agreed with the student.',
];

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export async function seedDemoCaseWork(tx: Tx, now: Date): Promise<void> {
  const today = lusakaDate(now);
  const staff = await tx
    .select({ id: users.id, staffId: users.staffId, name: users.name })
    .from(users)
    .where(isNotNull(users.staffId))
    .orderBy(asc(users.staffId));
  const byStaffId = new Map(staff.map((s) => [s.staffId, s]));
  const manager = byStaffId.get('DPM001');
  const pool = await tx
    .select({ id: students.id, officer: students.assignedOfficerId })
    .from(students)
    .where(isNotNull(students.assignedOfficerId))
    .orderBy(asc(students.chlNumber), asc(students.id))
    .limit(30);
  if (!manager || pool.length === 0) return;
  const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);

  const taskRows = Array.from({ length: 40 }, (_, i) => {
    const [title, category, priority, due, status] = TASK_TEMPLATES[i % TASK_TEMPLATES.length]!;
    const student = pool[i % pool.length]!;
    // Most work is the student's officer's; every fifth task was handed to the officer by the deputy manager.
    const officer = student.officer!;
    const assignedBy = i % 5 === 0 ? manager.id : officer;
    const createdAt = minutesAgo(60 * 24 * 14 - i * 97);
    return {
      title,
      category,
      priority,
      status,
      description: i % 3 === 0 ? 'Note what was agreed in the student file.' : null,
      dueDate: due === null ? null : addDays(today, due + (i % 4)),
      studentId: i % 10 === 9 ? null : student.id,
      assignedToId: i % 8 === 7 ? manager.id : officer,
      assignedById: assignedBy,
      completedAt: status === 'completed' ? minutesAgo(60 * 24 * 2) : null,
      completedById: status === 'completed' ? officer : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await tx.insert(tasks).values(taskRows);

  const issueRows = Array.from({ length: 25 }, (_, i) => {
    const [title, category, priority, status, description, resolution] =
      ISSUE_TEMPLATES[i % ISSUE_TEMPLATES.length]!;
    const student = pool[(i * 7 + 3) % pool.length]!;
    const createdAt = minutesAgo(60 * 24 * 20 - i * 211);
    return {
      title,
      description,
      category,
      priority,
      status,
      studentId: student.id,
      reporterId: student.officer,
      assignedToId: i % 4 === 3 ? manager.id : student.officer,
      resolutionNote: resolution,
      resolvedAt: resolution ? minutesAgo(60 * 24 * 3) : null,
      resolvedById: resolution ? student.officer : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const added = await tx.insert(issues).values(issueRows).returning({
    id: issues.id,
    status: issues.status,
    reporterId: issues.reporterId,
    createdAt: issues.createdAt,
  });
  const nameOf = new Map(staff.map((s) => [s.id, s.name]));
  const thread = added
    .filter((issue) => issue.status !== 'open')
    .flatMap((issue) =>
      COMMENTS.map((text, n) => {
        const author = n === 1 ? manager.id : issue.reporterId!;
        return {
          issueId: issue.id,
          authorId: author,
          authorName: nameOf.get(author) ?? 'Staff member',
          text,
          createdAt: new Date(issue.createdAt.getTime() + (n + 1) * 3 * 60 * 60_000),
        };
      }),
    );
  await tx.insert(issueComments).values(thread);
}
