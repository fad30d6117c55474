import { desc, eq, sql } from 'drizzle-orm';
import type { MyDashboardResponse } from '../../../contracts/dashboard';
import type { AppDeps, SessionUser } from '../../app-env';
import { allowances, students, users } from '../../db/schema';
import { pendingRoleOf } from '../users/role-requests.service';

/** Enough periods for two years of monthly allowances. */
const ALLOWANCE_LIMIT = 24;

/**
 * The dashboard of an account without a staff role. A student account reaches its own record by
 * the account's (verified) email, as the yearbook does (docs/product.md D11). Two records with
 * that email would make "own" ambiguous, so then none is shown rather than someone else's.
 */
export async function getMyDashboard(deps: AppDeps, user: SessionUser): Promise<MyDashboardResponse> {
  const base = { role: user.role, requested_role: await pendingRoleOf(deps.db, user.id) };
  if (user.role !== 'student') return { ...base, student: null, allowances: [] };

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
  if (matches.length !== 1) return { ...base, student: null, allowances: [] };
  const { id, ...student } = matches[0]!;

  const rows = await deps.db
    .select({
      id: allowances.id,
      month: allowances.month,
      year: allowances.year,
      total: allowances.total,
      approval_stage: allowances.approvalStage,
      paid_date: allowances.paidDate,
    })
    .from(allowances)
    .where(eq(allowances.studentId, id))
    .orderBy(desc(allowances.year), desc(allowances.monthNumber), desc(allowances.submittedDate))
    .limit(ALLOWANCE_LIMIT);
  return { ...base, student, allowances: rows };
}
