import { Readable } from 'node:stream';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/student-files';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { readFileUpload } from '../../http/file-upload';
import { createStaffRouter } from '../../http/staff-router';
import { exportFormsCsv, formPdfDownload } from './form-exports';
import * as forms from './forms.service';
import { fileRoutes, formRoutes } from './forms-files.route-contracts';
import * as files from './student-files.service';

/** /api/forms: Forms Management (staff, D11). */
export function formsRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = formRoutes;
  router.openapi(r.export, async (c) =>
    csvDownload(c, await exportFormsCsv(deps, c.var.staff, c.req.valid('query')), 'forms.csv'),
  );
  router.openapi(r.list, async (c) =>
    c.json(await forms.listForms(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.create, async (c) =>
    c.json(await forms.createForm(deps, c.var.staff, c.req.valid('json')), 201),
  );
  router.openapi(r.get, async (c) =>
    c.json(await forms.getForm(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.update, async (c) =>
    c.json(await forms.updateForm(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 200),
  );
  router.openapi(r.delete, async (c) => {
    await forms.deleteForm(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  router.openapi(r.complete, async (c) =>
    c.json(await forms.completeForm(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.review, async (c) =>
    c.json(
      await forms.reviewForm(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json').review_note),
      200,
    ),
  );
  router.openapi(r.pdf, async (c) => {
    const { document, filename } = await formPdfDownload(deps, c.var.staff, c.req.valid('param').id);
    return c.body(Readable.toWeb(document) as ReadableStream, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    });
  });
  router.openapi(r.history, async (c) =>
    c.json(await forms.formHistory(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  return router;
}

/** /api/files: Student Files (staff, D11, D14). */
export function filesRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = fileRoutes;
  router.openapi(r.list, async (c) =>
    c.json(await files.listFiles(deps, c.var.staff, c.req.valid('query')), 200),
  );
  router.openapi(r.upload, async (c) => {
    const { fields, file } = await readFileUpload(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge);
    return c.json(await files.uploadFile(deps, c.var.staff, fields, file), 201);
  });
  router.openapi(r.get, async (c) =>
    c.json(await files.getFile(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(r.download, async (c) => {
    const { body, headers } = await files.downloadFile(deps, c.var.staff, c.req.valid('param').id);
    return c.body(body, 200, headers);
  });
  router.openapi(r.delete, async (c) => {
    await files.deleteFile(deps, c.var.staff, c.req.valid('param').id);
    return c.body(null, 204);
  });
  return router;
}
