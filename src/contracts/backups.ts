import { z } from 'zod';

/*
 * Backup & Data (docs/product.md D13): full backups of the database written to BACKUP_DIR, listed
 * with who made them, downloadable, and restorable from the list or from an uploaded file.
 */

export const BackupSchema = z
  .object({
    id: z.string(),
    file_name: z.string(),
    size_bytes: z.number().int(),
    /** 'manual' (Create Backup Now) or 'automatic' (the chosen frequency). */
    kind: z.enum(['manual', 'automatic']),
    created_at: z.string(),
    /** Null for automatic backups. */
    created_by_name: z.string().nullable(),
  })
  .meta({ id: 'Backup' });
export type Backup = z.infer<typeof BackupSchema>;

export const BackupListSchema = z
  .object({
    items: z.array(BackupSchema),
    /** When the newest complete backup was made; null when there is none ('Last backup'). */
    last_backup_at: z.string().nullable(),
  })
  .meta({ id: 'BackupList' });
export type BackupList = z.infer<typeof BackupListSchema>;

/** Restore one from the list by id (an uploaded file goes as multipart `file` instead). */
export const RestoreFromListSchema = z.object({
  id: z.string().min(1, { message: 'Choose a backup to restore' }),
});

export const RestoreResultSchema = z
  .object({
    /** Tables and rows put back; every session has ended, so everyone signs in again. */
    tables: z.number().int(),
    rows: z.number().int(),
    backup_created_at: z.string(),
  })
  .meta({ id: 'RestoreResult' });
export type RestoreResult = z.infer<typeof RestoreResultSchema>;

/** The words a restore asks to be typed before it runs. */
export const RESTORE_CONFIRMATION_WORD = 'RESTORE';
