import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  CreateDelegationRequestSchema,
  DelegationListQuerySchema,
  DelegationListResponseSchema,
  DelegationSchema,
  EligibleDelegatesResponseSchema,
} from '../../../contracts/delegations';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';

/**
 * Delegation of approvals (docs/product.md D21). Staff only: `user` and `student` accounts get
 * 403, signed-out requests 401. Fixed paths first, so /delegates is never taken for an id.
 */
const tags = ['Delegations'];

export const eligibleDelegatesRoute = createRoute({
  method: 'get',
  path: '/delegates',
  tags,
  summary: 'The stages the signed-in user would hand over and the active accounts that may receive them',
  responses: {
    200: jsonResponse(EligibleDelegatesResponseSchema, 'Stages and eligible accounts'),
    ...errorResponses(401, 403),
  },
});

export const listDelegationsRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: "The user's delegations, given and received; an admin's scope=everyone lists everyone's",
  description:
    'scope: mine (default) or everyone (admins only, 403 otherwise). status: current (active or ' +
    'upcoming, default), active (today) or all. Dates are programme days, both ends included.',
  request: { query: DelegationListQuerySchema },
  responses: {
    200: jsonResponse(DelegationListResponseSchema, 'One page of delegations'),
    ...errorResponses(400, 401, 403),
  },
});

export const createDelegationRoute = createRoute({
  method: 'post',
  path: '/',
  tags,
  summary: 'Delegate my approvals to another account for a period',
  description:
    "Hands the review stages the user's role decides to `delegate_id`, an active account whose " +
    'role decides them all (400 otherwise, and for oneself), from `starts_on` (not before today) ' +
    'to `ends_on`, with a reason. 409 when it overlaps a delegation of theirs not revoked. While ' +
    "it is active the delegate's decisions at those stages are recorded on the user's behalf.",
  request: jsonBody(CreateDelegationRequestSchema),
  responses: {
    201: jsonResponse(DelegationSchema, 'The delegation'),
    ...errorResponses(400, 401, 403, 409),
  },
});

export const revokeDelegationRoute = createRoute({
  method: 'post',
  path: '/{id}/revoke',
  tags,
  summary: 'Revoke a delegation: it stops at once (the delegator or an admin)',
  request: { params: IdParamSchema },
  responses: {
    200: jsonResponse(DelegationSchema, 'The delegation, revoked'),
    ...errorResponses(401, 403, 404, 409),
  },
});
