import { eq } from 'drizzle-orm';
import type { SmsConfig } from '../../config';
import { smsMessages, students } from '../../db/schema';
import { makeAllowance, makeStudent } from '../../testing/factories';
import { putSettings } from '../../testing/put-settings';
import { SIM_API_KEY, SIM_USERNAME, type SmsGatewaySim } from '../../testing/sms-gateway-sim';
import type { TestContext } from '../../testing/test-app';

/** What the SMS tests share (not shipped: only tests import it). */

export const CALLBACK_SECRET = 'test-callback-secret-0123456789';

export const simConfig = (sim: SmsGatewaySim): SmsConfig => ({
  url: sim.url,
  username: SIM_USERNAME,
  apiKey: SIM_API_KEY,
  senderId: 'CHL',
  callbackSecret: CALLBACK_SECRET,
  maxPerMinute: 60,
  dailyBudget: 2000,
});

/** A form post as the gateway makes it, to one of the callbacks. */
export const postForm = (t: TestContext, path: string, form: URLSearchParams | string, headers = {}) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: form.toString(),
  });

export const turnSmsOn = (t: TestContext, adminToken: string) =>
  putSettings(t, adminToken, (s) => ({
    ...s,
    notifications: { ...s.notifications, smsNotifications: true },
  }));

/** An approved allowance of a new student whose record holds `number`, paid through the API. */
export async function payAllowanceTo(t: TestContext, adminToken: string, number: string | null) {
  const student = await makeStudent(t);
  await t.database.db.update(students).set({ contactNumber: number }).where(eq(students.id, student.id));
  const id = await makeAllowance(t, student, { stage: 'approved', month: 'February', monthNumber: 2 });
  const res = await t.request('POST', `/api/allowances/${id}/pay`, {
    token: adminToken,
    body: { expected_stage: 'approved' },
  });
  if (res.status !== 200) throw new Error(`pay answered ${res.status}: ${await res.text()}`);
  return { studentId: student.id, allowanceId: id };
}

export const messagesOf = (t: TestContext, studentId: string) =>
  t.database.db.select().from(smsMessages).where(eq(smsMessages.studentId, studentId));
