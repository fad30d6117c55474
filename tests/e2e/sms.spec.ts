import { lusakaHour } from '../../src/domain/dates';
import { isQuietHour } from '../../src/domain/sms';
import {
  SIM_API_KEY,
  SIM_USERNAME,
  type SmsGatewaySim,
  startSmsGatewaySim,
} from '../../src/server/testing/sms-gateway-sim';
import { expect, signedInPages, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Text messages: the app runs with SMS_URL pointing at a simulated gateway on loopback (its own
 * server, base + 18: turning SMS on is one for the whole app). ADM001 turns SMS on in Settings,
 * pays an approved allowance, and sees the message in this month's messages and on the student's
 * record. Between 20:00 and 07:00 in Lusaka the message waits for the morning: it is then counted
 * as queued, and nothing reaches the gateway.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SECRET = 'e2e-sms-callback-secret-0123456789';
let sim: SmsGatewaySim;
let origin = '';

test.beforeAll(async () => {
  sim = await startSmsGatewaySim({
    autoReport: true,
    reportTo: async (form) => {
      await fetch(`${origin}/api/sms/delivery/${SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    },
  });
});
const server = ownServerForThisFile(18, 'sms', () => ({
  SMS_URL: sim.url,
  SMS_USERNAME: SIM_USERNAME,
  SMS_API_KEY: SIM_API_KEY,
  SMS_SENDER_ID: 'CHL',
  SMS_CALLBACK_SECRET: SECRET,
}));
origin = server.origin;
test.use({ baseURL: server.origin });
test.afterAll(async () => {
  await sim?.stop();
});

const as = signedInPages();

test('ADM001 turns SMS on, pays an allowance and sees the message counted this month', async ({
  browser,
}) => {
  const admin = await as(browser, 'ADM001');
  await admin.goto('/settings?tab=notifications');
  const sms = admin.getByRole('switch', { name: 'SMS notifications' });
  await expect(sms).toBeEnabled();
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await sms.click();
  await admin.getByRole('button', { name: 'Save Changes' }).click();
  await expect(admin.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expect(sms).toHaveAttribute('aria-checked', 'true');

  const listed = await admin.request.get('/api/allowances?stage=approved&pageSize=1');
  const [allowance] = ((await listed.json()) as { items: Array<{ id: string; student_id: string }> }).items;
  expect(allowance).toBeDefined();
  const paid = await admin.request.post(`/api/allowances/${allowance!.id}/pay`, {
    data: { expected_stage: 'approved' },
  });
  expect(paid.status()).toBe(200);

  const quiet = isQuietHour(lusakaHour(new Date()));
  const shown = quiet ? 'Queued' : 'Delivered';
  const summary = admin.getByLabel('Text messages this month');
  // The sender runs every 5 s and the gateway reports delivery at once.
  await expect(async () => {
    await admin.reload();
    await expect(summary.getByText(shown).locator('xpath=following-sibling::dd')).toHaveText('1', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  expect(sim.accepted).toHaveLength(quiet ? 0 : 1);
  if (!quiet) {
    await expect(summary.getByText('ZMW 0.4500')).toBeVisible();
    expect(sim.accepted[0]!.message).toContain('was paid on');
    expect(sim.accepted[0]!.from).toBe('CHL');
  }

  // The student's record lists it.
  await admin.goto(`/students?open=${allowance!.student_id}`);
  const details = admin.getByRole('dialog', { name: 'Student Details' });
  await details.getByRole('tab', { name: 'Text messages' }).click();
  const messages = details.getByRole('list', { name: 'Text messages' });
  await expect(messages.getByText('Allowance paid')).toBeVisible();
  await expect(messages.getByText(shown)).toBeVisible();
});
