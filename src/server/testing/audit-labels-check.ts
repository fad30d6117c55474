import { sql } from 'drizzle-orm';
import { labelledField } from '../../domain/audit-labels';
import type { DbOrTx } from '../db/client';
import { activities } from '../db/schema';

/**
 * Every field the audit entries in a test's database name that no area has labelled
 * (domain/audit-labels.ts), as 'kind.field': a test that made writes checks what they recorded.
 */
export async function unlabelledAuditFields(db: DbOrTx): Promise<string[]> {
  const rows = await db.execute<{ kind: string; field: string }>(
    sql`select distinct ${activities.entityType} as kind, jsonb_object_keys(${activities.changes}) as field
          from ${activities}`,
  );
  return rows.rows.filter((r) => !labelledField(r.kind, r.field)).map((r) => `${r.kind}.${r.field}`);
}
