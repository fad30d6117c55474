import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  OpenedSchema,
  RatingInputSchema,
  RatingSchema,
  ResourceInputSchema,
  ResourceListQuerySchema,
  ResourceListResponseSchema,
  ResourceSchema,
} from '../../../contracts/library';
import { errorResponses, jsonBody, jsonResponse, multipartBody } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * The Students Library as the OpenAPI document shows it: every signed-in user browses, opens,
 * plays and rates; staff add, edit, delete and upload files (403 before the request is read).
 */

const tags = ['Library'];
const one = { params: IdParamSchema };
const staff = roleDoor('program_officer');

export const libraryRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Resources, newest first, with the four count cards',
    request: { query: ResourceListQuerySchema },
    responses: {
      200: jsonResponse(ResourceListResponseSchema, 'A page of resources'),
      ...errorResponses(400, 401),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Adds a resource (staff)',
    middleware: staff,
    request: jsonBody(ResourceInputSchema),
    responses: { 201: jsonResponse(ResourceSchema, 'The resource'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One resource',
    request: one,
    responses: { 200: jsonResponse(ResourceSchema, 'The resource'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Replaces the resource (staff)',
    middleware: staff,
    request: { ...one, ...jsonBody(ResourceInputSchema) },
    responses: { 200: jsonResponse(ResourceSchema, 'The resource'), ...errorResponses(400, 401, 403, 404) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes the resource and its file (staff)',
    middleware: staff,
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  upload: createRoute({
    method: 'post',
    path: '/{id}/file',
    tags,
    summary:
      "Uploads or replaces the resource's file (staff): a book a PDF or text; audio and video MP3, M4A, OGG, MP4, WebM",
    middleware: staff,
    request: { ...one, ...multipartBody() },
    responses: {
      200: jsonResponse(ResourceSchema, 'The resource'),
      415: { description: 'A type of file that is not accepted' },
      ...errorResponses(400, 401, 403, 404, 413),
    },
  }),
  file: createRoute({
    method: 'get',
    path: '/{id}/file',
    tags,
    summary: "The resource's file, as an attachment with its type (players read it too)",
    request: one,
    responses: {
      200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string() } } },
      ...errorResponses(401, 404),
    },
  }),
  open: createRoute({
    method: 'post',
    path: '/{id}/open',
    tags,
    summary: 'Read Now / Play Now: counts one download per user per day',
    request: one,
    responses: { 200: jsonResponse(OpenedSchema, 'The downloads'), ...errorResponses(401, 404) },
  }),
  rate: createRoute({
    method: 'put',
    path: '/{id}/rating',
    tags,
    summary: "Sets the caller's rating, 1 to 5 stars",
    request: { ...one, ...jsonBody(RatingInputSchema) },
    responses: { 200: jsonResponse(RatingSchema, 'The rating figures'), ...errorResponses(400, 401, 404) },
  }),
};
