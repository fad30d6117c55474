import { toCsv } from '../../../csv/to-csv';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { createRoleRouter } from '../../http/staff-router';
import * as contracts from './audit.route-contracts';
import { exportAudit } from './audit.service';
import { auditLogPage } from './audit-log-page';

/** Columns of GET /api/audit/export.csv; changes as the JSON the API answers. */
const AUDIT_EXPORT_COLUMNS = [
  'at',
  'actor_id',
  'actor_name',
  'action',
  'entity_type',
  'entity_id',
  'summary',
  'changes',
];

export function auditRoutes(deps: AppDeps) {
  const router = createRoleRouter('admin');

  router.openapi(contracts.exportAuditRoute, async (c) => {
    const { page: _page, pageSize: _pageSize, ...filters } = c.req.valid('query');
    const entries = await exportAudit(deps.db, filters);
    const csv = toCsv(
      AUDIT_EXPORT_COLUMNS,
      entries.map((e) => [
        e.at,
        e.actor_id,
        e.actor_name,
        e.action,
        e.entity_type,
        e.entity_id,
        e.summary,
        JSON.stringify(e.changes),
      ]),
    );
    return csvDownload(c, csv, 'activity-log.csv');
  });

  // The page's text is written by PostgreSQL (audit-log-page.ts) and sent as it is.
  router.openapi(contracts.listAuditRoute, async (c) =>
    c.json(await auditLogPage(deps.db, c.req.valid('query')), 200),
  );

  return router;
}
