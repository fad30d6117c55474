import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ALLOWANCE_EXPORT_FILENAME,
  AllowanceDecisionRequestSchema,
  AllowanceDetailSchema,
  AllowanceListQuerySchema,
  AllowanceListResponseSchema,
  AwaitingMeResponseSchema,
  BulkUploadResponseSchema,
  CreateAllowanceRequestSchema,
  PayAllowanceRequestSchema,
} from '../../../contracts/allowances';
import type { AppDeps } from '../../app-env';
import { requireStaff } from '../../auth/middleware';
import { validationError } from '../../http/errors';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { csvUploadRequest, readCsvUpload } from '../../http/uploads';
import * as allowancesService from './allowances.service';

const tags = ['Allowances'];
const IdParam = z.object({ id: z.string() });

/**
 * Allowance Management (spec §2-§9; decisions D2, D5, D6, D9). Staff only: `user` and `student`
 * accounts get 403, signed-out requests 401. Totals, stages, approvers and dates are the server's.
 */
export function allowancesRoutes(deps: AppDeps) {
  const router = createRouter();
  // Before any request validation, so a signed-out or non-staff caller never learns more than 401/403.
  router.use('*', async (c, next) => {
    requireStaff(c.get('user'));
    await next();
  });

  // Fixed paths first, so /export.csv, /awaiting-me and /bulk are never taken for an id.
  router.openapi(
    createRoute({
      method: 'get',
      path: '/export.csv',
      tags,
      summary: 'The allowances the list would show with this search and stage, as CSV for the bank',
      request: { query: AllowanceListQuerySchema },
      responses: {
        200: {
          description: 'CSV file (UTF-8 with BOM), formulas written as text',
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    (c) => {
      requireStaff(c.get('user'));
      const { q, stage } = c.req.valid('query');
      return c.body(allowancesService.exportAllowancesCsv(deps.db, { q, stage }), 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${ALLOWANCE_EXPORT_FILENAME}"`,
        'cache-control': 'no-store',
      });
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/awaiting-me',
      tags,
      summary: 'Allowances the signed-in user may decide or pay now (the notification bell), latest 20',
      responses: {
        200: jsonResponse(AwaitingMeResponseSchema, 'Count and latest items'),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await allowancesService.allowancesAwaitingUser(deps, user), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags,
      summary:
        'Bulk upload allowances from a CSV file (field "file"); valid rows are written, the rest listed',
      description:
        'Columns as allowances_template.csv: student_id, student_name, chl_number, month, year, ' +
        'program_level, stipend, medical, transportation, school_supplies, accommodation, flmi_comments. ' +
        "Errors read 'Row N: message'. A row names its student by student_id (used when given) or " +
        "chl_number (any case); the name stored is the record's. Program officers upload for their own " +
        'students only. All rows are checked first; the valid ones are then written in one transaction. ' +
        'A period that another submission takes meanwhile is reported as a duplicate; 409 only when ' +
        'that keeps happening (three tries).',
      request: csvUploadRequest,
      responses: {
        200: jsonResponse(BulkUploadResponseSchema, 'Result: rows written, rows refused and why'),
        ...errorResponses(400, 401, 403, 409, 413),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const { text } = await readCsvUpload(c);
      return c.json(await allowancesService.bulkUploadAllowances(deps, user, text), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary:
        'List allowances (search by student name or month, stage filter), newest first, with stage sums',
      request: { query: AllowanceListQuerySchema },
      responses: {
        200: jsonResponse(AllowanceListResponseSchema, 'A page of allowances'),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      requireStaff(c.get('user'));
      return c.json(await allowancesService.listAllowances(deps.db, c.req.valid('query')), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Add an allowance (starts at pending_dpm; the total is computed by the server)',
      request: jsonBody(CreateAllowanceRequestSchema),
      responses: {
        201: jsonResponse(AllowanceDetailSchema, 'Submitted'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      return c.json(await allowancesService.createAllowance(deps, user, c.req.valid('json')), 201);
    },
  );

  router.openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'One allowance with its comment trail, oldest first',
      request: { params: IdParam },
      responses: {
        200: jsonResponse(AllowanceDetailSchema, 'The allowance'),
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      requireStaff(c.get('user'));
      return c.json(await allowancesService.getAllowance(deps, c.req.valid('param').id), 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/decision',
      tags,
      summary: 'Approve or deny at the current step (atomic: a concurrent change answers 409)',
      request: { params: IdParam, ...jsonBody(AllowanceDecisionRequestSchema) },
      responses: {
        200: jsonResponse(AllowanceDetailSchema, 'The allowance after the decision'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      const detail = await allowancesService.decideOnAllowance(
        deps,
        user,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(detail, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/pay',
      tags,
      summary: "Mark an approved allowance as paid (admin only; logs 'Payment processed')",
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: PayAllowanceRequestSchema } }, required: true },
      },
      responses: {
        200: jsonResponse(AllowanceDetailSchema, 'The allowance, now paid'),
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const user = requireStaff(c.get('user'));
      // Read by hand so that a missing or empty body is answered like any body without
      // expected_stage (a 400 naming the field), not as a content-type problem.
      const raw = await c.req.text();
      let body: unknown = {};
      if (raw.trim()) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = null;
        }
      }
      const parsed = PayAllowanceRequestSchema.safeParse(body);
      if (!parsed.success) throw validationError(parsed.error);
      const detail = await allowancesService.payForAllowance(
        deps,
        user,
        c.req.valid('param').id,
        parsed.data,
      );
      return c.json(detail, 200);
    },
  );

  return router;
}
