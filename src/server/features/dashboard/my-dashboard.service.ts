import { and, desc, eq, sql } from 'drizzle-orm';
import type { MyDashboardResponse } from '../../../contracts/dashboard';
import { isStaffRole } from '../../../domain/roles';
import type { AppDeps, SessionUser } from '../../app-env';
import { allowances, students, users, yearbookEntries, yearbooks } from '../../db/schema';
import { listAnnouncements } from '../announcements/announcements.service';
import { upcomingEvents } from '../events/events.service';
import { pendingRoleOf } from '../users/role-requests.service';

/** Enough periods for two years of monthly allowances. */
const ALLOWANCE_LIMIT = 24;
/** Events and announcements the dashboard shows; their own screens list the rest. */
const NEWS_LIMIT = 5;

/**
 * The dashboard of an account without a staff role (docs/product.md §2 'Your Academic Progress'):
 * everyone sees the next events and their audience's announcements; a student also their own
 * record, the allowances paid to them and their yearbook entries. A student account reaches its
 * own record by the account's (verified) email, as the yearbook does (D11). Two records with that
 * email would make "own" ambiguous, so then none is shown rather than someone else's. Staff have
 * GET /api/dashboard; here they get only their role.
 */
export async function getMyDashboard(deps: AppDeps, user: SessionUser): Promise<MyDashboardResponse> {
  const nothing = { student: null, allowances: [], yearbook_entries: [], events: [], announcements: [] };
  const [requested_role, news] = await Promise.all([
    pendingRoleOf(deps.db, user.id),
    isStaffRole(user.role) ? null : newsFor(deps, user),
  ]);
  const base = { ...nothing, role: user.role, requested_role, ...news };
  if (user.role !== 'student') return base;

  const matches = await deps.db
    .select({
      id: students.id,
      full_name: students.fullName,
      chl_number: students.chlNumber,
      program_level: students.programLevel,
      program_status: students.programStatus,
      institution_name: students.institutionName,
      current_program: students.currentProgram,
      assigned_officer_name: users.name,
    })
    .from(students)
    .leftJoin(users, eq(users.id, students.assignedOfficerId))
    .where(sql`lower(${students.email}) = lower(${user.email})`)
    .limit(2);
  if (matches.length !== 1) return base;
  const { id, ...student } = matches[0]!;

  const [paid, entries] = await Promise.all([
    deps.db
      .select({
        id: allowances.id,
        month: allowances.month,
        year: allowances.year,
        total: allowances.total,
        approval_stage: allowances.approvalStage,
        paid_date: allowances.paidDate,
      })
      .from(allowances)
      .where(and(eq(allowances.studentId, id), eq(allowances.approvalStage, 'paid')))
      .orderBy(desc(allowances.year), desc(allowances.monthNumber), desc(allowances.submittedDate))
      .limit(ALLOWANCE_LIMIT),
    // A yearbook not yet published is named by its year only: the student cannot open it (§4).
    deps.db
      .select({
        id: yearbookEntries.id,
        yearbook_year: yearbooks.year,
        yearbook_published: sql<boolean>`${yearbooks.status} = 'published'`,
        yearbook_title: sql<
          string | null
        >`case when ${yearbooks.status} = 'published' then ${yearbooks.title} end`,
        status: yearbookEntries.status,
        quote: yearbookEntries.quote,
      })
      .from(yearbookEntries)
      .innerJoin(yearbooks, eq(yearbooks.id, yearbookEntries.yearbookId))
      .where(eq(yearbookEntries.studentId, id))
      .orderBy(desc(yearbooks.year)),
  ]);
  return { ...base, student, allowances: paid, yearbook_entries: entries };
}

/** The next events still to come (not cancelled) and the latest announcements the user sees. */
async function newsFor(deps: AppDeps, user: SessionUser) {
  const [upcoming, announced] = await Promise.all([
    upcomingEvents(deps, user, NEWS_LIMIT),
    listAnnouncements(deps, user, { page: 1, pageSize: NEWS_LIMIT }),
  ]);
  return { events: upcoming, announcements: announced.items };
}
