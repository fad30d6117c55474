import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  StoryApproveSchema,
  StoryCategoryInputSchema,
  StoryCategoryListSchema,
  StoryCategorySchema,
  StoryFeatureSchema,
  StoryInputSchema,
  StoryListQuerySchema,
  StoryListResponseSchema,
  StoryManageQuerySchema,
  StoryManageResponseSchema,
  StorySchema,
  StoryViewResponseSchema,
} from '../../../contracts/impact-stories';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * Impact Stories' routes as the OpenAPI document shows them (D11): every signed-in user reads
 * approved stories and the categories; deputy managers and admins manage, their routes refusing
 * anyone else before the request is read. A story a reader may not see answers 404.
 */

const tags = ['Impact Stories'];
const one = { params: IdParamSchema };
const middleware = roleDoor('deputy_manager');

export const storyRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Approved stories, newest first, with up to 3 featured ones apart',
    request: { query: StoryListQuerySchema },
    responses: {
      200: jsonResponse(StoryListResponseSchema, 'A page of stories'),
      ...errorResponses(400, 401),
    },
  }),
  manage: createRoute({
    middleware,
    method: 'get',
    path: '/manage',
    tags,
    summary: 'Every story, newest first, by approval, with the counts of the cards (management)',
    request: { query: StoryManageQuerySchema },
    responses: {
      200: jsonResponse(StoryManageResponseSchema, 'A page of stories'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    middleware,
    method: 'post',
    path: '/',
    tags,
    summary: 'Adds a story (management)',
    request: jsonBody(StoryInputSchema),
    responses: { 201: jsonResponse(StorySchema, 'The story as stored'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One story (reading it counts no view)',
    request: one,
    responses: { 200: jsonResponse(StorySchema, 'The story'), ...errorResponses(401, 404) },
  }),
  view: createRoute({
    method: 'post',
    path: '/{id}/view',
    tags,
    summary: 'Counts a view: one per user per story per day',
    request: one,
    responses: { 200: jsonResponse(StoryViewResponseSchema, 'The views now'), ...errorResponses(401, 404) },
  }),
  update: createRoute({
    middleware,
    method: 'put',
    path: '/{id}',
    tags,
    summary: "Replaces the story's fields with the form's (management)",
    request: { ...one, ...jsonBody(StoryInputSchema) },
    responses: {
      200: jsonResponse(StorySchema, 'The story as stored'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  delete: createRoute({
    middleware,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Deletes a story (management)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  approve: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/approve',
    tags,
    summary: 'Approves a story, or unapproves it (clearing approver, date and featured) (management)',
    request: { ...one, ...jsonBody(StoryApproveSchema) },
    responses: { 200: jsonResponse(StorySchema, 'The story'), ...errorResponses(400, 401, 403, 404) },
  }),
  feature: createRoute({
    middleware,
    method: 'post',
    path: '/{id}/feature',
    tags,
    summary: 'Features an approved story (at most 3) or stops featuring it (management)',
    request: { ...one, ...jsonBody(StoryFeatureSchema) },
    responses: { 200: jsonResponse(StorySchema, 'The story'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
};

export const categoryRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Story categories, by name',
    responses: { 200: jsonResponse(StoryCategoryListSchema, 'Every category'), ...errorResponses(401) },
  }),
  create: createRoute({
    middleware,
    method: 'post',
    path: '/',
    tags,
    summary: 'Adds a category (management)',
    request: jsonBody(StoryCategoryInputSchema),
    responses: {
      201: jsonResponse(StoryCategorySchema, 'The category'),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  update: createRoute({
    middleware,
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Renames or recolours a category (management)',
    request: { ...one, ...jsonBody(StoryCategoryInputSchema) },
    responses: {
      200: jsonResponse(StoryCategorySchema, 'The category'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  delete: createRoute({
    middleware,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Removes a category no story uses (management)',
    request: one,
    responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404, 409) },
  }),
};
