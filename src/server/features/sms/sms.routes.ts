import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { createRouter, jsonResponse } from '../../http/openapi';
import { callbackSecretMatches, recordDeliveryReport, recordInboundMessage } from './sms-callbacks';

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

const callbackRoute = (path: string, summary: string, fields: string[]) =>
  createRoute({
    method: 'post',
    path,
    tags: ['SMS'],
    summary,
    description:
      'For the SMS gateway only: no session; refused (403) unless the address ends with SMS_CALLBACK_SECRET or the X-Sms-Secret header carries it.',
    request: { params: z.object({ secret: z.string().optional() }), ...formBody(fields) },
    responses: {
      200: jsonResponse(Accepted, 'Taken in'),
      403: jsonResponse(Refused, 'Without the secret'),
    },
  });

export function smsRoutes(deps: AppDeps) {
  const router = createRouter();
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
  for (const path of ['/delivery', '/delivery/{secret}'])
    router.openapi(
      callbackRoute(path, 'A delivery report from the SMS gateway', delivery),
      handle(recordDeliveryReport),
    );
  for (const path of ['/inbound', '/inbound/{secret}'])
    router.openapi(
      callbackRoute(path, 'A reply to a text message (STOP, START)', inbound),
      handle(recordInboundMessage),
    );
  return router;
}
