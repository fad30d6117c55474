import { createRoute } from '@hono/zod-openapi';
import { IdParamSchema } from '../../../contracts/common';
import {
  ChannelIdParamSchema,
  PaymentChannelChangeSchema,
  PaymentChannelCreateSchema,
  PaymentChannelSavedSchema,
  PaymentChannelsResponseSchema,
  WalletConfirmSchema,
} from '../../../contracts/payment-channels';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';

/**
 * A student's payment channels, under /api/students/{id}/payment-channels. Staff only; who may
 * see and change them is who may change the student (another officer's student answers 404).
 */
const tags = ['Payment channels'];

export const listChannelsRoute = createRoute({
  method: 'get',
  path: '/{id}/payment-channels',
  tags,
  summary: "The student's payment channels: those in use (primary first) and those replaced",
  request: { params: IdParamSchema },
  responses: {
    200: jsonResponse(PaymentChannelsResponseSchema, 'Current and history'),
    ...errorResponses(401, 403, 404),
  },
});

export const addChannelRoute = createRoute({
  method: 'post',
  path: '/{id}/payment-channels',
  tags,
  summary: 'Add a bank account or a mobile wallet (the first is primary; `primary: true` makes it so)',
  description:
    'A wallet number is stored in E.164 (+260…); a number whose prefix is not the operator’s is saved ' +
    'as entered with a warning in `warnings`. A wallet or account in use by another student is refused (409).',
  request: { params: IdParamSchema, ...jsonBody(PaymentChannelCreateSchema) },
  responses: {
    201: jsonResponse(PaymentChannelSavedSchema, 'Added'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const changeChannelRoute = createRoute({
  method: 'put',
  path: '/{id}/payment-channels/{channelId}',
  tags,
  summary: 'Change a channel: ends it (who, when, why) and adds the new details in its place',
  request: { params: ChannelIdParamSchema, ...jsonBody(PaymentChannelChangeSchema) },
  responses: {
    200: jsonResponse(PaymentChannelSavedSchema, 'The new channel'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const makePrimaryRoute = createRoute({
  method: 'post',
  path: '/{id}/payment-channels/{channelId}/primary',
  tags,
  summary: 'Make a channel in use the primary one',
  request: { params: ChannelIdParamSchema },
  responses: {
    200: jsonResponse(PaymentChannelSavedSchema, 'The primary channel'),
    ...errorResponses(401, 403, 404, 409),
  },
});

export const confirmWalletRoute = createRoute({
  method: 'post',
  path: '/{id}/payment-channels/{channelId}/confirm',
  tags,
  summary: "Confirm a wallet's holder by hand, with a note",
  description:
    "A wallet whose registered name differs from the student's (`name_confirmation: mismatch`) is " +
    'confirmed by a deputy manager or admin only (403 for others); a wallet no operator can name ' +
    '(`by_hand`: Airtel, or MTN without its API configured) also by the student’s program officer. ' +
    'Anything else has nothing to confirm (409).',
  request: { params: ChannelIdParamSchema, ...jsonBody(WalletConfirmSchema) },
  responses: {
    200: jsonResponse(PaymentChannelSavedSchema, 'The confirmed channel'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
