import {
  INSTITUTION_EXPORT_COLUMNS,
  type InstitutionListQuery,
  LANDLORD_EXPORT_COLUMNS,
  type LandlordListQuery,
} from '../../../contracts/corporate';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { createStaffRouter } from '../../http/staff-router';
import { institutionRoutes, landlordRoutes } from './corporate.route-contracts';
import * as corporate from './corporate.service';
import { INSTITUTION, LANDLORD } from './partner-kinds';

/** /api/landlords: Corporate Collaborations' landlords (staff only). */
export function landlordsRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = landlordRoutes;
  const query = ({ q, lease_signed }: LandlordListQuery) => ({ q, signed: lease_signed });

  router.openapi(r.export, async (c) => {
    const filters = query(c.req.valid('query'));
    const csv = await corporate.exportPartnersCsv(deps, LANDLORD, filters, LANDLORD_EXPORT_COLUMNS);
    return csvDownload(c, csv, 'landlords.csv');
  });
  router.openapi(r.list, async (c) => {
    const q = c.req.valid('query');
    return c.json(await corporate.listPartners(deps, LANDLORD, c.var.staff, { ...q, ...query(q) }), 200);
  });
  router.openapi(r.create, async (c) =>
    c.json(await corporate.createPartner(deps, LANDLORD, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await corporate.getPartner(deps, LANDLORD, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.history, async (c) =>
    c.json(await corporate.partnerHistory(deps, LANDLORD, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(
      await corporate.updatePartner(
        deps,
        LANDLORD,
        c.var.staff,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  router.openapi(r.delete, async (c) => {
    await corporate.deletePartner(deps, LANDLORD, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return router;
}

/** /api/institutions: Corporate Collaborations' institutions (staff only). */
export function institutionsRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = institutionRoutes;
  const query = ({ q, mou_signed }: InstitutionListQuery) => ({ q, signed: mou_signed });

  router.openapi(r.export, async (c) => {
    const filters = query(c.req.valid('query'));
    const csv = await corporate.exportPartnersCsv(deps, INSTITUTION, filters, INSTITUTION_EXPORT_COLUMNS);
    return csvDownload(c, csv, 'institutions.csv');
  });
  router.openapi(r.list, async (c) => {
    const q = c.req.valid('query');
    return c.json(await corporate.listPartners(deps, INSTITUTION, c.var.staff, { ...q, ...query(q) }), 200);
  });
  router.openapi(r.create, async (c) =>
    c.json(await corporate.createPartner(deps, INSTITUTION, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await corporate.getPartner(deps, INSTITUTION, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.history, async (c) =>
    c.json(await corporate.partnerHistory(deps, INSTITUTION, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(
      await corporate.updatePartner(
        deps,
        INSTITUTION,
        c.var.staff,
        c.req.valid('param').id,
        c.req.valid('json'),
      ),
      200,
    ),
  );
  router.openapi(r.delete, async (c) => {
    await corporate.deletePartner(deps, INSTITUTION, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return router;
}
