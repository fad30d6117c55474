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

/** The words a restore asks to be typed before it runs. */
export const RESTORE_CONFIRMATION_WORD = 'RESTORE';

/** What the screen and the server say about backups, in one place so both (and the tests) agree. */
export const BACKUP_MESSAGES = {
  confirm: `Type ${RESTORE_CONFIRMATION_WORD} to confirm the restore`,
  chooseBackup: 'Choose a backup to restore',
  chooseFile: 'Please select a backup file (.json.gz) to restore.',
  tooLarge: 'The backup file is larger than 200 MB.',
  notFound: 'Backup not found',
  fileMissing:
    'The backup file is no longer in the backup folder, so it cannot be used. Delete it from the list.',
  stillWriting: 'This backup is still being written. Try again in a moment.',
  notGzip: 'This file is not a backup: it is not a gzip-compressed .json.gz file.',
  notBackup: 'This file is not a backup made by CHL Back-office.',
  damaged: 'This backup file is damaged or incomplete',
  mismatch: 'This backup does not match the database',
  otherVersion: 'This backup was made by a different version of the database',
  busy: 'The database was busy with other changes, so nothing was restored. Please try again.',
  notOwner:
    'The database user the app runs as may not replace every table (it does not own them). Restore with the database owner’s connection.',
} as const;

/** The typed confirmation every restore carries. */
const ConfirmationSchema = z
  .string({ message: BACKUP_MESSAGES.confirm })
  .refine((value) => value.trim() === RESTORE_CONFIRMATION_WORD, { message: BACKUP_MESSAGES.confirm });

/**
 * Restore one from the list by id, with the typed confirmation. An uploaded file goes as multipart
 * form data instead: the file in the field `file`, the confirmation in the field `confirmation`.
 */
export const RestoreFromListSchema = z
  .object({
    id: z.string({ message: BACKUP_MESSAGES.chooseBackup }).min(1, { message: BACKUP_MESSAGES.chooseBackup }),
    confirmation: ConfirmationSchema,
  })
  .meta({ id: 'RestoreFromList' });
export type RestoreFromList = z.infer<typeof RestoreFromListSchema>;

/** The multipart fields of a restore from an uploaded file (besides the file itself). */
export const RestoreUploadFieldsSchema = z.object({ confirmation: ConfirmationSchema });

export const RestoreResultSchema = z
  .object({
    /** Tables and rows put back; every session has ended, so everyone signs in again. */
    tables: z.number().int(),
    rows: z.number().int(),
    backup_created_at: z.string(),
    /** Always true: the restorer's own session has ended too; send them to the sign-in page. */
    sign_in_again: z.literal(true),
  })
  .meta({ id: 'RestoreResult' });
export type RestoreResult = z.infer<typeof RestoreResultSchema>;
