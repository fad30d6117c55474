import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema, MessageResponseSchema } from '../../../contracts/common';
import {
  ChangePasswordSchema,
  DecisionNoteSchema,
  DirectoryUserSchema,
  InviteUserSchema,
  MyPreferencesSchema,
  MyProfileSchema,
  MyRoleRequestSchema,
  ProfileInputSchema,
  RoleDecisionResponseSchema,
  RoleInputSchema,
  RoleRequestListQuerySchema,
  RoleRequestListResponseSchema,
  RoleSummaryResponseSchema,
  UserListQuerySchema,
  UserListResponseSchema,
  UserUpdateSchema,
} from '../../../contracts/users';
import { USER_MANAGER_ROLE } from '../../../domain/users';
import { errorResponses, jsonBody, jsonResponse, recordHistoryRoute } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';

/*
 * User Management as the OpenAPI document shows it (docs/product.md D11): deputy managers and
 * admins read the directory; only admins change it (403 before the request is read). The self and
 * last-admin rules answer 409.
 */

const tags = ['User Management'];
const one = { params: IdParamSchema };
const admin = roleDoor(USER_MANAGER_ROLE);
const userAnswer = (what: string) => jsonResponse(DirectoryUserSchema, what);

export const userRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Every account, by name, with the six tile counts',
    request: { query: UserListQuerySchema },
    responses: {
      200: jsonResponse(UserListResponseSchema, 'A page of accounts'),
      ...errorResponses(400, 401, 403),
    },
  }),
  roles: createRoute({
    method: 'get',
    path: '/roles',
    tags,
    summary: 'Each role, what it may do, and how many accounts hold it',
    responses: { 200: jsonResponse(RoleSummaryResponseSchema, 'The roles'), ...errorResponses(401, 403) },
  }),
  invite: createRoute({
    method: 'post',
    path: '/',
    tags,
    summary: 'Add User: makes the account and emails an invitation to choose a password (admin)',
    middleware: admin,
    request: jsonBody(InviteUserSchema),
    responses: { 201: userAnswer('The new account'), ...errorResponses(400, 401, 403, 409) },
  }),
  get: createRoute({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'One account',
    request: one,
    responses: { 200: userAnswer('The account'), ...errorResponses(401, 403, 404) },
  }),
  history: recordHistoryRoute({
    tags,
    summary: "The account's audit trail, oldest first: sign-ins, changes, role requests (admin)",
    middleware: admin,
  }),
  update: createRoute({
    method: 'put',
    path: '/{id}',
    tags,
    summary: "Edits the account's name, email and profile (admin)",
    middleware: admin,
    request: { ...one, ...jsonBody(UserUpdateSchema) },
    responses: { 200: userAnswer('The account'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  role: createRoute({
    method: 'post',
    path: '/{id}/role',
    tags,
    summary: "Changes the account's role (admin; not your own, nor the last active admin's)",
    middleware: admin,
    request: { ...one, ...jsonBody(RoleInputSchema) },
    responses: { 200: userAnswer('The account'), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  activate: createRoute({
    method: 'post',
    path: '/{id}/activate',
    tags,
    summary: 'Activates the account (admin)',
    middleware: admin,
    request: one,
    responses: { 200: userAnswer('The account'), ...errorResponses(401, 403, 404) },
  }),
  deactivate: createRoute({
    method: 'post',
    path: '/{id}/deactivate',
    tags,
    summary: 'Deactivates the account and ends its sessions (admin; not yourself, nor the last active admin)',
    middleware: admin,
    request: one,
    responses: { 200: userAnswer('The account'), ...errorResponses(401, 403, 404, 409) },
  }),
  passwordReset: createRoute({
    method: 'post',
    path: '/{id}/password-reset',
    tags,
    summary: 'Emails the account a password reset link, or a new invitation if it never set one (admin)',
    middleware: admin,
    request: one,
    responses: { 200: jsonResponse(MessageResponseSchema, 'Sent'), ...errorResponses(401, 403, 404, 409) },
  }),
};

export const roleRequestRoutes = {
  list: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Role requests, newest first (pending unless asked otherwise; admin)',
    request: { query: RoleRequestListQuerySchema },
    responses: {
      200: jsonResponse(RoleRequestListResponseSchema, 'A page of requests'),
      ...errorResponses(400, 401, 403),
    },
  }),
  grant: createRoute({
    method: 'post',
    path: '/{id}/grant',
    tags,
    summary:
      'Grants the role (admin); granting student links the account to the student record with its email',
    request: { ...one, ...jsonBody(DecisionNoteSchema) },
    responses: {
      200: jsonResponse(RoleDecisionResponseSchema, 'Granted'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  decline: createRoute({
    method: 'post',
    path: '/{id}/decline',
    tags,
    summary: 'Declines the request, with an optional note (admin)',
    request: { ...one, ...jsonBody(DecisionNoteSchema) },
    responses: {
      200: jsonResponse(RoleDecisionResponseSchema, 'Declined'),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
};

export const myProfileRoutes = {
  get: createRoute({
    method: 'get',
    path: '/profile',
    tags,
    summary: "The signed-in user's profile and latest role request",
    responses: { 200: jsonResponse(MyProfileSchema, 'The profile'), ...errorResponses(401) },
  }),
  update: createRoute({
    method: 'put',
    path: '/profile',
    tags,
    summary: 'Edits your phone, address, date of birth, department and emergency contact',
    request: jsonBody(ProfileInputSchema),
    responses: { 200: jsonResponse(MyProfileSchema, 'The profile'), ...errorResponses(400, 401) },
  }),
  password: createRoute({
    method: 'post',
    path: '/password',
    tags,
    summary: 'Changes your password (the current one required); your other sessions end',
    request: jsonBody(ChangePasswordSchema),
    responses: { 200: jsonResponse(MessageResponseSchema, 'Changed'), ...errorResponses(400, 401, 409) },
  }),
  preferences: createRoute({
    method: 'get',
    path: '/preferences',
    tags,
    summary: "The user's own theme over the system's (null follows the system)",
    responses: { 200: jsonResponse(MyPreferencesSchema, 'The preferences'), ...errorResponses(401) },
  }),
  savePreferences: createRoute({
    method: 'put',
    path: '/preferences',
    tags,
    summary: "Sets the user's own theme; null goes back to the system's",
    request: jsonBody(MyPreferencesSchema),
    responses: { 200: jsonResponse(MyPreferencesSchema, 'Saved'), ...errorResponses(400, 401) },
  }),
  roleRequest: createRoute({
    method: 'post',
    path: '/role-request',
    tags,
    summary: 'Asks for a role; a pending request is replaced',
    request: jsonBody(MyRoleRequestSchema),
    responses: {
      201: jsonResponse(MyProfileSchema, 'The profile with the request'),
      ...errorResponses(400, 401, 409),
    },
  }),
};
