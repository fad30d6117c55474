import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/student-files';
import type { AppDeps } from '../../app-env';
import { fileDownloadHeaders } from '../../http/file-download';
import { readFileUpload } from '../../http/file-upload';
import { createSignedInRouter } from '../../http/staff-router';
import { libraryRoutes as r } from './library.route-contracts';
import * as service from './library.service';

/** /api/library: the Students Library, for every signed-in user; staff manage it. */
export function libraryRoutesOf(deps: AppDeps) {
  const router = createSignedInRouter();
  const id = (c: { req: { valid(target: 'param'): { id: string } } }) => c.req.valid('param').id;
  router.openapi(r.list, async (c) =>
    c.json(await service.listResources(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.create, async (c) =>
    c.json(await service.createResource(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) => c.json(await service.getResource(deps, c.var.staff, id(c)), 200));
  router.openapi(r.update, async (c) =>
    c.json(await service.updateResource(deps, c.var.staff, id(c), c.req.valid('json')), 200),
  );
  router.openapi(r.delete, async (c) => {
    await service.deleteResource(deps, c.var.staff, id(c));
    return c.body(null, 204);
  });
  router.openapi(r.upload, async (c) => {
    const { file } = await readFileUpload(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge);
    return c.json(await service.putResourceFile(deps, c.var.staff, id(c), file), 200);
  });
  router.openapi(r.file, async (c) => {
    const { body, file } = await service.resourceFile(deps, c.var.staff, id(c));
    return c.body(body, 200, fileDownloadHeaders(file));
  });
  router.openapi(r.open, async (c) => c.json(await service.openResource(deps, c.var.staff, id(c)), 200));
  router.openapi(r.rate, async (c) =>
    c.json(await service.rateResource(deps, c.var.staff, id(c), c.req.valid('json').stars), 200),
  );
  return router;
}
