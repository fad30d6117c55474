import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type AuditRecordKind, labelledField } from '../../../domain/audit-labels';
import { DEFAULT_SETTINGS, settingLeaves } from '../../../domain/settings';
import * as schema from '../../db/schema';

/**
 * The tables whose rows each kind of entry records (snake_cased, before and after). Typed over
 * every kind: a new kind of entry must say here what it records, and then every column needs a
 * label in its area's domain file.
 */
const RECORDED: Record<Exclude<AuditRecordKind, 'settings'>, PgTable[]> = {
  student: [schema.students],
  allowance: [schema.allowances],
  payment_batch: [schema.paymentBatches],
  delegation: [schema.approvalDelegations],
  account: [schema.users, schema.roleRequests],
  landlord: [schema.landlords],
  institution: [schema.institutions],
  task: [schema.tasks],
  issue: [schema.issues],
  form: [schema.forms],
  file: [schema.studentFiles],
  announcement: [schema.announcements],
  event: [schema.events],
  library_resource: [schema.libraryResources],
  yearbook: [schema.yearbooks],
  yearbook_entry: [schema.yearbookEntries],
  memory_wall_post: [schema.memoryWallPosts],
  impact_story: [schema.impactStories],
  story_category: [schema.storyCategories],
  backup: [schema.backups],
};

/** Fields a write records that are no column of its table. */
const EXTRA_FIELDS: Partial<Record<AuditRecordKind, string[]>> = {
  allowance: ['comment', 'payment_batch'],
  account: ['requested_role', 'password'],
  backup: ['backup_created_at', 'tables', 'rows'],
  student: ['rows', 'dropped'],
  issue: ['comment'],
};

describe('the labels of the audit trail', () => {
  it('name every field any kind of entry records', () => {
    const unlabelled: string[] = [];
    for (const [kind, tables] of Object.entries(RECORDED)) {
      const fields = [
        ...tables.flatMap((table) => Object.values(getTableColumns(table)).map((column) => column.name)),
        ...(EXTRA_FIELDS[kind as AuditRecordKind] ?? []),
      ];
      for (const field of fields) if (!labelledField(kind, field)) unlabelled.push(`${kind}.${field}`);
    }
    expect(unlabelled).toEqual([]);
  });

  it('name every setting as System Settings does', () => {
    const unlabelled = Object.keys(settingLeaves(DEFAULT_SETTINGS)).filter(
      (path) => !labelledField('settings', path),
    );
    expect(unlabelled).toEqual([]);
    expect(labelledField('settings', 'security.passwordPolicy.minLength')).toBe('Minimum password length');
  });
});
