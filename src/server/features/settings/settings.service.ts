import { and, eq } from 'drizzle-orm';
import {
  type PublicSettings,
  type SettingsEnvelope,
  type SettingsResponse,
  SystemSettingsSchema,
} from '../../../contracts/settings';
import {
  DEFAULT_SETTINGS,
  SETTINGS_MESSAGES as M,
  passwordProblems,
  passwordRuleText,
  SMS_UNAVAILABLE,
  type SystemSettings,
  settingLabel,
  settingLeaves,
} from '../../../domain/settings';
import { type WebAppManifest, webAppManifest } from '../../../domain/web-app-manifest';
import type { AppDeps, SessionUser } from '../../app-env';
import type { DbOrTx } from '../../db/client';
import { systemSettings } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import type { MailSite } from '../../mail/templates';
import { recordAudit } from '../audit/audit.service';

/*
 * System Settings (docs/product.md §2, D13): one document in the database, read by every process
 * at the moment it needs a setting, so a change takes effect at once everywhere, without a restart.
 */

type Row = typeof systemSettings.$inferSelect;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `stored` over `defaults`, key by key at every depth; keys the defaults do not have are dropped. */
function withDefaults(defaults: unknown, stored: unknown): unknown {
  if (!isPlainObject(defaults)) return stored === undefined ? defaults : stored;
  const from = isPlainObject(stored) ? stored : {};
  return Object.fromEntries(
    Object.entries(defaults).map(([key, value]) => [key, withDefaults(value, from[key])]),
  );
}

/**
 * A stored document over the defaults: a key added to the product after the document was saved
 * reads its default, and a document that no longer validates (hand-edited) reads the defaults
 * rather than stopping sign-in.
 */
function documentOf(row: Row | undefined): SystemSettings {
  if (!row) return DEFAULT_SETTINGS;
  const parsed = SystemSettingsSchema.safeParse(withDefaults(DEFAULT_SETTINGS, row.document));
  return parsed.success ? (parsed.data as SystemSettings) : DEFAULT_SETTINGS;
}

async function storedRow(db: DbOrTx): Promise<Row | undefined> {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.id, 1));
  return row;
}

/** The settings in force now. */
export async function currentSettings(db: DbOrTx): Promise<SystemSettings> {
  return documentOf(await storedRow(db));
}

export async function getSettings(deps: AppDeps): Promise<SettingsResponse> {
  const row = await storedRow(deps.db);
  const settings = documentOf(row);
  const smsAvailable = deps.config.sms !== null;
  return {
    version: row?.version ?? 0,
    // Turned on while a gateway was configured, it reads off once there is none (nothing is sent).
    settings: smsAvailable
      ? settings
      : { ...settings, notifications: { ...settings.notifications, smsNotifications: false } },
    sms_available: smsAvailable,
    updated_at: row ? row.updatedAt.toISOString() : null,
    updated_by_name: row?.updatedByName ?? null,
  };
}

/**
 * Saves the whole document if the stored one is still at `version` (409 otherwise), in one
 * statement each way: the first save inserts the row, every later one moves its version on.
 */
export async function saveSettings(
  deps: AppDeps,
  actor: SessionUser,
  envelope: SettingsEnvelope,
  action: 'updated' | 'reset' = 'updated',
): Promise<SettingsResponse> {
  // The server decides, from its configuration: no gateway, no SMS (D13).
  if (envelope.settings.notifications.smsNotifications && !deps.config.sms)
    throw badRequest(SMS_UNAVAILABLE, { 'settings.notifications.smsNotifications': SMS_UNAVAILABLE });
  await deps.db.transaction(async (tx) => {
    const before = await currentSettings(tx);
    const now = deps.clock.now();
    const values = {
      document: envelope.settings,
      version: envelope.version + 1,
      updatedAt: now,
      updatedById: actor.id,
      updatedByName: actor.name,
    };
    const saved =
      envelope.version === 0
        ? await tx
            .insert(systemSettings)
            .values({ id: 1, ...values })
            .onConflictDoNothing()
            .returning()
        : await tx
            .update(systemSettings)
            .set(values)
            .where(and(eq(systemSettings.id, 1), eq(systemSettings.version, envelope.version)))
            .returning();
    if (saved.length === 0) throw conflict(M.stale);
    const [was, is] = [settingLeaves(before), settingLeaves(envelope.settings)];
    const changed = Object.keys(is).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]));
    await recordAudit(tx, {
      actor: { id: actor.id, name: actor.name },
      officerId: null,
      entityType: 'settings',
      entityId: null,
      action: `settings.${action}`,
      summary:
        action === 'reset'
          ? `${actor.name} reset the system settings to their defaults`
          : `${actor.name} changed the system settings: ${changed.map(settingLabel).join(', ') || 'nothing'}`,
      at: now,
      before: Object.fromEntries(changed.map((key) => [key, was[key]])),
      after: Object.fromEntries(changed.map((key) => [key, is[key]])),
    });
  });
  return getSettings(deps);
}

/**
 * Refuses a new password the policy in force does not allow (D13), with the rule it breaks as the
 * message and every broken rule on the field. Registration, reset, invitation and password change
 * all come here, so a policy saved a moment ago already applies.
 */
export async function assertPasswordAllowed(db: DbOrTx, password: string, field: string): Promise<void> {
  const { security } = await currentSettings(db);
  const problems = passwordProblems(password, security.passwordPolicy);
  if (problems.length > 0) throw badRequest(problems[0]!, { [field]: problems.join(' ') });
}

/** 'Reset to Defaults': spec §9's document, over whatever version is stored (or the one named). */
export async function resetSettings(
  deps: AppDeps,
  actor: SessionUser,
  version?: number,
): Promise<SettingsResponse> {
  const current = version ?? (await getSettings(deps)).version;
  return saveSettings(deps, actor, { version: current, settings: DEFAULT_SETTINGS }, 'reset');
}

/** What every page needs, signed in or not: names, appearance, date format, time zone, currency. */
export async function publicSettings(deps: AppDeps): Promise<PublicSettings> {
  const { general, appearance, security } = await currentSettings(deps.db);
  const policy = security.passwordPolicy;
  return {
    system_name: general.systemName,
    organization_name: general.organizationName,
    timezone: general.timezone,
    date_format: general.dateFormat,
    currency: general.currency,
    password_policy: {
      min_length: policy.minLength,
      require_uppercase: policy.requireUppercase,
      require_lowercase: policy.requireLowercase,
      require_numbers: policy.requireNumbers,
      require_special_chars: policy.requireSpecialChars,
    },
    password_rule: passwordRuleText(policy),
    appearance: {
      theme: appearance.theme,
      primary_color: appearance.primaryColor,
      sidebar_collapsed: appearance.sidebarCollapsed,
      compact_mode: appearance.compactMode,
    },
  };
}

/** The installed app's manifest, from the names and appearance as they are now. */
export async function appManifest(deps: AppDeps): Promise<WebAppManifest> {
  const { general, appearance } = await currentSettings(deps.db);
  return webAppManifest({
    systemName: general.systemName,
    organizationName: general.organizationName,
    theme: appearance.theme,
    primaryColor: appearance.primaryColor,
  });
}

/** The names an email is signed with and its links' address, as they are now. */
export async function mailSite(deps: AppDeps): Promise<MailSite> {
  const { general } = await currentSettings(deps.db);
  return {
    appUrl: deps.config.appUrl,
    systemName: general.systemName,
    organizationName: general.organizationName,
  };
}
