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
 * pays an approved allowance on the allowances screen, and the student's phone receives one
 * message, counted this month and listed on the student's record; the student replies STOP, is
 * confirmed once, and the next payment's message never leaves. Between 20:00 and 07:00 in Lusaka
 * the message waits for the morning: it is then counted as queued, and nothing reaches the gateway
 * (the hour itself is tested with a controlled clock in sms.sender.test.ts).
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

/** The student's phone in this test: any number the simulator accepts and reports delivered. */
const STUDENT_PHONE = '+260971234567';

type Listed = { items: Array<{ id: string; student_id: string; student_name: string }> };

test('ADM001 turns SMS on and pays an allowance: one message; after STOP, nothing more', async ({
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

  // Two approved allowances whose students' records carry the same phone (a brother and sister).
  const listed = await admin.request.get('/api/allowances?stage=approved&pageSize=2');
  const [first, second] = ((await listed.json()) as Listed).items;
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  for (const { student_id } of [first!, second!]) {
    const changed = await admin.request.put(`/api/students/${student_id}`, {
      data: { contact_number: '0971 234 567' },
    });
    expect(changed.status()).toBe(200);
  }
  const toStudent = () => sim.accepted.filter((m) => m.to === STUDENT_PHONE);

  // Paid on the Allowance Management screen.
  await admin.goto('/allowances');
  await admin.getByPlaceholder('Search allowances...').fill(first!.student_name);
  await admin
    .getByRole('button', { name: new RegExp(`^Mark as paid: ${first!.student_name}`) })
    .first()
    .click();
  await admin
    .getByRole('alertdialog', { name: 'Mark as Paid' })
    .getByRole('button', { name: 'Mark as Paid' })
    .click();
  await expect(admin.getByText('Allowance marked as paid successfully!')).toBeVisible();

  const quiet = isQuietHour(lusakaHour(new Date()));
  const shown = quiet ? 'Queued' : 'Delivered';
  const summary = admin.getByLabel('Text messages this month');
  const expectCounted = async (status: string, count: number) => {
    await admin.goto('/settings?tab=notifications');
    // The sender runs every 5 s and the gateway reports delivery at once.
    await expect(async () => {
      await admin.reload();
      await expect(summary.getByText(status).locator('xpath=following-sibling::dd')).toHaveText(
        String(count),
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000 });
  };
  await expectCounted(shown, 1);
  expect(toStudent()).toHaveLength(quiet ? 0 : 1);
  if (!quiet) {
    await expect(summary.getByText('ZMW 0.4500')).toBeVisible();
    expect(toStudent()[0]!.message).toContain('was paid on');
    expect(toStudent()[0]!.from).toBe('CHL');
  }

  // The student's record lists it.
  await admin.goto(`/students?open=${first!.student_id}`);
  const details = admin.getByRole('dialog', { name: 'Student Details' });
  await details.getByRole('tab', { name: 'Text messages' }).click();
  const messages = details.getByRole('list', { name: 'Text messages' });
  await expect(messages.getByText('Allowance paid')).toBeVisible();
  await expect(messages.getByText(shown)).toBeVisible();
  if (quiet) return; // Between 20:00 and 07:00 nothing leaves, so there is nothing more to see.

  // The student replies " stop " (the gateway posts the reply): one confirmation, then nothing.
  const reply = await fetch(`${origin}/api/sms/inbound/${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ from: STUDENT_PHONE, to: 'CHL', text: ' stop ', id: 'reply-1' }).toString(),
  });
  expect(reply.status).toBe(200);
  await expect.poll(() => toStudent().length, { timeout: 30_000 }).toBe(2);
  expect(toStudent()[1]!.message).toContain('You will receive no more messages from us.');

  const paid = await admin.request.post(`/api/allowances/${second!.id}/pay`, {
    data: { expected_stage: 'approved' },
  });
  expect(paid.status()).toBe(200);
  // The second payment's message is kept as failed (opted out) and never reaches the gateway.
  await expectCounted('Failed', 1);
  expect(toStudent()).toHaveLength(2);
});

test('a student sees the texts sent to them on their own profile', async ({ browser }) => {
  // SMS is on from the test above. An urgent announcement for students texts each student account.
  const admin = await as(browser, 'ADM001');
  const published = await admin.request.post('/api/announcements', {
    data: {
      title: 'Exam venue moved',
      content: 'Exams are in Hall B.',
      priority: 'urgent',
      target_audience: 'students',
    },
  });
  expect(published.status()).toBe(201);

  const student = await as(browser, 'STU001');
  await student.goto('/account');
  const texts = student.getByRole('region', { name: 'Text messages' });
  await expect(texts.getByText('Urgent announcement')).toBeVisible();
  await expect(texts.getByText(/^Urgent: Exam venue moved\. Exams are in Hall B\./)).toBeVisible();
  await expect(texts.getByText(/Reply STOP to any of them/)).toBeVisible();
});
