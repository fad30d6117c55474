import { STUDENT_EXPORT_COLUMNS, type StudentListQuery } from '../../../contracts/students';
import { toCsv } from '../../../csv/to-csv';
import type { AppDeps, SessionUser } from '../../app-env';
import { programmeDate } from '../../programme-time';
import { findStudentRows } from './students.list';
import { toStudentDto } from './students.query';

/** Every student the list would show with these filters (no paging), as a formula-safe CSV file. */
export async function exportStudentsCsv(
  deps: AppDeps,
  user: SessionUser,
  query: Omit<StudentListQuery, 'page' | 'pageSize'>,
): Promise<string> {
  const rows = await findStudentRows(deps.db, user, query);
  const today = programmeDate(deps.clock.now());
  const lines = rows.map((row) => {
    const student = toStudentDto(row, today);
    return STUDENT_EXPORT_COLUMNS.map((column) =>
      column === 'overall_gpa' && student.overall_gpa !== null
        ? student.overall_gpa.toFixed(2)
        : student[column],
    );
  });
  return toCsv([...STUDENT_EXPORT_COLUMNS], lines);
}
