import { ALLOWANCE_EXPORT_FILENAME, PayAllowanceRequestSchema } from '../../../contracts/allowances';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { validationError } from '../../http/errors';
import { createStaffRouter } from '../../http/staff-router';
import { readCsvUpload, skipsInvalidRows } from '../../http/uploads';
import { bulkUploadAllowances } from './allowance-bulk';
import { exportAllowancesCsv, listAllowances } from './allowance-queries';
import * as contracts from './allowances.route-contracts';
import * as allowancesService from './allowances.service';

/** Allowance Management: each route of allowances.route-contracts.ts, handed to its service. */
export function allowancesRoutes(deps: AppDeps) {
  const router = createStaffRouter();

  router.openapi(contracts.exportAllowancesRoute, (c) => {
    const { q, stage } = c.req.valid('query');
    return csvDownload(c, exportAllowancesCsv(deps.db, { q, stage }), ALLOWANCE_EXPORT_FILENAME);
  });

  router.openapi(contracts.awaitingMeRoute, async (c) =>
    c.json(await allowancesService.allowancesAwaitingUser(deps, c.var.staff), 200),
  );

  router.openapi(contracts.bulkUploadRoute, async (c) => {
    const { text, fields } = await readCsvUpload(c);
    const outcome = await bulkUploadAllowances(deps, c.var.staff, text, skipsInvalidRows(fields));
    if (!outcome.ok) return c.json(outcome.error, 400);
    return c.json(outcome.result, 200);
  });

  router.openapi(contracts.bulkDecisionRoute, async (c) =>
    c.json(await allowancesService.bulkDecideAllowances(deps, c.var.staff, c.req.valid('json')), 200),
  );

  // Sent as written (JSON text): the page's items come from PostgreSQL (allowance-list-page.ts).
  router.openapi(contracts.listAllowancesRoute, async (c) =>
    c.json(await listAllowances(deps.db, c.req.valid('query')), 200),
  );

  router.openapi(contracts.createAllowanceRoute, async (c) =>
    c.json(await allowancesService.createAllowance(deps, c.var.staff, c.req.valid('json')), 201),
  );

  router.openapi(contracts.getAllowanceRoute, async (c) =>
    c.json(await allowancesService.viewAllowance(deps, c.var.staff, c.req.valid('param').id), 200),
  );

  router.openapi(contracts.allowanceHistoryRoute, async (c) =>
    c.json(await allowancesService.allowanceHistory(deps, c.req.valid('param').id), 200),
  );

  router.openapi(contracts.decideOnAllowanceRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await allowancesService.decideOnAllowance(deps, c.var.staff, id, c.req.valid('json')), 200);
  });

  router.openapi(contracts.payForAllowanceRoute, async (c) => {
    // Read by hand (see payForAllowanceRoute).
    const raw = await c.req.text();
    let body: unknown = {};
    if (raw.trim()) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
    }
    const parsed = PayAllowanceRequestSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const { id } = c.req.valid('param');
    return c.json(await allowancesService.payForAllowance(deps, c.var.staff, id, parsed.data), 200);
  });

  return router;
}
