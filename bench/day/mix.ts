/**
 * What people do on the busiest day, as weights per 100 actions, each with its reason. Staff are
 * 200 people acting about every 10 s (20 actions/s) and students and users 1,000 people reading
 * about every 30 s (33 actions/s): so staff actions weigh 38 and readers' 62, together the issue's
 * 55 actions a second. Every request is built from the seeded world: search terms are random
 * pieces of random students' names and CHL numbers, pages are random, and every write names a
 * record not written before (each waiting allowance is decided once).
 */
import type { Draw } from './draw';

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: unknown;
}

/** The p95 an action must keep (issue 47): interactive 300 ms, searches and the dashboard 1 s. */
export type Kind = 'interactive' | 'search';
export type Who = 'staff' | 'reader';

export interface Action {
  name: string;
  kind: Kind;
  who: Who;
  weight: number;
  reason: string;
  make(d: Draw): Request;
}

const page = (d: Draw, pages: number) => `page=${2 + d.int(pages - 1)}&pageSize=25`;
const STAGES = ['pending_dpm', 'pending_flmi', 'pending_pm', 'approved', 'paid'] as const;
const today = () => new Date().toISOString().slice(0, 10);

export const MIX: Action[] = [
  // Staff: 38 of 100.
  {
    name: 'dashboard',
    kind: 'search',
    who: 'staff',
    weight: 4,
    reason: 'each staff member comes back to the home screen between pieces of work',
    make: (d) => ({ method: 'GET', path: '/api/dashboard', token: d.staff().token }),
  },
  {
    name: 'students: list (filtered)',
    kind: 'interactive',
    who: 'staff',
    weight: 4,
    reason: 'officers open their caseload, often by status or category',
    make: (d) => ({
      method: 'GET',
      token: d.staff().token,
      path: `/api/students?page=1&pageSize=25${d.random() < 0.5 ? '&status=enrolled' : ''}${d.random() < 0.3 ? '&category=university' : ''}`,
    }),
  },
  {
    name: 'students: page 2..n',
    kind: 'interactive',
    who: 'staff',
    weight: 3,
    reason: 'they page on through a caseload of a few hundred',
    make: (d) => ({ method: 'GET', path: `/api/students?${page(d, 12)}`, token: d.staff().token }),
  },
  {
    name: 'allowances: list (by stage)',
    kind: 'interactive',
    who: 'staff',
    weight: 4,
    reason: 'the upload week: everyone watches the stage they act on',
    make: (d) => ({
      method: 'GET',
      path: `/api/allowances?page=1&pageSize=25&stage=${d.pick(STAGES)}`,
      token: d.staff().token,
    }),
  },
  {
    name: 'allowances: page 2..n',
    kind: 'interactive',
    who: 'staff',
    weight: 3,
    reason: 'deciders work down the waiting list page by page',
    make: (d) => ({
      method: 'GET',
      path: `/api/allowances?${page(d, 40)}&stage=${d.pick(STAGES.slice(0, 3))}`,
      token: d.staff().token,
    }),
  },
  {
    name: 'students: search',
    kind: 'search',
    who: 'staff',
    weight: 3,
    reason: 'a phone call or a letter names a student: typed into the student list',
    make: (d) => ({
      method: 'GET',
      path: `/api/students?page=1&pageSize=25&q=${encodeURIComponent(d.term())}`,
      token: d.staff().token,
    }),
  },
  {
    name: 'global search',
    kind: 'search',
    who: 'staff',
    weight: 2,
    reason: 'the same from the header, across every area',
    make: (d) => ({
      method: 'GET',
      path: `/api/search?q=${encodeURIComponent(d.term())}`,
      token: d.staff().token,
    }),
  },
  {
    name: 'student profile',
    kind: 'interactive',
    who: 'staff',
    weight: 5,
    reason: 'the most common click: from a list, a search or a task to the student',
    make: (d) => {
      const officer = d.officer();
      return { method: 'GET', path: `/api/students/${d.studentOf(officer).id}`, token: officer.token };
    },
  },
  {
    name: 'decide one allowance',
    kind: 'interactive',
    who: 'staff',
    weight: 3,
    reason: 'deputy managers, FLMI advisors and programme managers approve one at a time after reading it',
    make: (d) => {
      const p = d.world.people;
      const [stage, by] = d.pick([
        ['pending_dpm', p.deputyManagers],
        ['pending_flmi', p.flmi],
        ['pending_pm', p.pm],
      ] as const);
      const [id] = d.waiting(stage);
      return {
        method: 'POST',
        path: `/api/allowances/${id}/decision`,
        token: d.pick(by).token,
        body: { decision: 'approve', comment: 'Checked against the file.', expected_stage: stage },
      };
    },
  },
  {
    name: 'bulk-approve 50',
    kind: 'interactive',
    who: 'staff',
    weight: 0.5,
    reason: 'a deputy manager clears a checked page of 50 at once, a few times an hour',
    make: (d) => ({
      method: 'POST',
      path: '/api/allowances/bulk-decision',
      token: d.pick(d.world.people.deputyManagers).token,
      body: {
        ids: d.waiting('pending_dpm', 50),
        decision: 'approve',
        comment: 'Checked in bulk.',
        expected_stage: 'pending_dpm',
      },
    }),
  },
  {
    name: 'submit an allowance',
    kind: 'interactive',
    who: 'staff',
    weight: 2,
    reason: 'officers add the allowances the upload missed, one by one',
    make: (d) => {
      const { student, month } = d.nextSubmission();
      return {
        method: 'POST',
        path: '/api/allowances',
        token: d.world.people.officers[student.officer]!.token,
        body: { student_id: student.id, month, year: d.world.submitYear, stipend: 900 },
      };
    },
  },
  {
    name: 'add a task',
    kind: 'interactive',
    who: 'staff',
    weight: 1.5,
    reason: 'a follow-up noted after a call',
    make: (d) => {
      const officer = d.officer();
      return {
        method: 'POST',
        path: '/api/tasks',
        token: officer.token,
        body: {
          title: 'Call back about the fees',
          assigned_to_id: officer.id,
          student_id: d.studentOf(officer).id,
        },
      };
    },
  },
  {
    name: 'comment on an issue',
    kind: 'interactive',
    who: 'staff',
    weight: 1.5,
    reason: 'managers answer on open issues',
    make: (d) => ({
      method: 'POST',
      path: `/api/issues/${d.pick(d.world.issueIds)}/comments`,
      token: d.pick(d.world.people.admins).token,
      body: { text: 'Spoke to the institution; following up.' },
    }),
  },
  {
    name: 'add a form',
    kind: 'interactive',
    who: 'staff',
    weight: 1.5,
    reason: 'officers write up a care call or home visit',
    make: (d) => {
      const officer = d.officer();
      return {
        method: 'POST',
        path: '/api/forms',
        token: officer.token,
        body: { type: 'care_call', student_id: d.studentOf(officer).id, form_date: today(), fields: {} },
      };
    },
  },
  // Students and users: 62 of 100.
  {
    name: 'announcements',
    kind: 'interactive',
    who: 'reader',
    weight: 20,
    reason: 'the first thing a student opens: what the programme says this week',
    make: (d) => ({
      method: 'GET',
      path: `/api/announcements?page=${1 + d.int(3)}&pageSize=25`,
      token: d.reader().token,
    }),
  },
  {
    name: 'read an announcement',
    kind: 'interactive',
    who: 'reader',
    weight: 4,
    reason: 'opening one marks it read',
    make: (d) => ({
      method: 'POST',
      path: `/api/announcements/${d.pick(d.world.announcementIds)}/read`,
      token: d.reader().token,
    }),
  },
  {
    name: 'events',
    kind: 'interactive',
    who: 'reader',
    weight: 18,
    reason: 'workshops and evenings coming up',
    make: (d) => ({
      method: 'GET',
      path: `/api/events?page=${1 + d.int(3)}&pageSize=25&status=upcoming`,
      token: d.reader().token,
    }),
  },
  {
    name: 'register for an event',
    kind: 'interactive',
    who: 'reader',
    weight: 4,
    reason: 'one in five who look, sign up',
    make: (d) => {
      const { reader, eventId } = d.nextRegistration();
      return { method: 'POST', path: `/api/events/${eventId}/registration`, token: reader.token };
    },
  },
  {
    name: 'yearbook',
    kind: 'interactive',
    who: 'reader',
    weight: 16,
    reason: 'graduates and their classmates look at the class pages',
    make: (d) => ({
      method: 'GET',
      path:
        d.random() < 0.5
          ? '/api/yearbooks?page=1&pageSize=12'
          : `/api/yearbooks/${d.pick(d.world.yearbookIds)}/entries?page=${1 + d.int(5)}&pageSize=25`,
      token: d.reader().token,
    }),
  },
];
