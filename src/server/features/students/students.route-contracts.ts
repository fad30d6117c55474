import { createRoute } from '@hono/zod-openapi';
import { ErrorResponseSchema, IdParamSchema } from '../../../contracts/common';
import {
  OfficerOptionsResponseSchema,
  StudentCreateSchema,
  StudentImportResponseSchema,
  StudentListQuerySchema,
  StudentListResponseSchema,
  StudentSchema,
  StudentUpdateSchema,
} from '../../../contracts/students';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonBody, jsonResponse, recordHistoryRoute } from '../../http/openapi';
import { csvImportRequest } from '../../http/uploads';

/**
 * The student routes as the OpenAPI document shows them: path, request and answers. Staff only;
 * a program officer reaches only the students assigned to them, and another officer's student
 * answers 404 as if it did not exist. students.routes.ts wires each to the service, fixed paths
 * first so /export.csv, /officers and /import are never taken for an id.
 */
const tags = ['Students'];

export const exportStudentsRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'The students the list would show with these filters, as a CSV file (no paging)',
  request: { query: StudentListQuerySchema },
  responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403) },
});

export const assignableOfficersRoute = createRoute({
  method: 'get',
  path: '/officers',
  tags,
  summary: 'Active staff a student can be assigned to (program officers, deputy managers, admins)',
  responses: {
    200: jsonResponse(OfficerOptionsResponseSchema, 'Assignable officers by name'),
    ...errorResponses(401, 403),
  },
});

export const importStudentsRoute = createRoute({
  method: 'post',
  path: '/import',
  tags,
  summary: 'Import students from a CSV file (field "file"): all or nothing, or the valid rows',
  description:
    'Columns: first_name, last_name (required), email, contact_number, community, program_level, ' +
    'institution_name, current_program, chl_number, gender, date_of_birth; the optional payment channel ' +
    'payment_method (bank, mtn_momo, airtel_money), bank_name, bank_branch, account_number, account_name, ' +
    "wallet_number, wallet_name (the student's primary channel; a wallet or account in use is a row error, a " +
    "wallet prefix not the operator's a warning in `warnings`); others are ignored. " +
    'Rows without first or last name are dropped. Any other bad value refuses the whole file, unless ' +
    '`skip_invalid_rows` is `true`: then the valid rows are imported and the others listed in `skipped`. ' +
    'At most 20,000 students (non-blank rows) and 10 MB a file.',
  request: csvImportRequest,
  responses: {
    201: jsonResponse(StudentImportResponseSchema, 'Imported'),
    400: jsonResponse(ErrorResponseSchema, 'No valid rows, or rows with errors (nothing written)'),
    ...errorResponses(401, 403, 409, 413),
  },
});

export const listStudentsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'List students with search, category and status filters, paged, with category counts',
  description:
    'Each student is a StudentListItem: the fields a list shows (name, email, CHL number, photo, ' +
    'category, status, programme, institution, officer), never the private ones (NRC, date of ' +
    'birth, contact numbers, guardian, accommodation, laptop, notes). GET /api/students/{id} ' +
    'answers the whole record.',
  request: { query: StudentListQuerySchema },
  responses: {
    200: jsonResponse(StudentListResponseSchema, 'A page of students, as list items'),
    ...errorResponses(400, 401, 403),
  },
});

export const createStudentRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Add a student (assigned to the creator unless an admin or deputy manager picks an officer)',
  request: jsonBody(StudentCreateSchema),
  responses: {
    201: jsonResponse(StudentSchema, 'Created'),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const getStudentRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One student',
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(StudentSchema, 'The student'), ...errorResponses(401, 403, 404) },
});

export const updateStudentRoute = createRoute({
  method: 'put',
  path: '/{id}',
  tags,
  summary: 'Change a student (fields left out keep their value; null or "" clears)',
  request: { params: IdParamSchema, ...jsonBody(StudentUpdateSchema) },
  responses: {
    200: jsonResponse(StudentSchema, 'Saved'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const deleteStudentRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags,
  summary: 'Delete a student (refused while the student has allowance records)',
  request: { params: IdParamSchema },
  responses: {
    204: { description: 'Deleted' },
    ...errorResponses(401, 403, 404, 409),
  },
});

export const studentHistoryRoute = recordHistoryRoute({
  tags,
  summary: "The student's audit trail, oldest first: who changed what, with each field before and after",
});
