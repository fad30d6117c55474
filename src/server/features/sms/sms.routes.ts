import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { SmsMessageListSchema, SmsMessagesQuerySchema, SmsMonthSummarySchema } from '../../../contracts/sms';
import type { AppDeps, AppEnv } from '../../app-env';
import { requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonResponse } from '../../http/openapi';
import { roleDoor } from '../../http/staff-router';
import { callbackSecretMatches, recordInboundMessage } from './sms-callbacks';
import { recordDeliveryReport } from './sms-delivery-reports';
import { smsMessagesOf, smsMonthSummary } from './sms-reports';

const SECRET_HEADER = 'x-sms-secret';
const MAX_FIELD = 2000;

/** The gateway's form, read by hand: any body at all is read as text fields, never a 500. */
async function formOf(c: Context<AppEnv>): Promise<Record<string, string>> {
  try {
    const text = await c.req.text();
    const fields: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      if (typeof fields[key] === 'undefined') fields[key] = value.replace(/\0/g, '').slice(0, MAX_FIELD);
    }
    return fields;
  } catch {
    return {};
  }
}

const formBody = (fields: string[]) => ({
  body: {
    required: true,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object' as const,
          properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' as const }])),
        },
      },
    },
  },
});

const Accepted = z.object({ ok: z.literal(true) });
const Refused = z.object({ error: z.string() });

const callbackRoute = (path: '/delivery' | '/inbound', summary: string, fields: string[]) =>
  createRoute({
    method: 'post',
    path,
    tags: ['SMS'],
    summary,
    description:
      'For the SMS gateway only: no session; refused (403) unless the address ends with SMS_CALLBACK_SECRET or the X-Sms-Secret header carries it.',
    request: formBody(fields),
    responses: {
      200: jsonResponse(Accepted, 'Taken in'),
      403: jsonResponse(Refused, 'Without the secret'),
    },
  });

const summaryRoute = createRoute({
  method: 'get',
  path: '/summary',
  tags: ['SMS'],
  summary: "This month's text messages by status, and their cost (admin)",
  middleware: roleDoor('admin'),
  responses: { 200: jsonResponse(SmsMonthSummarySchema, 'The month so far'), ...errorResponses(401, 403) },
});

const messagesRoute = createRoute({
  method: 'get',
  path: '/messages',
  tags: ['SMS'],
  summary:
    'The text messages sent to one student (whoever may open the student) or user (themselves, user managers)',
  // Signed in before the query is read: a signed-out caller gets 401 whatever it sends.
  middleware: (async (c, next) => {
    requireUser(c.get('user'));
    await next();
  }) as MiddlewareHandler<AppEnv>,
  request: { query: SmsMessagesQuerySchema },
  responses: {
    200: jsonResponse(SmsMessageListSchema, 'Newest first'),
    ...errorResponses(400, 401, 403, 404),
  },
});

export function smsRoutes(deps: AppDeps) {
  const router = createRouter();
  router.openapi(summaryRoute, async (c) => c.json(await smsMonthSummary(deps), 200));
  router.openapi(messagesRoute, async (c) =>
    c.json(await smsMessagesOf(deps, requireUser(c.get('user')), c.req.valid('query')), 200),
  );
  const handle =
    (record: (deps: AppDeps, form: Record<string, string>) => Promise<void>) =>
    async (c: Context<AppEnv>) => {
      const given = c.req.param('secret') ?? c.req.header(SECRET_HEADER);
      if (!callbackSecretMatches(deps, given)) return c.json({ error: 'Not allowed' }, 403);
      await record(deps, await formOf(c));
      return c.json({ ok: true as const }, 200);
    };
  const delivery = ['id', 'status', 'phoneNumber', 'failureReason'];
  const inbound = ['from', 'to', 'text', 'date', 'id'];
  router.openapi(
    callbackRoute('/delivery', 'A delivery report from the SMS gateway', delivery),
    handle(recordDeliveryReport),
  );
  router.openapi(
    callbackRoute('/inbound', 'A reply to a text message (STOP, START)', inbound),
    handle(recordInboundMessage),
  );
  // The same with the secret as the address's last part, for gateways that cannot set a header:
  // left out of the OpenAPI document (the secret is no record id or choice to describe).
  router.post('/delivery/:secret', handle(recordDeliveryReport));
  router.post('/inbound/:secret', handle(recordInboundMessage));
  return router;
}
