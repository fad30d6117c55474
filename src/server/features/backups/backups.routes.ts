import {
  BACKUP_MESSAGES as M,
  RestoreFromListSchema,
  RestoreUploadFieldsSchema,
} from '../../../contracts/backups';
import type { AppDeps } from '../../app-env';
import { clearSessionCookie } from '../../auth/cookies';
import { requireUser } from '../../auth/middleware';
import { validationError } from '../../http/errors';
import { readFileUpload } from '../../http/file-upload';
import { createRouter } from '../../http/openapi';
import type { StaffEnv } from '../../http/staff-router';
import { backupRoutes as r } from './backups.route-contracts';
import {
  BACKUP_UPLOAD_LIMIT_BYTES,
  createBackup,
  deleteBackup,
  downloadBackup,
  listBackups,
  restoreBackup,
} from './backups.service';

/** /api/backups: Backup & Data in System Settings (docs/product.md D13), admins only. */
export function backupsRoutes(deps: AppDeps) {
  const router = createRouter<StaffEnv>();
  router.openapi(r.list, async (c) => c.json(await listBackups(deps), 200));
  router.openapi(r.create, async (c) => c.json(await createBackup(deps, requireUser(c.get('user'))), 201));
  router.openapi(r.download, async (c) => {
    const { body, headers } = await downloadBackup(deps, c.req.valid('param').id);
    return c.body(body, 200, headers);
  });
  router.openapi(r.delete, async (c) => {
    await deleteBackup(deps, requireUser(c.get('user')), c.req.valid('param').id);
    return c.body(null, 204);
  });
  router.openapi(r.restore, async (c) => {
    const actor = requireUser(c.get('user'));
    let result: Awaited<ReturnType<typeof restoreBackup>>;
    if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
      const { fields, file } = await readFileUpload(c, BACKUP_UPLOAD_LIMIT_BYTES, M.tooLarge);
      const checked = RestoreUploadFieldsSchema.safeParse(fields);
      if (!checked.success) throw validationError(checked.error);
      result = await restoreBackup(deps, actor, { upload: file });
    } else {
      // A JSON body was checked against the contract already; none at all is refused here.
      const checked = RestoreFromListSchema.safeParse(await c.req.json().catch(() => ({})));
      if (!checked.success) throw validationError(checked.error);
      result = await restoreBackup(deps, actor, { id: checked.data.id });
    }
    // Every session has ended, this one too: the browser forgets its cookie and signs in again.
    clearSessionCookie(c, deps.config);
    return c.json(result, 200);
  });
  return router;
}
