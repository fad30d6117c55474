import { describe, expect, it } from 'vitest';
import type { SystemSettings } from '../../../domain/settings';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { fileTestContext } from '../../testing/test-file';

/*
 * "Today" on the server follows the time zone System Settings give (D13): at 23:30 UTC it is
 * already tomorrow in Lusaka, still today in UTC. A form may not be dated after today.
 */

const { t, tokens } = fileTestContext({
  signIn: ['ADM001', 'DPM001', 'PO001'],
  clockAt: new Date('2026-03-18T23:30:00Z'),
});

const formDated = async (studentId: string, day: string) =>
  t.request('POST', '/api/forms', {
    token: tokens.PO001,
    body: { type: 'home_visit', student_id: studentId, form_date: day, fields: {} },
  });

function chooseZone(timezone: SystemSettings['general']['timezone']) {
  return putSettings(t, tokens.ADM001!, (settings) => ({
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

  it('dates an allowance decision on the programme day of the chosen zone', async () => {
    await chooseZone('Africa/Lusaka');
    const student = await makeStudent(t, { name: 'Chanda Mwape', officer: 'PO001' });
    const decide = async (id: string) => {
      const res = await t.request('POST', `/api/allowances/${id}/decision`, {
        token: tokens.DPM001,
        body: { decision: 'approve', comment: 'Receipts checked', expected_stage: 'pending_dpm' },
      });
      expect(res.status).toBe(200);
      return (await json<{ dpm_approved_date: string }>(res)).dpm_approved_date;
    };
    expect(await decide(await makeAllowance(t, student, { month: 'January', monthNumber: 1 }))).toBe(
      '2026-03-19',
    );
    await chooseZone('UTC');
    expect(await decide(await makeAllowance(t, student, { month: 'February', monthNumber: 2 }))).toBe(
      '2026-03-18',
    );
  });
});
