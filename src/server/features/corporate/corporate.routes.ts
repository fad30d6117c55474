import type { z } from 'zod';
import {
  INSTITUTION_EXPORT_COLUMNS,
  type InstitutionListQuery,
  LANDLORD_EXPORT_COLUMNS,
  type LandlordListQuery,
} from '../../../contracts/corporate';
import type { AppDeps, SessionUser } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import type { PageQuery } from '../../http/paging';
import { recordRoutes } from '../../http/record-routes';
import { createStaffRouter } from '../../http/staff-router';
import { institutionRoutes, landlordRoutes } from './corporate.route-contracts';
import * as corporate from './corporate.service';
import { INSTITUTION, LANDLORD, type PartnerKind } from './partner-kinds';
import type { Input, PartnerQuery } from './partner-queries';

/**
 * The service's partner functions bound to one kind, named as recordRoutes calls them, and its
 * CSV export; `filters` reads the kind's list query (its own name for the signed filter).
 */
function partnerService<T extends Input, R, Q extends PageQuery>(
  kind: PartnerKind<T, R>,
  filters: (query: Q) => PartnerQuery,
  exportColumns: readonly string[],
) {
  return {
    list: (deps: AppDeps, user: SessionUser, query: Q) =>
      corporate.listPartners(deps, kind, user, { ...query, ...filters(query) }),
    create: (deps: AppDeps, user: SessionUser, input: T) => corporate.createPartner(deps, kind, user, input),
    get: (deps: AppDeps, user: SessionUser, id: string) => corporate.getPartner(deps, kind, user, id),
    history: (deps: AppDeps, user: SessionUser, id: string) => corporate.partnerHistory(deps, kind, user, id),
    update: (deps: AppDeps, user: SessionUser, id: string, input: T) =>
      corporate.updatePartner(deps, kind, user, id, input),
    delete: (deps: AppDeps, user: SessionUser, id: string) => corporate.deletePartner(deps, kind, user, id),
    exportCsv: (deps: AppDeps, query: Q) =>
      corporate.exportPartnersCsv(deps, kind, filters(query), exportColumns),
  };
}

type PartnerRoutes = typeof landlordRoutes | typeof institutionRoutes;
type ExportQuery<Routes extends PartnerRoutes> = z.output<Routes['export']['request']['query']>;

/** One kind's routes (staff only): its CSV export first, so /export.csv is never taken for an id. */
function partnerRouter<Routes extends PartnerRoutes>(
  deps: AppDeps,
  routes: Routes,
  service: Parameters<typeof recordRoutes<Routes>>[3] & {
    exportCsv: (deps: AppDeps, query: ExportQuery<Routes>) => Promise<string>;
  },
  csvFile: string,
) {
  const router = createStaffRouter();
  // The router reads a generic route's query as either kind's: it is this kind's.
  router.openapi(routes.export, async (c) =>
    csvDownload(c, await service.exportCsv(deps, c.req.valid('query') as ExportQuery<Routes>), csvFile),
  );
  recordRoutes(router, deps, routes, service);
  return router;
}

/** /api/landlords: Corporate Collaborations' landlords (staff only). */
export const landlordsRoutes = (deps: AppDeps) =>
  partnerRouter(
    deps,
    landlordRoutes,
    partnerService(
      LANDLORD,
      ({ q, lease_signed }: LandlordListQuery) => ({ q, signed: lease_signed }),
      LANDLORD_EXPORT_COLUMNS,
    ),
    'landlords.csv',
  );

/** /api/institutions: Corporate Collaborations' institutions (staff only). */
export const institutionsRoutes = (deps: AppDeps) =>
  partnerRouter(
    deps,
    institutionRoutes,
    partnerService(
      INSTITUTION,
      ({ q, mou_signed }: InstitutionListQuery) => ({ q, signed: mou_signed }),
      INSTITUTION_EXPORT_COLUMNS,
    ),
    'institutions.csv',
  );
