import type { FieldErrors, Resolver } from 'react-hook-form';
import { SystemSettingsSchema } from '../../../contracts/settings';
import type { SystemSettings } from '../../../domain/settings';
import { ApiError } from '../../lib/api';

export const SETTINGS_TABS = ['general', 'security', 'notifications', 'appearance', 'backup'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export const TAB_LABELS: Record<SettingsTab, string> = {
  general: 'General',
  security: 'Security',
  notifications: 'Notifications',
  appearance: 'Appearance',
  backup: 'Backup & Data',
};

/** A field's path is 'security.passwordPolicy.minLength': its first part names its tab. */
export function tabOf(path: string): SettingsTab | null {
  const head = path.split('.')[0];
  return SETTINGS_TABS.find((tab) => tab === head) ?? null;
}

function setAt(target: Record<string, unknown>, path: readonly PropertyKey[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const name = String(key);
    node[name] ??= {};
    node = node[name] as Record<string, unknown>;
  }
  node[String(path.at(-1))] = value;
}

/**
 * Checks the document with the API's own schema, so the form refuses what the server would, in the
 * server's words. The errors are nested as react-hook-form keeps them (errors.security.…), so a
 * field's message is found however it got there: this check, or a 400 from the server.
 */
export const settingsResolver: Resolver<SystemSettings> = (values) => {
  const result = SystemSettingsSchema.safeParse(values);
  if (result.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    // The first message for a field is the one to show, as on the server.
    if (issue.path.length > 0 && !hasAt(errors, issue.path))
      setAt(errors, issue.path, { type: 'schema', message: issue.message });
  }
  return { values: {}, errors: errors as FieldErrors<SystemSettings> };
};

function hasAt(errors: Record<string, unknown>, path: readonly PropertyKey[]): boolean {
  let node: unknown = errors;
  for (const key of path) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node !== undefined;
}

/** Every message in a nested errors object, with its field's path, in the order of the tabs. */
export function flattenErrors(errors: unknown, prefix = ''): Array<[string, string]> {
  if (!errors || typeof errors !== 'object') return [];
  const record = errors as Record<string, unknown>;
  if (typeof record.message === 'string' && prefix) return [[prefix, record.message]];
  return Object.entries(record)
    .filter(([key]) => key !== 'ref' && key !== 'type')
    .flatMap(([key, value]) => flattenErrors(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * A 400's field messages by the form's own paths: the server names them from the request body
 * ('settings.security.passwordPolicy.minLength'), the form from the document ('security.…').
 * Messages for anything else (the version, the body as a whole) are returned apart.
 */
export function serverFieldErrors(error: unknown): { fields: Array<[string, string]>; other: string[] } {
  if (!(error instanceof ApiError)) return { fields: [], other: [] };
  const fields: Array<[string, string]> = [];
  const other: string[] = [];
  for (const [key, message] of Object.entries(error.fields ?? {})) {
    const path = key.startsWith('settings.') ? key.slice('settings.'.length) : key;
    if (tabOf(path) && path.includes('.')) fields.push([path, message]);
    else other.push(message);
  }
  return { fields, other };
}
