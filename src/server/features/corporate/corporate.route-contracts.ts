import { createRoute, type z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  InstitutionInputSchema,
  InstitutionListQuerySchema,
  InstitutionListResponseSchema,
  InstitutionSchema,
  LandlordInputSchema,
  LandlordListQuerySchema,
  LandlordListResponseSchema,
  LandlordSchema,
} from '../../../contracts/corporate';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonBody, jsonResponse, recordHistoryRoute } from '../../http/openapi';

/**
 * The routes of one kind of partner as the OpenAPI document shows them; staff only (D11).
 * corporate.routes.ts wires them, fixed paths first so /export.csv is never taken for an id.
 */
function partnerRoutes<
  Q extends z.ZodObject,
  I extends z.ZodObject,
  R extends z.ZodObject,
  L extends z.ZodObject,
>(noun: string, plural: string, schemas: { query: Q; input: I; record: R; list: L }) {
  const tags = ['Corporate Collaborations'];
  const one = { params: IdParamSchema };
  return {
    export: createRoute({
      method: 'get',
      path: '/export.csv',
      tags,
      summary: `The ${plural} the list would show with this search and filter, as a CSV file (no paging)`,
      request: { query: schemas.query },
      responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403) },
    }),
    list: createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: `${plural}, newest first, searched and filtered, with the students linked to each that the user reaches`,
      request: { query: schemas.query },
      responses: { 200: jsonResponse(schemas.list, `A page of ${plural}`), ...errorResponses(400, 401, 403) },
    }),
    create: createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: `Adds a ${noun}`,
      request: jsonBody(schemas.input),
      responses: {
        201: jsonResponse(schemas.record, `The ${noun} as stored`),
        ...errorResponses(400, 401, 403),
      },
    }),
    get: createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: `One ${noun}`,
      request: one,
      responses: { 200: jsonResponse(schemas.record, `The ${noun}`), ...errorResponses(401, 403, 404) },
    }),
    history: recordHistoryRoute({
      tags,
      summary: `The ${noun}'s audit trail, oldest first`,
    }),
    update: createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: `Replaces the ${noun}'s fields with the form's`,
      request: { ...one, ...jsonBody(schemas.input) },
      responses: {
        200: jsonResponse(schemas.record, `The ${noun} as stored`),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    delete: createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: `Deletes the ${noun}; refused (409) while students are linked to it`,
      request: one,
      responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404, 409) },
    }),
  };
}

export const landlordRoutes = partnerRoutes('landlord', 'landlords', {
  query: LandlordListQuerySchema,
  input: LandlordInputSchema,
  record: LandlordSchema,
  list: LandlordListResponseSchema,
});

export const institutionRoutes = partnerRoutes('institution', 'institutions', {
  query: InstitutionListQuerySchema,
  input: InstitutionInputSchema,
  record: InstitutionSchema,
  list: InstitutionListResponseSchema,
});
