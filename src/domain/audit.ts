/**
 * What the audit trail records about a change (docs/product.md D15): for each field that changed,
 * its value before and after, exactly as stored (money as its decimal string, dates as ISO text),
 * and never the value of a secret.
 */
export type AuditValue = string | number | boolean | null;
export type AuditChanges = Record<string, { before: AuditValue; after: AuditValue }>;

/**
 * Fields whose values never enter the trail, whatever record they are on: that they changed is
 * recorded, with both sides hidden. Matched on the whole name, snake_case or camelCase. The
 * settings' password policy (its length and rules, `security.passwordPolicy.*`) is no secret.
 */
const SECRET_FIELD = /(password(?!_?policy)|secret|token|hash|totp|otp_?key|recovery_?codes?)/i;
export const HIDDEN_VALUE = '(hidden)';

export function isSecretField(field: string): boolean {
  return SECRET_FIELD.test(field);
}

/** A value as the trail keeps it: plain JSON, dates as ISO text, nothing lossy. */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return JSON.stringify(value);
}

type RecordLike = Record<string, unknown>;

/**
 * The fields that differ between two states of a record. A record created has no before (null),
 * one deleted no after; then every field with a value is listed. `ignore` names bookkeeping
 * fields (updated_at) that would only repeat the entry's own time.
 */
export function auditChanges(
  before: RecordLike | null,
  after: RecordLike | null,
  options: { ignore?: readonly string[] } = {},
): AuditChanges {
  const ignore = new Set(options.ignore ?? []);
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (ignore.has(field)) continue;
    const was = auditValue(before?.[field]);
    const now = auditValue(after?.[field]);
    if (was === now) continue;
    changes[field] = isSecretField(field)
      ? { before: was === null ? null : HIDDEN_VALUE, after: now === null ? null : HIDDEN_VALUE }
      : { before: was, after: now };
  }
  return changes;
}

/** A record's fields under their snake_case names, as the API and the trail name them. */
export function snakeCased(record: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      value,
    ]),
  );
}

/** The same fields of a record's earlier state, for the before side of a partial change. */
export function fieldsOf(record: object, like: object): Record<string, unknown> {
  const source = record as Record<string, unknown>;
  return Object.fromEntries(Object.keys(like).map((key) => [key, source[key]]));
}
