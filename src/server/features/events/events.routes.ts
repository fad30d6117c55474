import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { recordId } from '../../http/record-routes';
import { createSignedInRouter } from '../../http/staff-router';
import { attendeesCsv, eventIcs, icsFileName } from './event-files';
import { findEvent } from './event-records';
import { eventListPage } from './events.list-page';
import { eventRoutes as r } from './events.route-contracts';
import * as service from './events.service';

/** /api/events: Excel Beyond Events, for every signed-in user. */
export function eventsRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  router.openapi(r.list, async (c) =>
    c.json(await eventListPage(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.create, async (c) =>
    c.json(await service.createEvent(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) => c.json(await service.getEvent(deps, c.var.staff, recordId(c)), 200));
  router.openapi(r.update, async (c) =>
    c.json(await service.updateEvent(deps, c.var.staff, recordId(c), c.req.valid('json')), 200),
  );
  router.openapi(r.delete, async (c) => {
    await service.deleteEvent(deps, c.var.staff, recordId(c));
    return c.body(null, 204);
  });
  router.openapi(r.register, async (c) =>
    c.json(await service.register(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.cancel, async (c) =>
    c.json(await service.cancelRegistration(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.attendees, async (c) => {
    const { items } = await service.attendees(deps, c.var.staff, recordId(c));
    return c.json({ items }, 200);
  });
  router.openapi(r.attendeesCsv, async (c) => {
    const { event, items } = await service.attendees(deps, c.var.staff, recordId(c));
    return csvDownload(c, attendeesCsv(items), `attendees-${icsFileName(event).replace(/\.ics$/, '')}.csv`);
  });
  router.openapi(r.ics, async (c) => {
    const { event } = await findEvent(deps.db, c.var.staff.id, recordId(c));
    return c.body(eventIcs(event, deps.config.appUrl, deps.clock.now()), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${icsFileName(event)}"`,
      'cache-control': 'no-store',
    });
  });
  return router;
}
