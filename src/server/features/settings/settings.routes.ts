import { createRoute } from '@hono/zod-openapi';
import {
  PublicSettingsSchema,
  SettingsEnvelopeSchema,
  SettingsResetSchema,
  SettingsResponseSchema,
} from '../../../contracts/settings';
import type { AppDeps } from '../../app-env';
import { requireUser } from '../../auth/middleware';
import { createRouter, errorResponses, jsonBody, jsonResponse } from '../../http/openapi';
import { roleDoor, type StaffEnv } from '../../http/staff-router';
import { getSettings, publicSettings, resetSettings, saveSettings } from './settings.service';

const tags = ['System Settings'];
const admin = roleDoor('admin');

const routes = {
  get: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The settings document and its version (admin)',
    middleware: admin,
    responses: { 200: jsonResponse(SettingsResponseSchema, 'The settings'), ...errorResponses(401, 403) },
  }),
  put: createRoute({
    method: 'put',
    path: '/',
    tags,
    summary: 'Saves the whole document with the version it was read at; a stale version answers 409 (admin)',
    middleware: admin,
    request: jsonBody(SettingsEnvelopeSchema),
    responses: { 200: jsonResponse(SettingsResponseSchema, 'Saved'), ...errorResponses(400, 401, 403, 409) },
  }),
  reset: createRoute({
    method: 'post',
    path: '/reset',
    tags,
    summary: "Back to spec §9's defaults (admin); with a version, only if it is still current",
    middleware: admin,
    request: { body: { content: { 'application/json': { schema: SettingsResetSchema } }, required: false } },
    responses: { 200: jsonResponse(SettingsResponseSchema, 'Reset'), ...errorResponses(400, 401, 403, 409) },
  }),
  public: createRoute({
    method: 'get',
    path: '/public',
    tags,
    summary: 'Names, appearance, date format, time zone and currency: for every page, signed in or not',
    responses: { 200: jsonResponse(PublicSettingsSchema, 'The public settings') },
  }),
};

/** /api/settings (docs/product.md D13). */
export function settingsRoutes(deps: AppDeps) {
  const router = createRouter<StaffEnv>();
  router.openapi(routes.public, async (c) => c.json(await publicSettings(deps), 200));
  router.openapi(routes.get, async (c) => c.json(await getSettings(deps), 200));
  router.openapi(routes.put, async (c) =>
    c.json(await saveSettings(deps, requireUser(c.get('user')), c.req.valid('json')), 200),
  );
  router.openapi(routes.reset, async (c) => {
    // A body that was sent has been checked against the contract (400 otherwise); none names no version.
    const body = c.req.valid('json') as { version?: number } | undefined;
    return c.json(await resetSettings(deps, requireUser(c.get('user')), body?.version), 200);
  });
  return router;
}
