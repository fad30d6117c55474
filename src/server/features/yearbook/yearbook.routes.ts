import type { AppDeps } from '../../app-env';
import { pdfDownload } from '../../http/file-download';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createSignedInRouter } from '../../http/staff-router';
import * as memories from './memory-wall.service';
import { entryRoutes, yearbookRoutes } from './yearbook.route-contracts';
import * as entries from './yearbook-entries.service';
import { yearbookPdfDownload } from './yearbook-pdf.service';
import * as yearbooks from './yearbooks.service';

/** /api/yearbooks: Graduation Yearbook and its management (D11), fixed paths before ids. */
export function yearbooksRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  const r = yearbookRoutes;

  router.openapi(r.myEntries, async (c) => c.json(await entries.getMyEntries(deps, c.var.staff), 200));
  router.openapi(r.graduates, async (c) =>
    c.json(await yearbooks.listGraduates(deps, c.var.staff, c.req.valid('query')), 200),
  );
  recordRoutes(router, deps, r, {
    list: yearbooks.listYearbooks,
    create: yearbooks.createYearbook,
    get: yearbooks.getYearbook,
    update: yearbooks.updateYearbook,
    delete: yearbooks.deleteYearbook,
  });
  router.openapi(r.publish, async (c) =>
    c.json(await yearbooks.publishYearbook(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.pdf, async (c) =>
    pdfDownload(c, await yearbookPdfDownload(deps, c.var.staff, recordId(c))),
  );
  router.openapi(r.entries, async (c) =>
    c.json(await entries.listEntries(deps, c.var.staff, recordId(c), c.req.valid('query')), 200),
  );
  router.openapi(r.addEntry, async (c) =>
    c.json(await entries.addEntry(deps, c.var.staff, recordId(c), c.req.valid('json')), 201),
  );
  router.openapi(r.myEntry, async (c) =>
    c.json(await entries.getMyEntry(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.saveMyEntry, async (c) => {
    const saved = await entries.saveMyEntry(deps, c.var.staff, recordId(c), c.req.valid('json'));
    return saved.created ? c.json(saved, 201) : c.json(saved, 200);
  });
  router.openapi(r.memories, async (c) =>
    c.json(await memories.listMemories(deps, c.var.staff, recordId(c), c.req.valid('query')), 200),
  );
  router.openapi(r.postMemory, async (c) =>
    c.json(await memories.postMemory(deps, c.var.staff, recordId(c), c.req.valid('json')), 201),
  );
  return router;
}

/** /api/yearbook-entries: management's changes and decisions on one entry. */
export function yearbookEntriesRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  const r = entryRoutes;
  recordRoutes(router, deps, r, { update: entries.updateEntry, delete: entries.deleteEntry });
  router.openapi(r.approve, async (c) =>
    c.json(await entries.decideEntry(deps, c.var.staff, c.req.valid('param').id, 'approve'), 200),
  );
  router.openapi(r.reject, async (c) =>
    c.json(await entries.decideEntry(deps, c.var.staff, c.req.valid('param').id, 'reject'), 200),
  );
  return router;
}
