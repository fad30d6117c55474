import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_REASONS } from '../../../domain/sms';
import { createApp } from '../../app';
import { smsMessages, smsOptOuts } from '../../db/schema';
import { type SmsGatewaySim, startSmsGatewaySim } from '../../testing/sms-gateway-sim';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { OPT_OUT_CONFIRMATION } from './sms-callbacks';
import { sendQueuedSms } from './sms-sender';
import { CALLBACK_SECRET, messagesOf, payAllowanceTo, postForm, simConfig, turnSmsOn } from './sms-test-kit';

let t: TestContext;
let sim: SmsGatewaySim;
let admin: string;
const NUMBER = '+260971230777';
const sentTo = (number: string) => sim.accepted.filter((m) => m.to === number);
const reply = (text: string, from = NUMBER) =>
  postForm(
    t,
    `/api/sms/inbound/${CALLBACK_SECRET}`,
    new URLSearchParams({ from, to: '12345', text, date: '2026-03-16 10:00:00', id: 'in-1' }),
  );

beforeAll(async () => {
  sim = await startSmsGatewaySim({});
  t = await createTestContext({ sms: simConfig(sim) });
  t.clock.set(new Date('2026-03-16T08:00:00Z'));
  admin = await t.signIn('ADM001');
  await turnSmsOn(t, admin);
});
afterAll(async () => {
  await t?.close();
  await sim?.stop();
});

describe('STOP and START', () => {
  it('STOP opts the number out at once and is confirmed once; START opts it back in', async () => {
    expect((await reply(' sTo p ')).status).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts)).toMatchObject([{ number: NUMBER }]);
    expect((await reply('STOP')).status).toBe(200);
    await sendQueuedSms(t.deps);
    expect(sentTo(NUMBER).map((m) => m.message)).toEqual([`${OPT_OUT_CONFIRMATION}\n- Student sponsorship`]);

    // Nothing more reaches the number: the paid message is kept, failed, never sent.
    const { studentId } = await payAllowanceTo(t, admin, '0971 230 777');
    await sendQueuedSms(t.deps);
    expect(sentTo(NUMBER)).toHaveLength(1);
    expect((await messagesOf(t, studentId))[0]).toMatchObject({
      status: 'failed',
      failureReason: SMS_REASONS.optedOut,
    });

    expect((await reply('start')).status).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts)).toEqual([]);
    const again = await payAllowanceTo(t, admin, NUMBER);
    expect(await sendQueuedSms(t.deps)).toBe(1);
    expect(sentTo(NUMBER)).toHaveLength(2);
    expect((await messagesOf(t, again.studentId))[0]!.status).toBe('sent');
  });

  it('any other reply, or one from a number that is none, changes nothing', async () => {
    expect((await reply('STOP please')).status).toBe(200);
    expect((await reply('STOP', 'not a number')).status).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts)).toEqual([]);
  });
});

describe('the callbacks are the gateway’s alone', () => {
  const delivery = (path: string, headers = {}) =>
    postForm(t, path, new URLSearchParams({ id: 'x', status: 'Success', phoneNumber: NUMBER }), headers);

  it('refuse a post without the secret, or with another, in the address or the header', async () => {
    const before = await t.database.db.select().from(smsMessages);
    for (const path of ['/api/sms/delivery', '/api/sms/inbound']) {
      expect((await delivery(path)).status).toBe(403);
      expect((await delivery(`${path}/wrong-secret-0123456789`)).status).toBe(403);
      expect((await delivery(path, { 'x-sms-secret': 'wrong' })).status).toBe(403);
      expect((await delivery(`${path}/${CALLBACK_SECRET}`)).status).toBe(200);
      expect((await delivery(path, { 'x-sms-secret': CALLBACK_SECRET })).status).toBe(200);
    }
    // A STOP without the secret opts nobody out.
    const stop = await postForm(
      t,
      '/api/sms/inbound',
      new URLSearchParams({ from: '+260971239999', text: 'STOP' }),
    );
    expect(stop.status).toBe(403);
    expect(
      await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.number, '+260971239999')),
    ).toEqual([]);
    expect(await t.database.db.select().from(smsMessages)).toEqual(before);
  });

  it('never answer 500, whatever is posted', async () => {
    const path = `/api/sms/delivery/${CALLBACK_SECRET}`;
    const bodies: Array<[string, string]> = [
      ['application/json', '{"id": 1'],
      ['application/x-www-form-urlencoded', '%E0%A4%A=&id=%ZZ&status'],
      [
        'application/x-www-form-urlencoded',
        `id=${'x'.repeat(5000)}&status=Failed&failureReason=${'y'.repeat(5000)}`,
      ],
      ['application/x-www-form-urlencoded', 'id=a%00b&status=Success'],
      ['text/plain', '\u0000\u0001'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
    ];
    for (const [type, body] of bodies)
      for (const to of [path, `/api/sms/inbound/${CALLBACK_SECRET}`]) {
        const res = await t.app.request(to, { method: 'POST', headers: { 'content-type': type }, body });
        expect(res.status, `${type} ${body.slice(0, 20)} to ${to}`).toBeLessThan(500);
      }
    const noBody = await t.app.request(path, { method: 'POST' });
    expect(noBody.status).toBeLessThan(500);
  });
});

