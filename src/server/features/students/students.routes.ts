import { STUDENT_EXPORT_FILENAME } from '../../../contracts/students';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
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

  router.openapi(contracts.listStudentsRoute, async (c) =>
    c.json(await studentsService.listStudents(deps, c.var.staff, c.req.valid('query')), 200),
  );

  router.openapi(contracts.createStudentRoute, async (c) =>
    c.json(await studentsService.createStudent(deps, c.var.staff, c.req.valid('json')), 201),
  );

  router.openapi(contracts.getStudentRoute, async (c) =>
    c.json(await studentsService.getStudent(deps, c.var.staff, c.req.valid('param').id), 200),
  );

  router.openapi(contracts.studentHistoryRoute, async (c) =>
    c.json(await studentsService.studentHistory(deps, c.var.staff, c.req.valid('param').id), 200),
  );

  router.openapi(contracts.updateStudentRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await studentsService.updateStudent(deps, c.var.staff, id, c.req.valid('json')), 200);
  });

  router.openapi(contracts.deleteStudentRoute, async (c) => {
    await studentsService.deleteStudent(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });

  return router;
}
