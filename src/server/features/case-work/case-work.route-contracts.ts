import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  IssueCommentInputSchema,
  IssueCommentListSchema,
  IssueCommentSchema,
  IssueInputSchema,
  IssueListQuerySchema,
  IssueListResponseSchema,
  IssueSchema,
  IssueStatusChangeSchema,
} from '../../../contracts/issues';
import { OfficerOptionsResponseSchema } from '../../../contracts/students';
import {
  TaskInputSchema,
  TaskListQuerySchema,
  TaskListResponseSchema,
  TaskSchema,
  TaskStatusChangeSchema,
} from '../../../contracts/tasks';
import { errorResponses, jsonBody, jsonResponse, recordHistoryRoute } from '../../http/openapi';

/*
 * Tasks and issues as the OpenAPI document shows them (D11): staff only; a record outside a
 * program officer's scope answers 404 like a missing one.
 */

const one = { params: IdParamSchema };

export const taskRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags: ['Tasks'],
    summary: 'Tasks the caller reaches, soonest due first, with the four tiles',
    request: { query: TaskListQuerySchema },
    responses: {
      200: jsonResponse(TaskListResponseSchema, 'A page of tasks'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags: ['Tasks'],
    summary: 'Adds a task, assigned by the caller',
    request: jsonBody(TaskInputSchema),
    responses: { 201: jsonResponse(TaskSchema, 'The task as stored'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags: ['Tasks'],
    summary: 'One task',
    request: one,
    responses: { 200: jsonResponse(TaskSchema, 'The task'), ...errorResponses(401, 403, 404) },
  }),
  history: recordHistoryRoute({
    tags: ['Tasks'],
    summary: "The task's audit trail, oldest first",
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags: ['Tasks'],
    summary: "Replaces the task's fields with the form's",
    request: { ...one, ...jsonBody(TaskInputSchema) },
    responses: { 200: jsonResponse(TaskSchema, 'The task as stored'), ...errorResponses(400, 401, 403, 404) },
  }),
  status: createRoute({
    method: 'patch',
    path: '/{id}/status',
    tags: ['Tasks'],
    summary: 'Moves the task to any status (the board); completing records when and by whom',
    request: { ...one, ...jsonBody(TaskStatusChangeSchema) },
    responses: { 200: jsonResponse(TaskSchema, 'The task'), ...errorResponses(400, 401, 403, 404) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags: ['Tasks'],
    summary: 'Deletes a task',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
};

export const issueRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags: ['Issues'],
    summary: 'Issues the caller reaches, newest first, with the tiles',
    request: { query: IssueListQuerySchema },
    responses: {
      200: jsonResponse(IssueListResponseSchema, 'A page of issues'),
      ...errorResponses(400, 401, 403),
    },
  }),
  create: createRoute({
    method: 'post',
    path: '/',
    tags: ['Issues'],
    summary: 'Reports an issue about a student, reported by the caller',
    request: jsonBody(IssueInputSchema),
    responses: { 201: jsonResponse(IssueSchema, 'The issue as stored'), ...errorResponses(400, 401, 403) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags: ['Issues'],
    summary: 'One issue',
    request: one,
    responses: { 200: jsonResponse(IssueSchema, 'The issue'), ...errorResponses(401, 403, 404) },
  }),
  history: recordHistoryRoute({
    tags: ['Issues'],
    summary: "The issue's audit trail, oldest first",
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags: ['Issues'],
    summary: "Replaces the issue's fields with the form's (its status changes through /status)",
    request: { ...one, ...jsonBody(IssueInputSchema) },
    responses: {
      200: jsonResponse(IssueSchema, 'The issue as stored'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  status: createRoute({
    method: 'post',
    path: '/{id}/status',
    tags: ['Issues'],
    summary:
      'open -> in_progress -> resolved (resolution_note required) -> closed; reopen from resolved or closed',
    request: { ...one, ...jsonBody(IssueStatusChangeSchema) },
    responses: { 200: jsonResponse(IssueSchema, 'The issue'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  delete: createRoute({
    method: 'delete',
    path: '/{id}',
    tags: ['Issues'],
    summary: 'Deletes an issue and its thread (deputy managers and admins: issues are case records)',
    request: one,
    responses: { 204: { description: 'Deleted' }, ...errorResponses(401, 403, 404) },
  }),
  comments: createRoute({
    method: 'get',
    path: '/{id}/comments',
    tags: ['Issues'],
    summary: "The issue's thread, newest last",
    request: one,
    responses: {
      200: jsonResponse(IssueCommentListSchema, 'The comments'),
      ...errorResponses(401, 403, 404),
    },
  }),
  comment: createRoute({
    method: 'post',
    path: '/{id}/comments',
    tags: ['Issues'],
    summary: 'Adds a comment to the thread, written by the caller',
    request: { ...one, ...jsonBody(IssueCommentInputSchema) },
    responses: {
      201: jsonResponse(IssueCommentSchema, 'The comment'),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
};

export const staffRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Tasks', 'Issues'],
  summary: 'Active program officers, deputy managers and admins, by name: whom work can be assigned to',
  responses: {
    200: jsonResponse(OfficerOptionsResponseSchema, 'Assignable staff'),
    ...errorResponses(401, 403),
  },
});
