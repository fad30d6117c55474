import { createRoute } from '@hono/zod-openapi';
import { ErrorResponseSchema, MessageResponseSchema } from '../../../contracts/common';
import {
  TwoFactorConfirmRequestSchema,
  TwoFactorConfirmResponseSchema,
  TwoFactorDisableRequestSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorStatusSchema,
} from '../../../contracts/two-factor';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';

const tags = ['Two-factor sign-in'];

/** /api/me/two-factor: the signed-in account's own authenticator. */
export const twoFactorRoutes = {
  status: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'Whether two-factor sign-in is on for you, and whether System Settings require it',
    responses: { 200: jsonResponse(TwoFactorStatusSchema, 'The status'), ...errorResponses(401) },
  }),
  setup: createRoute({
    method: 'post',
    path: '/setup',
    tags,
    summary: 'A new authenticator secret (and its otpauth:// link for a QR code), pending until confirmed',
    responses: {
      200: jsonResponse(TwoFactorSetupResponseSchema, 'The secret, shown once'),
      ...errorResponses(401, 409),
      503: jsonResponse(ErrorResponseSchema, 'The server has no TWO_FACTOR_KEY'),
    },
  }),
  confirm: createRoute({
    method: 'post',
    path: '/confirm',
    tags,
    summary: 'Switches two-factor sign-in on with a first code; answers ten recovery codes, once',
    request: jsonBody(TwoFactorConfirmRequestSchema),
    responses: {
      200: jsonResponse(TwoFactorConfirmResponseSchema, 'On, with the recovery codes'),
      ...errorResponses(400, 401, 409),
    },
  }),
  disable: createRoute({
    method: 'post',
    path: '/disable',
    tags,
    summary:
      'Switches two-factor sign-in off (your password required); refused while System Settings require it',
    request: jsonBody(TwoFactorDisableRequestSchema),
    responses: { 200: jsonResponse(MessageResponseSchema, 'Off'), ...errorResponses(400, 401, 409) },
  }),
};
