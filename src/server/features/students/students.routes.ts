import { STUDENT_EXPORT_FILENAME } from '../../../contracts/students';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { recordRoutes } from '../../http/record-routes';
import { createStaffRouter } from '../../http/staff-router';
import { readCsvUpload, skipsInvalidRows } from '../../http/uploads';
import { listAssignableOfficers } from '../staff-users/staff-users.service';
import { exportStudentsCsv } from './students.export';
import { importStudents } from './students.import';
import * as contracts from './students.route-contracts';
import * as studentsService from './students.service';

/** Student Management and Student Profiles: each route of students.route-contracts.ts, handed to its service. */
export function studentsRoutes(deps: AppDeps) {
  const router = createStaffRouter();

  router.openapi(contracts.exportStudentsRoute, async (c) => {
    const { page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
    return csvDownload(c, await exportStudentsCsv(deps, c.var.staff, filters), STUDENT_EXPORT_FILENAME);
  });

  router.openapi(contracts.assignableOfficersRoute, async (c) =>
    c.json(await listAssignableOfficers(deps.db), 200),
  );

  router.openapi(contracts.importStudentsRoute, async (c) => {
    const { text, fields } = await readCsvUpload(c);
    const outcome = await importStudents(deps, c.var.staff, text, skipsInvalidRows(fields));
    if (!outcome.ok) return c.json(outcome.error, 400);
    return c.json(outcome.result, 201);
  });

  recordRoutes(
    router,
    deps,
    {
      list: contracts.listStudentsRoute,
      create: contracts.createStudentRoute,
      get: contracts.getStudentRoute,
      history: contracts.studentHistoryRoute,
      update: contracts.updateStudentRoute,
      delete: contracts.deleteStudentRoute,
    },
    {
      list: studentsService.listStudents,
      create: studentsService.createStudent,
      get: studentsService.getStudent,
      history: studentsService.studentHistory,
      update: studentsService.updateStudent,
      delete: studentsService.deleteStudent,
    },
  );

  return router;
}