describe('the secret', () => {
  it('never reaches the request log', async () => {
    const lines: string[] = [];
    const record = (msg: string, fields?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ msg, fields }));
    const logged = createApp({
      ...t.deps,
      config: { ...t.deps.config, logRequests: true },
      logger: { info: record, warn: record, error: record },
    });
    const res = await logged.request(`/api/sms/inbound/${CALLBACK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'from=%2B260971230999&text=hello',
    });
    expect(res.status).toBe(200);
    expect(lines.some((l) => l.includes('/api/sms/inbound/[secret]'))).toBe(true);
    expect(lines.join('\n')).not.toContain(CALLBACK_SECRET);
  });
});

describe('without a gateway', () => {
  it('the callbacks refuse everything', async () => {
    const off = await createTestContext();
    try {
      const res = await off.app.request(`/api/sms/inbound/${CALLBACK_SECRET}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'from=%2B260971230777&text=STOP',
      });
      expect(res.status).toBe(403);
    } finally {
      await off.close();
    }
  });
});

describe("this month's messages and a person's", () => {
  it('counts the month by status with the total cost, for admins only', async () => {
    const res = await t.request('GET', '/api/sms/summary', { token: admin });
    expect(res.status).toBe(200);
    // The tests above: a STOP confirmation and a paid message sent, one kept failed (opted out).
    expect(await res.json()).toEqual({
      month: '2026-03',
      by_status: { queued: 0, sending: 0, sent: 2, delivered: 0, failed: 1 },
      total_cost: [{ currency: 'ZMW', amount: '0.9000' }],
    });
    const officer = await t.signIn('PO001');
    expect((await t.request('GET', '/api/sms/summary', { token: officer })).status).toBe(403);
    expect((await t.request('GET', '/api/sms/summary')).status).toBe(401);
  });

  it("lists a student's messages to those who may open the student, a user's to them and admins", async () => {
    const { studentId } = await payAllowanceTo(t, admin, '+260971230888');
    const list = await t.request('GET', `/api/sms/messages?student_id=${studentId}`, { token: admin });
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 25,
      items: [{ kind: 'allowance_paid', status: 'queued', to_number: '+260971230888' }],
    });
    const officer = await t.signIn('PO001');
    const hidden = await t.request('GET', `/api/sms/messages?student_id=${studentId}`, { token: officer });
    expect(hidden.status).toBe(404);
    const adminId = await t.userId('ADM001');
    expect((await t.request('GET', `/api/sms/messages?user_id=${adminId}`, { token: officer })).status).toBe(
      403,
    );
    const own = await t.request('GET', `/api/sms/messages?user_id=${await t.userId('PO001')}`, {
      token: officer,
    });
    expect(await own.json()).toMatchObject({ items: [], total: 0 });
    expect((await t.request('GET', '/api/sms/messages', { token: admin })).status).toBe(400);
    expect(
      (await t.request('GET', `/api/sms/messages?student_id=${studentId}&pageSize=0`, { token: admin }))
        .status,
    ).toBe(400);
    expect((await t.request('GET', `/api/sms/messages?student_id=${studentId}`)).status).toBe(401);
  });
});
