import { createRoute } from '@hono/zod-openapi';
import {
  EmailDigestSettingSchema,
  NotificationsResponseSchema,
  SmsDigestSettingSchema,
} from '../../../contracts/notifications';
import type { AppDeps } from '../../app-env';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { createSignedInRouter } from '../../http/staff-router';
import {
  emailDigestOf,
  notificationsFor,
  setEmailDigest,
  setSmsDigest,
  smsDigestOf,
} from './notifications.service';

const tags = ['Notifications'];

/** The bell (docs/product.md D16): what waits for the signed-in user, and their daily email switch. */
export function notificationsRoutes(deps: AppDeps) {
  const router = createSignedInRouter();

  router.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'What waits for the signed-in user, grouped by area, with each area count and latest items',
      responses: {
        200: jsonResponse(NotificationsResponseSchema, 'Everything waiting, by area'),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const user = c.var.staff;
      const [waiting, emailDigest, smsDigest] = await Promise.all([
        notificationsFor(deps, user),
        emailDigestOf(deps, user.id),
        smsDigestOf(deps, user),
      ]);
      return c.json({ ...waiting, email_digest: emailDigest, ...smsDigest }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/email-digest',
      tags,
      summary: "Turns the signed-in user's daily email of waiting items on or off",
      request: jsonBody(EmailDigestSettingSchema),
      responses: {
        200: jsonResponse(EmailDigestSettingSchema, 'The setting as stored'),
        ...errorResponses(400, 401),
      },
    }),
    async (c) => {
      const on = await setEmailDigest(deps, c.var.staff, c.req.valid('json').email_digest);
      return c.json({ email_digest: on }, 200);
    },
  );

  router.openapi(
    createRoute({
      method: 'put',
      path: '/sms-digest',
      tags,
      summary: "Turns the signed-in staff member's morning text of waiting items on or off",
      description:
        'Refused (409) while the text cannot be sent: no gateway, or SMS or its daily summary off in System Settings, or not staff.',
      request: jsonBody(SmsDigestSettingSchema),
      responses: {
        200: jsonResponse(SmsDigestSettingSchema, 'The setting as stored'),
        ...errorResponses(400, 401, 409),
      },
    }),
    async (c) => {
      const on = await setSmsDigest(deps, c.var.staff, c.req.valid('json').sms_digest);
      return c.json({ sms_digest: on }, 200);
    },
  );

  return router;
}
