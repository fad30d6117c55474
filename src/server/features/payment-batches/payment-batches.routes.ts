import {
  OperatorStatementFieldsSchema,
  OPERATOR_STATEMENT_REQUEST_MESSAGES as S,
} from '../../../contracts/operator-statements';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { recordId } from '../../http/record-routes';
import { createRoleRouter } from '../../http/staff-router';
import { readCsvUpload, readStatementUpload } from '../../http/uploads';
import { paymentBatchRoutes as r } from './payment-batches.route-contracts';
import * as service from './payment-batches.service';

/** /api/payment-batches: admins make, export, pay and reconcile payment batches (docs/product.md D20). */
export function paymentBatchesRoutes(deps: AppDeps) {
  // Admins alone mark allowances paid (§6), so the whole area is theirs: 403 before reading anything.
  const router = createRoleRouter('admin');

  router.openapi(r.preview, async (c) => {
    const { month, year } = c.req.valid('query');
    return c.json(await service.previewBatch(deps, month, year), 200);
  });
  router.openapi(r.list, async (c) => c.json(await service.listBatches(deps, c.req.valid('query')), 200));
  router.openapi(r.create, async (c) =>
    c.json(await service.createBatch(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) => c.json(await service.getBatch(deps, recordId(c)), 200));
  router.openapi(r.delete, async (c) => {
    await service.deleteBatch(deps, c.var.staff, recordId(c));
    return c.body(null, 204);
  });
  router.openapi(r.export, async (c) => {
    const { allow_missing_nrc, channel } = c.req.valid('query');
    const { csv, filename } =
      channel && channel !== 'bank'
        ? await service.exportWalletPart(deps, c.var.staff, recordId(c), channel)
        : await service.exportBatch(deps, c.var.staff, recordId(c), allow_missing_nrc);
    return csvDownload(c, csv, filename);
  });
  router.openapi(r.markPaid, async (c) =>
    c.json(await service.markBatchPaid(deps, c.var.staff, recordId(c), c.req.valid('json')), 200),
  );
  router.openapi(r.reconcile, async (c) => {
    const { text } = await readCsvUpload(c, 'Please choose the bank statement (a .csv file) to import.');
    const outcome = await service.reconcileBatch(deps, c.var.staff, recordId(c), text);
    if (!outcome.ok) return c.json(outcome.error, 400);
    return c.json(outcome.result, 200);
  });
  router.openapi(r.operatorStatement, async (c) => {
    const file = await readStatementUpload(c, { missing: S.file, fileType: S.fileType });
    const request = OperatorStatementFieldsSchema.safeParse(file.fields);
    if (!request.success) {
      const fields = Object.fromEntries(request.error.issues.map((i) => [String(i.path[0]), i.message]));
      return c.json({ error: Object.values(fields)[0]!, fields }, 400);
    }
    const outcome = await service.importOperatorStatement(deps, c.var.staff, recordId(c), file, request.data);
    if (!outcome.ok) return c.json(outcome.error, 400);
    return c.json(outcome.result, 200);
  });
  router.openapi(r.resolveMismatch, async (c) => {
    const { id: batchId, mismatch_id } = c.req.valid('param');
    return c.json(
      await service.resolveMismatch(deps, c.var.staff, batchId, mismatch_id, c.req.valid('json')),
      200,
    );
  });
  router.openapi(r.sendPayouts, async (c) =>
    c.json(await service.sendPayouts(deps, c.var.staff, recordId(c), c.req.valid('json')), 200),
  );
  router.openapi(r.retryPayout, async (c) => {
    const { id, payout_id } = c.req.valid('param');
    return c.json(await service.retryPayout(deps, c.var.staff, id, payout_id), 200);
  });
  router.openapi(r.resolvePayout, async (c) => {
    const { id, payout_id } = c.req.valid('param');
    return c.json(await service.resolvePayout(deps, c.var.staff, id, payout_id, c.req.valid('json')), 200);
  });
  router.openapi(r.followUp, async (c) =>
    c.json(await service.followUpBatch(deps, c.var.staff, recordId(c)), 201),
  );
  return router;
}
