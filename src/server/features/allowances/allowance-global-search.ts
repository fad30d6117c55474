import { and, desc, sql } from 'drizzle-orm';
import { normaliseMoney } from '../../../domain/money';
import { isStaffRole } from '../../../domain/roles';
import { opensOn, searchSource } from '../../area-sources';
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
/**
 * Students whose allowances a search looks through: a term that names more (one letter, say)
 * shows allowances of these only, which is enough to pick from; a longer term narrows them.
 */
const STUDENTS_LOOKED_AT = 500;

export const allowanceSearch = searchSource({
  area: 'allowances',
  label: 'Allowances',
  readableBy: (user) => isStaffRole(user.role),
  rows: (db) =>
    db
      .select({
        id: allowances.id,
        student_name: allowances.studentName,
        month: allowances.month,
        year: allowances.year,
        total: allowances.total,
        approval_stage: allowances.approvalStage,
      })
      .from(allowances)
      .$dynamic(),
  // The students first, through their own indexes, as an array; then their allowances by
  // student, in one statement. Joined instead, the planner may walk every allowance newest
  // first, testing each one's student; as a list of ids sent back, a broad term costs a second
  // round trip and 500 parameters.
  matching: (term, { deps, user }) => {
    const named = deps.db
      .select({ id: students.id })
      .from(students)
      .where(and(studentScopeCondition(user), studentMatches(term)))
      .limit(STUDENTS_LOOKED_AT);
    return sql`${allowances.studentId} = any(array(${named}))`;
  },
  order: [desc(allowances.submittedDate), desc(allowances.id)],
  item: (a) => allowanceItem({ ...a, total: normaliseMoney(a.total) }),
  opens: opensOn('/allowances'),
});
