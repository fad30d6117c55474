import { FILE_MESSAGES, MAX_FILE_BYTES } from '../../../domain/student-files';
import type { AppDeps } from '../../app-env';
import { fileDownloadHeaders } from '../../http/file-download';
import { readFileUpload } from '../../http/file-upload';
import { recordId, recordRoutes } from '../../http/record-routes';
import { createSignedInRouter } from '../../http/staff-router';
import { announcementRoutes as r } from './announcements.route-contracts';
import * as service from './announcements.service';

/** /api/announcements: read by every signed-in user of the audience; published by staff. */
export function announcementsRoutes(deps: AppDeps) {
  const router = createSignedInRouter();
  recordRoutes(router, deps, r, {
    list: service.listAnnouncements,
    create: service.createAnnouncement,
    get: service.getAnnouncement,
    update: service.updateAnnouncement,
    delete: service.deleteAnnouncement,
  });
  router.openapi(r.read, async (c) => c.json(await service.markRead(deps, c.var.staff, recordId(c)), 200));
  router.openapi(r.attach, async (c) => {
    const { file } = await readFileUpload(c, MAX_FILE_BYTES, FILE_MESSAGES.tooLarge);
    return c.json(await service.addAttachment(deps, c.var.staff, recordId(c), file), 201);
  });
  router.openapi(r.download, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const { body, file } = await service.downloadAttachment(deps, c.var.staff, id, attachmentId);
    return c.body(body, 200, fileDownloadHeaders(file));
  });
  router.openapi(r.detach, async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    await service.removeAttachment(deps, c.var.staff, id, attachmentId);
    return c.body(null, 204);
  });
  return router;
}
