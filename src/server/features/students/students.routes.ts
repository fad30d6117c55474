import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorResponseSchema } from '../../../contracts/common';
import {
  OfficerOptionsResponseSchema,
  STUDENT_EXPORT_FILENAME,
  StudentCreateSchema,
  StudentIdParamSchema,
  StudentImportResponseSchema,
  StudentListQuerySchema,
  StudentListResponseSchema,
  StudentSchema,
  StudentUpdateSchema,
} from '../../../contracts/students';
import type { AppDeps } from '../../app-env';
import { requireStaff } from '../../auth/middleware';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { csvUploadRequest, readCsvUpload } from '../../http/uploads';
import { listAssignableOfficers } from '../staff-users/staff-users.service';
import * as studentsService from './students.service';

const tags = ['Students'];

/**
 * Student Management and Student Profiles (spec §2, §3, §5, §6; decisions D2, D6, D9).
 * Staff only; a program officer reaches only the students assigned to them, and another
 * officer's student answers 404 as if it did not exist.
 */
export function studentsRoutes(deps: AppDeps) {
  const router = createRouter();

  // Fixed paths first, so /export.csv, /officers and /import are never taken for an id.
  router.openapi(
    createRoute({
      method: 'get',
      path: '/export.csv',
      tags,
      summary: 'The students the list would show with these filters, as a CSV file (no paging)',
      request: { query: StudentListQuerySchema },
      responses: {
        200: {
          description: 'CSV file (UTF-8 with BOM), formulas written as text',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const { page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
      const csv = await studentsService.exportStudentsCsv(deps, user, filters);
      return c.body(csv, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${STUDENT_EXPORT_FILENAME}"`,
        'cache-control': 'no-store',
      });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/officers',
      tags,
      summary: 'Active staff a student can be assigned to (program officers, deputy managers, admins)',
      responses: {
        200: jsonResponse(OfficerOptionsResponseSchema, 'Assignable officers by name'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      requireStaff(c.get('user'));
      return c.json(await listAssignableOfficers(deps.db), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/import',
      tags,
      summary: 'Import students from a CSV file (field "file"), all or nothing',
      description:
        'Columns: first_name, last_name (required), email, contact_number, community, program_level, ' +
        'institution_name, current_program, chl_number, gender, date_of_birth; others are ignored. ' +
        'Rows without first or last name are dropped. Any other bad value refuses the whole file. ' +
        'At most 20,000 students (non-blank rows) and 10 MB a file.',
      request: csvUploadRequest,
      responses: {
        201: jsonResponse(StudentImportResponseSchema, 'Imported'),
        400: jsonResponse(ErrorResponseSchema, 'No valid rows, or rows with errors (nothing written)'),
        ...errorResponses(401, 403, 409, 413),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const { text } = await readCsvUpload(c);
      const outcome = await studentsService.importStudents(deps, user, text);
      if (!outcome.ok) return c.json(outcome.error, 400);
      return c.json(outcome.result, 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'List students with search, category and status filters, paged, with category counts',
      request: { query: StudentListQuerySchema },
      responses: {
        200: jsonResponse(StudentListResponseSchema, 'A page of students'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await studentsService.listStudents(deps, user, c.req.valid('query')), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Add a student (assigned to the creator unless an admin or deputy manager picks an officer)',
      request: jsonBody(StudentCreateSchema),
      responses: {
        201: jsonResponse(StudentSchema, 'Created'),
        ...errorResponses(400, 401, 403, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await studentsService.createStudent(deps, user, c.req.valid('json')), 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'One student',
      request: { params: StudentIdParamSchema },
      responses: { 200: jsonResponse(StudentSchema, 'The student'), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await studentsService.getStudent(deps, user, c.req.valid('param').id), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Change a student (fields left out keep their value; null or "" clears)',
      request: { params: StudentIdParamSchema, ...jsonBody(StudentUpdateSchema) },
      responses: {
        200: jsonResponse(StudentSchema, 'Saved'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const { id } = c.req.valid('param');
      return c.json(await studentsService.updateStudent(deps, user, id, c.req.valid('json')), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Delete a student (refused while the student has allowance records)',
      request: { params: StudentIdParamSchema },
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      await studentsService.deleteStudent(deps, user, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  return router;
}
