import type { SystemSettings } from '../../domain/settings';
import type { TestContext } from './test-app';

/**
 * Saves System Settings as an admin does on the screen: GET for the version, change, then PUT the
 * whole document back with that version. Throws unless the save answers 200.
 */
export async function putSettings(
  t: TestContext,
  adminToken: string,
  change: (settings: SystemSettings) => SystemSettings,
): Promise<void> {
  const current = (await (await t.request('GET', '/api/settings', { token: adminToken })).json()) as {
    version: number;
    settings: SystemSettings;
  };
  const res = await t.request('PUT', '/api/settings', {
    token: adminToken,
    body: { version: current.version, settings: change(current.settings) },
  });
  if (res.status !== 200) throw new Error(`PUT /api/settings answered ${res.status}: ${await res.text()}`);
}
