import { createRoute } from '@hono/zod-openapi';
import {
  AllowanceDecisionRequestSchema,
  AllowanceDetailSchema,
  AllowanceListQuerySchema,
  AllowanceListResponseSchema,
  AllowanceViewSchema,
  AwaitingMeResponseSchema,
  BulkDecisionRequestSchema,
  BulkDecisionResponseSchema,
  BulkUploadResponseSchema,
  CreateAllowanceRequestSchema,
  PayAllowanceRequestSchema,
} from '../../../contracts/allowances';
import { ErrorResponseSchema, IdParamSchema } from '../../../contracts/common';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonBody, jsonResponse, recordHistoryRoute } from '../../http/openapi';
import { csvImportRequest } from '../../http/uploads';

/**
 * The allowance routes as the OpenAPI document shows them: path, request and answers. Staff only:
 * `user` and `student` accounts get 403, signed-out requests 401. Totals, stages, approvers and
 * dates are the server's. allowances.routes.ts wires each to the service, fixed paths first so
 * /export.csv, /awaiting-me, /bulk and /bulk-decision are never taken for an id.
 */
const tags = ['Allowances'];

export const exportAllowancesRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'The allowances the list would show with this search and stage, as CSV for the bank',
  request: { query: AllowanceListQuerySchema },
  responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403) },
});

export const awaitingMeRoute = createRoute({
  method: 'get',
  path: '/awaiting-me',
  tags,
  summary: 'Allowances the signed-in user may decide or pay now (the notification bell), latest 20',
  responses: {
    200: jsonResponse(AwaitingMeResponseSchema, 'Count and latest items'),
    ...errorResponses(401, 403),
  },
});

export const bulkUploadRoute = createRoute({
  method: 'post',
  path: '/bulk',
  tags,
  summary: 'Bulk upload allowances from a CSV file (field "file"): all or nothing, or the valid rows',
  description:
    'Columns as allowances_template.csv: student_id, student_name, chl_number, month, year, ' +
    'program_level, stipend, medical, transportation, school_supplies, accommodation, flmi_comments. ' +
    "Errors read 'Row N: message'. A row names its student by student_id (used when given) or " +
    "chl_number (any case); the name stored is the record's. Program officers upload for their own " +
    'students only. All rows are checked first. Any row with a problem refuses the whole file (400, ' +
    'every problem listed by row, nothing written) unless `skip_invalid_rows` is `true`: then the valid ' +
    'rows are written in one transaction and the others listed in `errors`. ' +
    'A period that another submission takes meanwhile is reported as a duplicate; 409 only when ' +
    'that keeps happening (three tries).',
  request: csvImportRequest,
  responses: {
    200: jsonResponse(BulkUploadResponseSchema, 'Result: rows written, rows refused and why'),
    400: jsonResponse(ErrorResponseSchema, 'Rows with problems and no skipping chosen (nothing written)'),
    ...errorResponses(401, 403, 409, 413),
  },
});

export const bulkDecisionRoute = createRoute({
  method: 'post',
  path: '/bulk-decision',
  tags,
  summary: 'Approve or deny many allowances at one review stage with one comment',
  description:
    "Send `ids` (at most 10,000) or `filter` (the list's q and stage: every allowance the list " +
    'shows, at most 10,000), the decision, the comment and `expected_stage`, the review stage ' +
    'decided. 403 when the user does not decide at that stage. Each allowance still at ' +
    '`expected_stage` changes on its own, as a single decision would, with its own comment and ' +
    'audit entry; every other one (not found, at another stage, moved meanwhile by someone else) ' +
    'is left as it is and listed in `skipped` with the reason. Two bulk decisions over the same ' +
    'allowances at once change each allowance once.',
  request: jsonBody(BulkDecisionRequestSchema),
  responses: {
    200: jsonResponse(BulkDecisionResponseSchema, 'How many were decided; the ones skipped and why'),
    ...errorResponses(400, 401, 403),
  },
});

export const listAllowancesRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'List allowances (search by student name or month, stage filter), newest first, with stage sums',
  request: { query: AllowanceListQuerySchema },
  responses: {
    200: jsonResponse(AllowanceListResponseSchema, 'A page of allowances'),
    ...errorResponses(400, 401, 403),
  },
});

export const createAllowanceRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Add an allowance (starts at pending_dpm; the total is computed by the server)',
  request: jsonBody(CreateAllowanceRequestSchema),
  responses: {
    201: jsonResponse(AllowanceDetailSchema, 'Submitted'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const getAllowanceRoute = createRoute({
  method: 'get',
  path: '/{id}',
  tags,
  summary: 'One allowance with its comment trail, oldest first, and why the caller may not decide it',
  request: { params: IdParamSchema },
  responses: {
    200: jsonResponse(AllowanceViewSchema, 'The allowance'),
    ...errorResponses(401, 403, 404),
  },
});

export const decideOnAllowanceRoute = createRoute({
  method: 'post',
  path: '/{id}/decision',
  tags,
  summary: 'Approve or deny at the current step (atomic: a concurrent change answers 409)',
  request: { params: IdParamSchema, ...jsonBody(AllowanceDecisionRequestSchema) },
  responses: {
    200: jsonResponse(AllowanceDetailSchema, 'The allowance after the decision'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

// The body is documented but read by the handler: a missing or empty body must answer like a
// body without expected_stage (a 400 naming the field), not as a content-type problem.
export const payForAllowanceRoute = createRoute({
  method: 'post',
  path: '/{id}/pay',
  tags,
  summary: "Mark an approved allowance as paid (admin only; logs 'Payment processed')",
  request: {
    params: IdParamSchema,
    body: { content: { 'application/json': { schema: PayAllowanceRequestSchema } }, required: true },
  },
  responses: {
    200: jsonResponse(AllowanceDetailSchema, 'The allowance, now paid'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const allowanceHistoryRoute = recordHistoryRoute({
  tags,
  summary: "The allowance's audit trail, oldest first: its submission, every step with its actor, payment",
});
