import Dexie, { type EntityTable } from 'dexie';
import type { Form, FormConflict } from '../../../contracts/forms';
import type { StudentListItem } from '../../../contracts/students';
import type { Task } from '../../../contracts/tasks';
import type { FormType } from '../../../domain/forms';

/**
 * What the phone keeps for one account (issue 48 items 2-4, docs/decisions/012): a database of its
 * own per user id, so that another account signing in on the same phone opens a different one and
 * never sees this one's drafts, outbox or students.
 */

/** A form's values as the edit dialog holds them: every value a string, type fields under `fields`. */
export interface DraftValues {
  student_id: string;
  form_date: string;
  fields: Record<string, string>;
}

/** The student a draft names, as the student picker shows it. */
export type KeptStudent = Pick<
  StudentListItem,
  'id' | 'full_name' | 'chl_number' | 'program_level' | 'program_status' | 'current_program'
> & { assigned_officer_id: string | null };

/** The student a form names, as the student picker shows it. */
export type DraftStudent = Omit<KeptStudent, 'assigned_officer_id'>;

/** A form being filled in, saved at each change: reopened with "Continue your draft". */
export interface Draft {
  /** The form's id: the server's for an edit, the UUID the phone gave a new one. */
  form_id: string;
  type: FormType;
  /** The form as it was when the edit began (its version is the edit's If-Match); null when new. */
  base: Form | null;
  values: DraftValues;
  photo_ids: string[];
  student: DraftStudent | null;
  updated_at: number;
}

export interface FormRequestBody {
  type: FormType;
  student_id: string;
  form_date: string;
  fields: Record<string, string | number>;
  photo_ids: string[];
}

export type OutboxState = 'waiting' | 'needs_changes' | 'conflict';

/**
 * A form saved or completed on the phone, waiting for the server to acknowledge it. One per form:
 * saving the same form again replaces what waits. `stage` 'saved' means the server has the form and
 * only completing it is left.
 */
export interface OutboxRecord {
  form_id: string;
  type: FormType;
  /** POST with the phone's id, or PUT with If-Match of `base_version`. */
  kind: 'create' | 'update';
  base_version: number | null;
  base: Form | null;
  values: DraftValues;
  /** What is sent: the type's fields as the server takes them (numbers as numbers), the photos. */
  body: FormRequestBody;
  complete: boolean;
  stage: 'form' | 'saved';
  student: DraftStudent | null;
  state: OutboxState;
  /** The server's message for a record it refused, and its messages by field. */
  message: string | null;
  field_errors: Record<string, string> | null;
  conflict: FormConflict | null;
  /** Oldest first: when the form first entered the outbox. */
  queued_at: number;
  attempts: number;
  next_try_at: number;
}

export interface KeptPhoto {
  id: string;
  blob: Blob;
  mime_type: string;
  uploaded: boolean;
}

export interface KeptValue {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  drafts: EntityTable<Draft, 'form_id'>;
  outbox: EntityTable<OutboxRecord, 'form_id'>;
  photos: EntityTable<KeptPhoto, 'id'>;
  students: EntityTable<KeptStudent, 'id'>;
  tasks: EntityTable<Task, 'id'>;
  kept: EntityTable<KeptValue, 'key'>;
};

export const offlineDbName = (userId: string) => `chl-offline-${userId}`;

const open = new Map<string, OfflineDb>();

/** The account's own database, opened once per page. */
export function offlineDb(userId: string): OfflineDb {
  const known = open.get(userId);
  if (known) return known;
  const db = new Dexie(offlineDbName(userId)) as OfflineDb;
  db.version(1).stores({
    drafts: 'form_id, updated_at',
    outbox: 'form_id, queued_at, state',
    photos: 'id',
    students: 'id, full_name',
    tasks: 'id',
    kept: 'key',
  });
  open.set(userId, db);
  return db;
}

/** Closes the account's database (tests; discarding an account's work deletes it). */
export async function deleteOfflineDb(userId: string): Promise<void> {
  const db = offlineDb(userId);
  open.delete(userId);
  await db.delete();
}
