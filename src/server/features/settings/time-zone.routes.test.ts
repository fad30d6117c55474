import { describe, expect, it } from 'vitest';
import type { SettingsResponse } from '../../../contracts/settings';
import { json, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';

/*
 * "Today" on the server follows the time zone System Settings give (D13): at 23:30 UTC it is
 * already tomorrow in Lusaka, still today in UTC. A form may not be dated after today.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'PO001'],
  clockAt: new Date('2026-03-18T23:30:00Z'),
});

const formDated = async (studentId: string, day: string) =>
  t.request('POST', '/api/forms', {
    token: tokens.PO001,
    body: { type: 'home_visit', student_id: studentId, form_date: day, fields: {} },
  });

async function chooseZone(timezone: string) {
  const current = await json<SettingsResponse>(
    await t.request('GET', '/api/settings', { token: tokens.ADM001 }),
  );
  const res = await t.request('PUT', '/api/settings', {
    token: tokens.ADM001,
    body: {
      version: current.version,
      settings: { ...current.settings, general: { ...current.settings.general, timezone } },
    },
  });
  expect(res.status).toBe(200);
}

describe('today in the time zone of System Settings', () => {
  it('is the Lusaka day by default and the UTC day once UTC is chosen, from the next request', async () => {
    const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
    expect((await formDated(student.id, '2026-03-19')).status).toBe(201);
    await chooseZone('UTC');
    const refused = await formDated(student.id, '2026-03-19');
    expect(refused.status).toBe(400);
    expect((await formDated(student.id, '2026-03-18')).status).toBe(201);
    await chooseZone('Africa/Harare');
    expect((await formDated(student.id, '2026-03-19')).status).toBe(201);
  });
});
