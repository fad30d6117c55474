import { FORM_MESSAGES } from '../../../domain/forms';
import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/student-files';
import type { AppDeps } from '../../app-env';
import { csvDownload } from '../../http/csv-download';
import { pdfDownload } from '../../http/file-download';
import { readFileUpload } from '../../http/file-upload';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createStaffRouter } from '../../http/staff-router';
import { exportFormsCsv, formPdfDownload } from './form-exports';
import { openPhoto, putPhoto, readPhotoBody } from './form-photos';
import { formEtag } from './form-versions';
import * as forms from './forms.service';
import { fileRoutes, formPhotoRoutes, formRoutes } from './forms-files.route-contracts';
import * as files from './student-files.service';

/** /api/forms: Forms Management (staff, D11). */
export function formsRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = formRoutes;
  router.openapi(r.export, async (c) =>
    csvDownload(c, await exportFormsCsv(deps, c.var.staff, c.req.valid('query')), 'forms.csv'),
  );
  recordRoutes(router, deps, r, {
    list: forms.listForms,
    history: forms.formHistory,
    delete: forms.deleteForm,
  });
  // Create, get and update answer with the form's version (issue 48): 200 for a create sent again,
  // the ETag, and 412 with the fields an edit of an older version could not merge.
  router.openapi(r.create, async (c) => {
    const { form, created } = await forms.createForm(deps, c.var.staff, c.req.valid('json'));
    return c.json(form, created ? 201 : 200, { ETag: formEtag(form.version) });
  });
  router.openapi(r.get, async (c) => {
    const form = await forms.getForm(deps, c.var.staff, recordId(c));
    return c.json(form, 200, { ETag: formEtag(form.version) });
  });
  router.openapi(r.update, async (c) => {
    const answer = await forms.updateForm(
      deps,
      c.var.staff,
      recordId(c),
      c.req.valid('json'),
      c.req.valid('header')['if-match'],
    );
    if ('conflict' in answer) {
      const { current, conflicting_fields } = answer.conflict;
      const body = { error: FORM_MESSAGES.changedMeanwhile, current, conflicting_fields };
      return c.json(body, 412, { ETag: formEtag(current.version) });
    }
    return c.json(answer.form, 200, { ETag: formEtag(answer.form.version) });
  });
  router.openapi(r.complete, async (c) =>
    c.json(await forms.completeForm(deps, c.var.staff, recordId(c)), 200),
  );
  router.openapi(r.review, async (c) =>
    c.json(await forms.reviewForm(deps, c.var.staff, recordId(c), c.req.valid('json').review_note), 200),
  );
  router.openapi(r.pdf, async (c) => pdfDownload(c, await formPdfDownload(deps, c.var.staff, recordId(c))));
  return router;
}

/** /api/files: Student Files (staff, D11, D14). */
export function filesRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = fileRoutes;
  recordRoutes(router, deps, r, { list: files.listFiles, get: files.getFile, delete: files.deleteFile });
  router.openapi(r.upload, async (c) => {
    const { fields, file } = await readFileUpload(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge);
    return c.json(await files.uploadFile(deps, c.var.staff, fields, file), 201);
  });
  router.openapi(r.download, async (c) => {
    const { body, headers } = await files.downloadFile(deps, c.var.staff, recordId(c));
    return c.body(body, 200, headers);
  });
  return router;
}

/** /api/form-photos: a home visit's photos (staff, issue 48), uploaded before the form names them. */
export function formPhotosRoutes(deps: AppDeps) {
  const router = createStaffRouter();
  const r = formPhotoRoutes;
  router.openapi(r.put, async (c) => {
    const chunks = await readPhotoBody(c.req.raw.body);
    const { photo, created } = await putPhoto(deps, c.var.staff, recordId(c), chunks);
    return c.json(photo, created ? 201 : 200);
  });
  router.openapi(r.get, async (c) => {
    const { body, headers } = await openPhoto(deps, c.var.staff, recordId(c));
    return c.body(body, 200, headers);
  });
  return router;
}
