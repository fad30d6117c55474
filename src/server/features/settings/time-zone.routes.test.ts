import { describe, expect, it } from 'vitest';
import { makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
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

function chooseZone(timezone: string) {
  return putSettings(t, tokens.ADM001, (settings) => ({
    ...settings,
    general: { ...settings.general, timezone },
  }));
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
