import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from './app-env';
import { loadSessionUser } from './auth/middleware';
import { enforceSignInGates } from './auth/sign-in-gates';
import { allowancesRoutes } from './features/allowances/allowances.routes';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { backupsRoutes } from './features/backups/backups.routes';
import { issuesRoutes, staffRoutes, tasksRoutes } from './features/case-work/case-work.routes';
import { institutionsRoutes, landlordsRoutes } from './features/corporate/corporate.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { delegationsRoutes } from './features/delegations/delegations.routes';
import { eventsRoutes } from './features/events/events.routes';
import { filesRoutes, formPhotosRoutes, formsRoutes } from './features/forms-files/forms-files.routes';
import { googleAuthRoutes } from './features/google-auth/google-auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { impactStoriesRoutes, storyCategoriesRoutes } from './features/impact-stories/impact-stories.routes';
import { libraryRoutesOf } from './features/library/library.routes';
import { meRoutes } from './features/me/me.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { paymentBatchesRoutes } from './features/payment-batches/payment-batches.routes';
import { paymentChannelsRoutes } from './features/payment-channels/payment-channels.routes';
import { searchRoutes } from './features/search/search.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { webManifestRoutes } from './features/settings/web-manifest.routes';
import { smsRoutes } from './features/sms/sms.routes';
import { staffAuthRoutes } from './features/staff-auth/staff-auth.routes';
import { studentsRoutes } from './features/students/students.routes';
import { twoFactorRoutesOf } from './features/two-factor/two-factor.routes';
import { myProfileRoutesOf, roleRequestsRoutes, usersRoutes } from './features/users/users.routes';
import { yearbookEntriesRoutes, yearbooksRoutes } from './features/yearbook/yearbook.routes';
import { mountApiDocs } from './http/api-docs';
import { bodyLimit } from './http/body-limit';
import { DATABASE_UNAVAILABLE, errorResponse, HttpError, isDatabaseUnavailable } from './http/errors';
import { jsonGuard } from './http/json-guard';
import { errorForLog } from './http/logger';
import { createRouter } from './http/openapi';
import { requestLog, sameOriginWrites } from './http/request-guards';
import { noStore, securityHeaders } from './http/security-headers';
import { mountWebApp } from './http/static-web';

export interface CreateAppOptions {
  /** Serve the built React app for non-API paths (off in API tests). */
  serveWeb?: boolean;
}

/** Builds the whole HTTP app from its dependencies; no module-level state, so tests build their own. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = createRouter();

  app.use('*', securityHeaders());
  app.use('/api/*', noStore());
  if (deps.config.logRequests) app.use('/api/*', requestLog(deps.logger, deps.config.trustProxy));
  app.use('/api/*', bodyLimit());
  app.use('/api/*', jsonGuard());
  app.use('/api/*', sameOriginWrites(deps.config.appUrl));
  app.use('/api/*', loadSessionUser(deps));
  app.use('/api/*', enforceSignInGates());

  app.route('/api', healthRoutes(deps));
  app.route('/api', meRoutes());
  app.route('/api/me', myProfileRoutesOf(deps));
  app.route('/api/me/two-factor', twoFactorRoutesOf(deps));
  app.route('/api/staff-auth', staffAuthRoutes(deps));
  app.route('/api/auth', googleAuthRoutes(deps));
  app.route('/api/allowances', allowancesRoutes(deps));
  app.route('/api/payment-batches', paymentBatchesRoutes(deps));
  app.route('/api/delegations', delegationsRoutes(deps));
  app.route('/api/students', studentsRoutes(deps));
  app.route('/api/students', paymentChannelsRoutes(deps));
  app.route('/api', dashboardRoutes(deps));
  app.route('/api/audit', auditRoutes(deps));
  app.route('/api/landlords', landlordsRoutes(deps));
  app.route('/api/institutions', institutionsRoutes(deps));
  app.route('/api/yearbooks', yearbooksRoutes(deps));
  app.route('/api/yearbook-entries', yearbookEntriesRoutes(deps));
  app.route('/api/impact-stories', impactStoriesRoutes(deps));
  app.route('/api/story-categories', storyCategoriesRoutes(deps));
  app.route('/api/tasks', tasksRoutes(deps));
  app.route('/api/issues', issuesRoutes(deps));
  app.route('/api/staff', staffRoutes(deps));
  app.route('/api/forms', formsRoutes(deps));
  app.route('/api/files', filesRoutes(deps));
  app.route('/api/form-photos', formPhotosRoutes(deps));
  app.route('/api/announcements', announcementsRoutes(deps));
  app.route('/api/events', eventsRoutes(deps));
  app.route('/api/library', libraryRoutesOf(deps));
  app.route('/api/users', usersRoutes(deps));
  app.route('/api/role-requests', roleRequestsRoutes(deps));
  app.route('/api/settings', settingsRoutes(deps));
  app.route('/api/backups', backupsRoutes(deps));
  app.route('/api/notifications', notificationsRoutes(deps));
  app.route('/api/search', searchRoutes(deps));
  app.route('/api/sms', smsRoutes(deps));

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'CHL Back-office API',
      version: '1.0.0',
      description: 'Staff back-office for a student sponsorship programme.',
    },
  });
  mountApiDocs(app);

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  // Before the web app's files and its index.html fallback, which would otherwise answer it.
  app.route('/', webManifestRoutes(deps));
  if (options.serveWeb) mountWebApp(app, deps.config.webDir);

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      const status = error.status;
      const message =
        status === 400
          ? 'The request body is not valid JSON'
          : status === 415
            ? 'Send the request body as JSON (Content-Type: application/json).'
            : error.message || 'Request refused';
      return c.json({ error: message }, status);
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn('database not answering', { path: c.req.path, ...errorForLog(error) });
      return c.json({ error: DATABASE_UNAVAILABLE }, 503);
    }
    deps.logger.error('unhandled error', { path: c.req.path, ...errorForLog(error) });
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
