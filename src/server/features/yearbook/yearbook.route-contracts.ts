import { createRoute, z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  EntryCreateSchema,
  EntryListQuerySchema,
  EntryListResponseSchema,
  EntrySchema,
  EntryUpdateSchema,
  GraduateListQuerySchema,
  GraduateListResponseSchema,
  MemoryInputSchema,
  MemoryListQuerySchema,
  MemoryListResponseSchema,
  MemorySchema,
  MyEntriesResponseSchema,
  MyEntryInputSchema,
  MyEntryResponseSchema,
  YearbookInputSchema,
  YearbookListQuerySchema,
  YearbookListResponseSchema,
  YearbookSchema,
} from '../../../contracts/yearbook';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * Graduation Yearbook's routes as the OpenAPI document shows them (D11): every signed-in user
 * reads published yearbooks, approved entries and memory walls, posts memories and keeps their own
 * entry; deputy managers and admins manage. What a user may not see answers 404.
 */

const tags = ['Graduation Yearbook'];
const one = { params: IdParamSchema };
/** Management routes refuse everyone else before reading the request (D11). */
const middleware = roleDoor('deputy_manager');
const YearbookEntrySaved = z
  .object({ entry: EntrySchema, created: z.boolean() })
  .meta({ id: 'MyYearbookEntrySaved' });

export const yearbookRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Yearbooks, newest class first: published ones, or every one for management',
    request: { query: YearbookListQuerySchema },
    responses: {
      200: jsonResponse(YearbookListResponseSchema, 'A page of yearbooks'),
      ...errorResponses(400, 401),
    },
  }),
  myEntries: createRoute({
    method: 'get',
    path: '/my-entries',
    tags,
    summary:
      "Submit Entry's page: the signed-in user's student record and class, their class's yearbook and any other holding their entry",
    responses: {
      200: jsonResponse(MyEntriesResponseSchema, 'The student (null when no record is theirs) and yearbooks'),
      ...errorResponses(401),
    },
  }),
  graduates: createRoute({
    middleware,
    method: 'get',
    path: '/graduates',
    tags,
    summary: 'Students whose status is graduated, by full name (management)',
    request: { query: GraduateListQuerySchema },
    responses: {
      200: jsonResponse(GraduateListResponseSchema, 'A page of graduates'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    middleware,
    method: 'post',
    path: '/',
    tags,
    summary: 'Creates a yearbook; one per year (management)',
    request: jsonBody(YearbookInputSchema),
    responses: {
      201: jsonResponse(YearbookSchema, 'The yearbook as stored'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One yearbook',
    request: one,
    responses: { 200: jsonResponse(YearbookSchema, 'The yearbook'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    middleware,
    method: 'put',
    path: '/{id}',
    tags,
    summary: "Replaces the yearbook's fields with the form's (management)",
    request: { ...one, ...jsonBody(YearbookInputSchema) },
    responses: {
      200: jsonResponse(YearbookSchema, 'The yearbook as stored'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  delete: createRoute({
    middleware,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes the yearbook with its entries and memories (management)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  publish: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/publish',
    tags,
    summary: 'Publishes a draft, dated today in Lusaka (management)',
    request: one,
    responses: {
      200: jsonResponse(YearbookSchema, 'The published yearbook'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  pdf: createRoute({
    method: 'get',
    path: '/{id}/pdf',
    tags,
    summary: 'The yearbook as a printable PDF: cover, approved graduates, memory wall',
    request: one,
    responses: {
      200: { description: 'PDF file', content: { 'application/pdf': { schema: z.string() } } },
      ...errorResponses(401, 404),
    },
  }),
  entries: createRoute({
    method: 'get',
    path: '/{id}/entries',
    tags,
    summary: "The yearbook's entries: approved ones by name, or every one newest first for management",
    request: { ...one, query: EntryListQuerySchema },
    responses: {
      200: jsonResponse(EntryListResponseSchema, 'A page of entries'),
      ...errorResponses(400, 401, 404),
    },
  }),
  addEntry: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/entries',
    tags,
    summary: "Adds a student's entry, approved (management)",
    request: { ...one, ...jsonBody(EntryCreateSchema) },
    responses: {
      201: jsonResponse(EntrySchema, 'The entry as stored'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  myEntry: createRoute({
    method: 'get',
    path: '/{id}/my-entry',
    tags,
    summary: "The signed-in user's own entry, through the student record whose email is theirs",
    request: one,
    responses: {
      200: jsonResponse(MyEntryResponseSchema, 'The entry, or null before one is submitted'),
      ...errorResponses(401, 404),
    },
  }),
  saveMyEntry: createRoute({
    method: 'put',
    path: '/{id}/my-entry',
    tags,
    summary:
      "Submits the signed-in user's entry to their own class's yearbook, or updates the one they have; it waits for review",
    request: { ...one, ...jsonBody(MyEntryInputSchema) },
    responses: {
      200: jsonResponse(YearbookEntrySaved, 'The entry, updated'),
      201: jsonResponse(YearbookEntrySaved, 'The entry, submitted'),
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  memories: createRoute({
    method: 'get',
    path: '/{id}/memories',
    tags,
    summary: "The yearbook's memory wall, newest first",
    request: { ...one, query: MemoryListQuerySchema },
    responses: {
      200: jsonResponse(MemoryListResponseSchema, 'A page of memories'),
      ...errorResponses(400, 401, 404),
    },
  }),
  postMemory: createRoute({
    method: 'post',
    path: '/{id}/memories',
    tags,
    summary: 'Shares a memory on the wall, as the signed-in user',
    request: { ...one, ...jsonBody(MemoryInputSchema) },
    responses: { 201: jsonResponse(MemorySchema, 'The memory as stored'), ...errorResponses(400, 401, 404) },
  }),
};

export const entryRoutes = {
  update: createRoute({
    middleware,
    method: 'put',
    path: '/{id}',
    tags,
    summary: "Edits an entry's quote, achievements and photo; its state stays (management)",
    request: { ...one, ...jsonBody(EntryUpdateSchema) },
    responses: {
      200: jsonResponse(EntrySchema, 'The entry as stored'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  delete: createRoute({
    middleware,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes an entry (management)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  approve: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/approve',
    tags,
    summary: 'Approves a pending entry (management)',
    request: one,
    responses: {
      200: jsonResponse(EntrySchema, 'The approved entry'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  reject: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/reject',
    tags,
    summary: 'Rejects a pending entry (management)',
    request: one,
    responses: {
      200: jsonResponse(EntrySchema, 'The rejected entry'),
      ...errorResponses(401, 403, 404, 409),
    },
  }),
};
