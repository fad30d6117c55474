import { type AddressInfo, createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_REASONS } from '../../../domain/sms';
import type { AppDeps } from '../../app-env';
import { smsEarlyReports, smsMessages, students } from '../../db/schema';
import { json, makeAllowance, makeStudent } from '../../testing/factories';
import { giveChannel } from '../../testing/payment-channel-factory';
import {
  SIM_FAILURE_REASON,
  SIM_NUMBERS,
  type SmsGatewaySim,
  startSmsGatewaySim,
} from '../../testing/sms-gateway-sim';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { SMS_BUDGET_REACHED } from './sms-bell';
import { claimDue, SMS_CLAIM_MS, sendQueuedSms } from './sms-sender';
import { CALLBACK_SECRET, messagesOf, payAllowanceTo, postForm, simConfig, turnSmsOn } from './sms-test-kit';

let t: TestContext;
let sim: SmsGatewaySim;
let admin: string;
let serial = 100;
/** A fresh Zambian mobile number the simulator accepts and reports delivered. */
const freshNumber = () => `+26097123${String(++serial).padStart(4, '0')}`;
const sentTo = (number: string) => sim.accepted.filter((m) => m.to === number);

beforeAll(async () => {
  sim = await startSmsGatewaySim({
    reportTo: async (form) => {
      await postForm(t, `/api/sms/delivery/${CALLBACK_SECRET}`, form);
    },
  });
  t = await createTestContext({ sms: simConfig(sim) });
  // 10:00 in Lusaka, a Monday.
  await setClock('2026-03-16T08:00:00Z');
  await turnSmsOn(t, admin);
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});

/** Moves the clock (sessions end when idle: sign in again). */
async function setClock(at: string) {
  t.clock.set(new Date(at));
  admin = await t.signIn('ADM001');
}

/** Each test starts in a minute of its own, so the minute's limit counts only its messages. */
const nextMinutes = () => t.clock.advance(5 * 60_000);

