import { createRoute } from '@hono/zod-openapi';
import { AuditListQuerySchema, AuditListResponseSchema } from '../../../contracts/audit';
import { csvDownloadResponse } from '../../http/csv-download';
import { errorResponses, jsonResponse } from '../../http/openapi';

/** The Activity Log (docs/product.md D15): admins only; the trail is read here and never changed. */
const tags = ['Audit'];

export const exportAuditRoute = createRoute({
  method: 'get',
  path: '/export.csv',
  tags,
  summary: 'Every audit entry the filters match, newest first, as a CSV file (no paging)',
  request: { query: AuditListQuerySchema },
  responses: { 200: csvDownloadResponse, ...errorResponses(400, 401, 403) },
});

export const listAuditRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The audit trail, newest first, filtered by who, what, which record and when (Lusaka days)',
  request: { query: AuditListQuerySchema },
  responses: {
    200: jsonResponse(AuditListResponseSchema, 'A page of audit entries'),
    ...errorResponses(400, 401, 403),
  },
});
