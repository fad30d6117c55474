import { and, desc, eq } from 'drizzle-orm';
import { normaliseMoney } from '../../../domain/money';
import { isStaffRole } from '../../../domain/roles';
import type { SearchSource } from '../../area-sources';
import { allowances, students } from '../../db/schema';
import { studentMatches, studentScopeCondition } from '../students/students.service';
import { allowanceItem } from './allowance-notifications';

/**
 * The allowances area of the top bar's search: the latest allowances of the students the term
 * names (D17), newest first.
 *
 * Program officers see every allowance on the Allowances screen (docs/product.md D9), but here the
 * term is a student's name or number: answering it with another officer's student's allowances
 * would tell a program officer who that student is, which D9 keeps from them. So the search keeps
 * to the students the user reaches, as the students area does.
 */
export const allowanceSearch: SearchSource = {
  area: 'allowances',
  label: 'Allowances',
  readableBy: (user) => isStaffRole(user.role),
  async search(deps, user, term, limit) {
    const rows = await deps.db
      .select({
        id: allowances.id,
        student_name: allowances.studentName,
        month: allowances.month,
        year: allowances.year,
        total: allowances.total,
        approval_stage: allowances.approvalStage,
      })
      .from(allowances)
      .innerJoin(students, eq(students.id, allowances.studentId))
      .where(and(studentScopeCondition(user), studentMatches(term)))
      .orderBy(desc(allowances.submittedDate), desc(allowances.id))
      .limit(limit);
    return rows.map((a) => allowanceItem({ ...a, total: normaliseMoney(a.total) }));
  },
};