/** A loopback port nothing listens on: one the system gave out and was given back. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('the allowance paid message', () => {
  it('is queued with the payment and sent once, then moves with the delivery report', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number.replace('+260', '0'));
    const [queued] = await messagesOf(t, studentId);
    expect(queued).toMatchObject({ status: 'queued', toNumber: number, kind: 'allowance_paid', parts: 1 });
    expect(queued!.body).toBe(
      'Your allowance of ZMW 1,000.00 for February 2026 was paid on 16/03/2026 by direct payment.\n- Student sponsorship',
    );

    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    expect(sentTo(number)).toHaveLength(1);
    expect(sentTo(number)[0]!.from).toBe('CHL');
    const [sent] = await messagesOf(t, studentId);
    expect(sent).toMatchObject({
      status: 'sent',
      costText: 'ZMW 0.4500',
      costAmount: '0.4500',
      costCurrency: 'ZMW',
    });
    expect(sent!.gatewayMessageId).toBe(sentTo(number)[0]!.messageId);

    await sim.reportDeliveries();
    expect((await messagesOf(t, studentId))[0]!.status).toBe('delivered');
  });

  it('takes a delivery report that arrives before the gateway answer is recorded', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    // The gateway reports delivery while its answer to us is still on the way.
    const reportsFirst: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      await sim.reportDeliveries();
      return answer;
    };
    expect(await sendQueuedSms(t.deps, reportsFirst)).toBe(1);
    const [message] = await messagesOf(t, studentId);
    expect(message).toMatchObject({ status: 'delivered', gatewayMessageId: sentTo(number)[0]!.messageId });
    expect(await t.database.db.select().from(smsEarlyReports)).toEqual([]);
  });

  it('goes once through a process that died after claiming it, and after a restart', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    // A process claims it and dies before sending.
    expect(await claimDue(t.deps, t.deps.config.sms!, t.clock.now())).toHaveLength(1);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    // Its claim runs out: the restarted process sends it, once.
    t.clock.advance(SMS_CLAIM_MS + 1_000);
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    expect(sentTo(number)).toHaveLength(1);
    expect((await messagesOf(t, studentId))[0]!.status).toBe('sent');
  });

  it('is never sent again once the gateway may have it, when the process dies during the call', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    // The gateway takes it, and the process dies before it hears the answer.
    let reached!: () => void;
    const gatewayHasIt = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const dying: typeof fetch = async (...args) => {
      await fetch(...args);
      reached();
      return new Promise<Response>(() => {});
    };
    void sendQueuedSms(t.deps, dying);
    await gatewayHasIt;
    t.clock.advance(SMS_CLAIM_MS + 1_000);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    expect(sentTo(number)).toHaveLength(1);
    expect((await messagesOf(t, studentId))[0]).toMatchObject({
      status: 'failed',
      failureReason: SMS_REASONS.interrupted,
    });
  });

  it('is never sent again when the gateway took it and gave no answer in time', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    // The request reaches the gateway, which accepts it; the answer does not come in time.
    const timesOut: typeof fetch = async (...args) => {
      await fetch(...args);
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    expect(await sendQueuedSms(t.deps, timesOut)).toBe(0);
    t.clock.advance(SMS_CLAIM_MS + 1_000);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    expect(sentTo(number)).toHaveLength(1);
    const [message] = await messagesOf(t, studentId);
    expect(message).toMatchObject({ status: 'failed', attempts: 1 });
    expect(message!.failureReason).toContain(SMS_REASONS.unanswered);
  });

  it('tries again when no connection to the gateway could be made, and then sends it once', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    // Nothing listens on a port just given back: the connection is refused before anything is sent.
    const port = await closedPort();
    const unreachable: typeof fetch = (_url, init) =>
      fetch(`http://127.0.0.1:${port}/version1/messaging`, init);
    expect(await sendQueuedSms(t.deps, unreachable)).toBe(0);
    expect((await messagesOf(t, studentId))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    t.clock.advance(31_000);
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(sentTo(number)).toHaveLength(1);
  });

  it('is queued once for each allowance a payment batch pays, naming the bank transfer', async () => {
    nextMinutes();
    const number = freshNumber();
    const student = await makeStudent(t);
    await t.database.db.update(students).set({ contactNumber: number }).where(eq(students.id, student.id));
    await giveChannel(t, student.id);
    await makeAllowance(t, student, { stage: 'approved', month: 'March', monthNumber: 3, year: 2024 });
    const made = await t.request('POST', '/api/payment-batches', {
      token: admin,
      body: { month: 'March', year: 2024 },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { id } = await json<{ id: string }>(made);
    const paid = await t.request('POST', `/api/payment-batches/${id}/mark-paid`, {
      token: admin,
      body: { paid_date: '2026-03-16' },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(sentTo(number)).toHaveLength(1);
    expect(sentTo(number)[0]!.message).toContain('bank transfer');
    expect(await messagesOf(t, student.id)).toHaveLength(1);
  });

  it('is sent once when two app processes run their passes at once', async () => {
    nextMinutes();
    const numbers = [freshNumber(), freshNumber(), freshNumber(), freshNumber(), freshNumber()];
    for (const number of numbers) await payAllowanceTo(t, admin, number);
    const other: AppDeps = { ...t.deps };
    const [a, b] = await Promise.all([sendQueuedSms(t.deps), sendQueuedSms(other)]);
    expect(a + b).toBe(5);
    for (const number of numbers) expect(sentTo(number)).toHaveLength(1);
  });

  it('is counted, never sent, when the record has no usable number', async () => {
    nextMinutes();
    const before = sim.requests;
    const { studentId } = await payAllowanceTo(t, admin, '12 34');
    expect(await messagesOf(t, studentId)).toMatchObject([
      { status: 'failed', failureReason: SMS_REASONS.noNumber, toNumber: null },
    ]);
    await sendQueuedSms(t.deps);
    expect(sim.requests).toBe(before);
  });
});

describe('what the gateway answers', () => {
  it('retries after a 500 with a backoff, and gives up after several tries', async () => {
    nextMinutes();
    const number = freshNumber();
    const { studentId } = await payAllowanceTo(t, admin, number);
    sim.failNext(1);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    expect((await messagesOf(t, studentId))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await sendQueuedSms(t.deps)).toBe(0);
    t.clock.advance(31_000);
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(sentTo(number)).toHaveLength(1);

    const failing = await payAllowanceTo(t, admin, SIM_NUMBERS.serverError);
    for (let i = 0; i < 8; i++) {
      await sendQueuedSms(t.deps);
      t.clock.advance(31 * 60_000);
    }
    const [gaveUp] = await messagesOf(t, failing.studentId);
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 6 });
    expect(gaveUp!.failureReason).toContain(SMS_REASONS.gaveUp);
  });

  it('records a refused number, a failed delivery and a message never reported', async () => {
    // The hours above moved the clock: back to a morning.
    await setClock('2026-03-17T08:00:00Z');
    const refused = await payAllowanceTo(t, admin, SIM_NUMBERS.refused);
    const failing = await payAllowanceTo(t, admin, SIM_NUMBERS.reportsFailure);
    const silent = await payAllowanceTo(t, admin, SIM_NUMBERS.neverReported);
    await sendQueuedSms(t.deps);
    await sim.reportDeliveries();
    expect((await messagesOf(t, refused.studentId))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'InvalidPhoneNumber',
    });
    expect((await messagesOf(t, failing.studentId))[0]).toMatchObject({
      status: 'failed',
      failureReason: SIM_FAILURE_REASON,
    });
    expect((await messagesOf(t, silent.studentId))[0]!.status).toBe('sent');
  });
});

describe('quiet hours and limits', () => {
  it('holds a message paid at 22:00 until 07:00 in the programme time zone', async () => {
    await setClock('2026-03-18T20:00:00Z'); // 22:00 in Lusaka
    const number = freshNumber();
    await payAllowanceTo(t, admin, number);
    expect(await sendQueuedSms(t.deps)).toBe(0);
    await setClock('2026-03-19T04:59:00Z'); // 06:59
    expect(await sendQueuedSms(t.deps)).toBe(0);
    await setClock('2026-03-19T05:00:00Z'); // 07:00
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(sentTo(number)).toHaveLength(1);
  });

  it('sends at most SMS_MAX_PER_MINUTE a minute', async () => {
    nextMinutes();
    const sms = t.deps.config.sms!;
    sms.maxPerMinute = 2;
    try {
      for (let i = 0; i < 3; i++) await payAllowanceTo(t, admin, freshNumber());
      expect(await sendQueuedSms(t.deps)).toBe(2);
      expect(await sendQueuedSms(t.deps)).toBe(0);
      t.clock.advance(61_000);
      expect(await sendQueuedSms(t.deps)).toBe(1);
    } finally {
      sms.maxPerMinute = 60;
    }
  });

  it('stops at the daily budget and tells the admins in the bell, once', async () => {
    await setClock('2026-03-20T08:00:00Z');
    const sms = t.deps.config.sms!;
    sms.dailyBudget = 2;
    try {
      const numbers = [freshNumber(), freshNumber(), freshNumber()];
      for (const number of numbers) await payAllowanceTo(t, admin, number);
      expect(await sendQueuedSms(t.deps)).toBe(2);
      t.clock.advance(5 * 60_000);
      expect(await sendQueuedSms(t.deps)).toBe(0);
      expect(await sendQueuedSms(t.deps)).toBe(0);
      const bell = await (await t.request('GET', '/api/notifications', { token: admin })).json();
      const groups = bell.groups.filter((g: { area: string }) => g.area === 'settings');
      expect(groups).toHaveLength(1);
      expect(groups[0].items).toMatchObject([{ title: SMS_BUDGET_REACHED }]);
      const officer = await t.signIn('PO001');
      const theirs = await (await t.request('GET', '/api/notifications', { token: officer })).json();
      expect(theirs.groups.some((g: { area: string }) => g.area === 'settings')).toBe(false);
      // The next programme day the rest goes.
      await setClock('2026-03-21T06:00:00Z');
      expect(await sendQueuedSms(t.deps)).toBe(1);
      const ids = await t.database.db.select().from(smsMessages).where(eq(smsMessages.status, 'queued'));
      expect(ids).toHaveLength(0);
    } finally {
      sms.dailyBudget = 2000;
    }
  });
});
