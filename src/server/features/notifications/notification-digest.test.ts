import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDigests, users } from '../../db/schema';
import { makeAllowance, makeStudent } from '../../testing/factories';
import { fileTestContext } from '../../testing/test-file';
import { sendNotificationDigests } from './notification-digest';

const { t } = fileTestContext();

const ADDRESSES = {
  ADM001: 'adm001@demo.chl.org.zm',
  DPM001: 'dpm001@demo.chl.org.zm',
  PO001: 'po001@demo.chl.org.zm',
  PO002: 'po002@demo.chl.org.zm',
  USR001: 'usr001@demo.chl.org.zm',
};
const sentTo = (address: string) => t.mailer.sent.filter((m) => m.to === address);
/** 06:59 and 07:00 in Lusaka (UTC+2) on 16 March 2026, and the next morning. */
const BEFORE_SEVEN = new Date('2026-03-16T04:59:00Z');
const SEVEN = new Date('2026-03-16T05:00:00Z');
const NEXT_DAY = new Date('2026-03-17T06:00:00Z');

beforeAll(async () => {
  const student = await makeStudent(t, { name: 'Mwila Chanda', officer: 'PO001' });
  await makeAllowance(t, student, { stage: 'pending_dpm', month: 'March', monthNumber: 3 });
  await makeAllowance(t, student, { stage: 'pending_flmi', month: 'February', monthNumber: 2 });
  await t.deps.db.update(users).set({ emailDigest: false }).where(eq(users.staffId, 'PO002'));
});

describe('the daily digest of waiting items', () => {
  it('waits for seven in the Lusaka morning', async () => {
    t.clock.set(BEFORE_SEVEN);
    expect(await sendNotificationDigests(t.deps)).toBe(0);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('then sends one to each staff account with something waiting and the email on', async () => {
    t.clock.set(SEVEN);
    expect(await sendNotificationDigests(t.deps)).toBe(3);
    const [dpm] = sentTo(ADDRESSES.DPM001);
    expect(dpm!.subject).toBe('1 item waits for you in CHL Back-office');
    expect(dpm!.text).toContain('Allowances awaiting your decision (1)');
    expect(dpm!.text).toContain('Mwila Chanda · March 2026: ZMW 1,000.00 · Pending Deputy Manager');
    expect(dpm!.text).toMatch(/http:\/\/[^/]+\/allowances\?open=[0-9a-f-]{36}/);
    expect(sentTo(ADDRESSES.PO001)[0]!.text).toContain('February 2026');
    expect(sentTo(ADDRESSES.ADM001)).toHaveLength(1);
    // PO002 turned the email off; USR001 has nothing to decide.
    expect(sentTo(ADDRESSES.PO002)).toHaveLength(0);
    expect(sentTo(ADDRESSES.USR001)).toHaveLength(0);
    const claims = await t.deps.db.select().from(notificationDigests);
    expect(claims).toHaveLength(3);
    expect(claims.every((c) => c.digestDate === '2026-03-16' && c.sentAt !== null)).toBe(true);
  });

  it('sends nothing more that day, however many passes run, at once or later', async () => {
    t.clock.set(new Date('2026-03-16T15:00:00Z'));
    const passes = await Promise.all([sendNotificationDigests(t.deps), sendNotificationDigests(t.deps)]);
    expect(passes).toEqual([0, 0]);
    expect(t.mailer.sent).toHaveLength(3);
  });

  it('two processes starting the same morning send each email once', async () => {
    t.clock.set(NEXT_DAY);
    const passes = await Promise.all([
      sendNotificationDigests(t.deps),
      sendNotificationDigests(t.deps),
      sendNotificationDigests(t.deps),
    ]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(3);
    for (const who of ['ADM001', 'DPM001', 'PO001'] as const) expect(sentTo(ADDRESSES[who])).toHaveLength(2);
  });

  it('gives the day back when the email fails, so the next pass sends it', async () => {
    t.clock.set(new Date('2026-03-18T06:00:00Z'));
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async (message) => {
      if (message.to === ADDRESSES.DPM001) throw new Error('SMTP down');
      return send(message);
    };
    try {
      expect(await sendNotificationDigests(t.deps)).toBe(2);
    } finally {
      t.mailer.send = send;
    }
    expect(sentTo(ADDRESSES.DPM001)).toHaveLength(2);
    expect(await sendNotificationDigests(t.deps)).toBe(1);
    expect(sentTo(ADDRESSES.DPM001)).toHaveLength(3);
  });
});
