import type { PasswordPolicy, SystemSettings } from '../../domain/settings';
import type { SessionUser } from '../app-env';
import { getSettings, saveSettings } from '../features/settings/settings.service';
import { putSettings } from '../testing/put-settings';
import type { TestContext } from '../testing/test-app';

/** For tests: changes to System Settings' security section. */
export type SecurityChanges = Partial<Omit<SystemSettings['security'], 'passwordPolicy'>> & {
  passwordPolicy?: Partial<PasswordPolicy>;
};

function withChanges(settings: SystemSettings, changes: SecurityChanges): SystemSettings {
  return {
    ...settings,
    security: {
      ...settings.security,
      ...changes,
      passwordPolicy: { ...settings.security.passwordPolicy, ...changes.passwordPolicy },
    },
  };
}

/** Saves the change as an admin through PUT /api/settings, as the screen does; expects success. */
export function putSecurity(t: TestContext, adminToken: string, changes: SecurityChanges) {
  return putSettings(t, adminToken, (settings) => withChanges(settings, changes));
}

/**
 * Saves the change straight through the service: for a test whose admin is held at a sign-in gate
 * (two-factor required and not set up), which PUT /api/settings would refuse.
 */
export async function saveSecurity(t: TestContext, changes: SecurityChanges) {
  const current = await getSettings(t.deps);
  const actor = { id: await t.userId('ADM001'), name: 'Test admin' } as SessionUser;
  await saveSettings(t.deps, actor, {
    version: current.version,
    settings: withChanges(current.settings, changes),
  });
}
