import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/student-files';
import type { AppDeps } from '../../app-env';
import { fileDownloadHeaders } from '../../http/file-download';
import { readFileUpload } from '../../http/file-upload';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createSignedInRouter } from '../../http/staff-router';
import { libraryRoutes as r } from './library.route-contracts';
import * as service from './library.service';

/** /api/library: the Students Library, for every signed-in user; staff manage it. */
export function libraryRoutesOf(deps: AppDeps) {
  const router = createSignedInRouter();
  recordRoutes(router, deps, r, {
    list: service.listResources,
    create: service.createResource,
    get: service.getResource,
    update: service.updateResource,
    delete: service.deleteResource,
  });
  router.openapi(r.upload, async (c) => {
    const { file } = await readFileUpload(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge);
    return c.json(await service.putResourceFile(deps, c.var.staff, recordId(c), file), 200);
  });
  router.openapi(r.file, async (c) => {
    const { body, file } = await service.resourceFile(deps, c.var.staff, recordId(c));
    return c.body(body, 200, fileDownloadHeaders(file));
  });
  router.openapi(r.open, async (c) =>
    c.json(await service.openResource(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.rate, async (c) =>
    c.json(await service.rateResource(deps, c.var.staff, recordId(c), c.req.valid('json').stars), 200),
  );
  return router;
}
