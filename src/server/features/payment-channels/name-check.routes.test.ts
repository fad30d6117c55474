import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentChannelSaved, PaymentChannelsResponse } from '../../../contracts/payment-channels';
import { NAME_CHECK_MESSAGES } from '../../../domain/holder-names';
import { channelHoldReason } from '../../../domain/payment-channels';
import type { Config } from '../../config';
import { activities } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, makeStudent } from '../../testing/factories';
import { type MobileMoneySim, startMobileMoneySim } from '../../testing/mobile-money-sim';
import { fileTestRequests } from '../../testing/test-file';
import { checkWalletHolders } from './payment-channels.service';

// The simulator starts first: the app's configuration points MTN and Airtel at it.
let sim: MobileMoneySim;
const config: Partial<Config> = { mobileMoneyTimeoutMs: 2_000 };
beforeAll(async () => {
  sim = await startMobileMoneySim();
  config.mtnMomo = sim.mtn;
  config.airtelMoney = sim.airtel;
});
afterAll(() => sim.stop());

const { t, send, ok } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'], config });

let serial = 0;
const number = (prefix: '96' | '97') => `+260${prefix}${String(2_000_000 + ++serial * 7919).slice(-7)}`;
const path = (studentId: string) => `/api/students/${studentId}/payment-channels`;
const addWallet = async (as: string, studentId: string, wallet: string, provider = 'mtn_momo') =>
  (
    await ok<PaymentChannelSaved>(
      await send(as, 'POST', path(studentId), {
        kind: 'mobile_wallet',
        provider,
        wallet_number: wallet,
        wallet_name: 'As the student says',
      }),
    )
  ).channel;
const confirmPath = (studentId: string, channelId: string) => `${path(studentId)}/${channelId}/confirm`;
const trail = async (studentId: string) =>
  t.database.db
    .select({ action: activities.action, summary: activities.summary })
    .from(activities)
    .where(and(eq(activities.entityType, 'student'), eq(activities.entityId, studentId)));

/** Mwila Chanda (PO001's) and the MTN wallet her officer adds, which MTN says `first last` holds. */
async function mwilasWalletHeldBy(first: string, last: string) {
  const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
  const wallet = number('96');
  sim.registerName(wallet, first, last);
  return { student, wallet, channel: await addWallet('PO001', student.id, wallet) };
}

const HELD_MISMATCH = channelHoldReason({ kind: 'mobile_wallet', name_check: 'mismatch' });

describe('an MTN wallet’s holder, asked of MTN when the wallet is added', () => {
  it('matches the student’s name written another way: nothing holds it, and the trail says MTN’s name', async () => {
    const { student, channel } = await mwilasWalletHeldBy('CHANDA', 'Mwila B.');
    expect(channel).toMatchObject({
      name_check: 'matched',
      operator_name: 'CHANDA Mwila B.',
      hold_reason: null,
      name_confirmation: null,
      name_checked_by_name: null,
    });
    const entries = await trail(student.id);
    expect(entries.map((e) => e.action)).toContain('payment_channel.name_checked');
    expect(entries.find((e) => e.action === 'payment_channel.name_checked')?.summary).toContain(
      'CHANDA Mwila B.',
    );
    expect((await send('PO001', 'POST', confirmPath(student.id, channel.id), { note: 'x' })).status).toBe(
      409,
    );
  });

  it('that differs holds the wallet until a deputy manager confirms it with a note (not its officer)', async () => {
    const { student, wallet, channel } = await mwilasWalletHeldBy('Bupe', 'Tembo');
    expect(channel).toMatchObject({
      name_check: 'mismatch',
      operator_name: 'Bupe Tembo',
      hold_reason: HELD_MISMATCH,
      name_confirmation: 'mismatch',
    });
    const byOfficer = await send('PO001', 'POST', confirmPath(student.id, channel.id), {
      note: 'Her sister',
    });
    expect(byOfficer.status).toBe(403);
    expect((await errorOf(byOfficer)).error).toBe(NAME_CHECK_MESSAGES.mismatchNeedsManager);
    const noNote = await send('DPM001', 'POST', confirmPath(student.id, channel.id), { note: '  ' });
    expect(noNote.status).toBe(400);
    expect((await errorOf(noNote)).fields).toHaveProperty('note');
    const confirmed = await ok<PaymentChannelSaved>(
      await send('DPM001', 'POST', confirmPath(student.id, channel.id), {
        note: 'Wallet registered by her guardian Bupe Tembo; seen the NRC',
      }),
    );
    expect(confirmed.channel).toMatchObject({
      name_check: 'confirmed',
      operator_name: 'Bupe Tembo',
      name_check_note: 'Wallet registered by her guardian Bupe Tembo; seen the NRC',
      name_checked_by_name: expect.any(String),
      hold_reason: null,
      name_confirmation: null,
    });
    const entry = (await trail(student.id)).find((e) => e.action === 'payment_channel.confirmed');
    expect(entry?.summary).toContain('seen the NRC');
    expect(entry?.summary).not.toContain(wallet.slice(1));
    // Once is enough.
    expect(
      (await send('ADM001', 'POST', confirmPath(student.id, channel.id), { note: 'again' })).status,
    ).toBe(409);
  });

  it('of a number MTN does not know is a mismatch to confirm, never a match', async () => {
    const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const channel = await addWallet('PO001', student.id, number('96'));
    expect(channel).toMatchObject({
      name_check: 'mismatch',
      operator_name: null,
      hold_reason: HELD_MISMATCH,
    });
  });

  it('stays unchecked while MTN cannot answer (nobody may confirm it by hand), and a later pass checks it once', async () => {
    const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const wallet = number('96');
    sim.namesDown = true;
    const channel = await addWallet('PO001', student.id, wallet);
    sim.namesDown = false;
    expect(channel).toMatchObject({
      name_check: 'unchecked',
      hold_reason: channelHoldReason({ kind: 'mobile_wallet', name_check: 'unchecked' }),
      name_confirmation: null,
    });
    const early = await send('ADM001', 'POST', confirmPath(student.id, channel.id), { note: 'Trust me' });
    expect(early.status).toBe(409);
    expect((await errorOf(early)).error).toBe(NAME_CHECK_MESSAGES.operatorWillAnswer);
    sim.registerName(wallet, 'Mwila', 'Chanda');
    expect(await checkWalletHolders(t.deps, { channelIds: [channel.id] })).toEqual(
      new Map([[channel.id, 'matched']]),
    );
    // Asked again (a second process, a later pass), it is not unchecked any more: nothing changes.
    expect(await checkWalletHolders(t.deps, { channelIds: [channel.id] })).toEqual(new Map());
    const listed = await ok<PaymentChannelsResponse>(await send('PO001', 'GET', path(student.id)));
    expect(listed.current[0]).toMatchObject({ id: channel.id, name_check: 'matched', hold_reason: null });
    expect((await trail(student.id)).filter((e) => e.action === 'payment_channel.name_checked')).toHaveLength(
      1,
    );
  });

  // A real second session: PGlite serves one session for every connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is asked with no lock held: the student and its channels stay free while MTN takes its time',
    async () => {
      const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
      const wallet = number('96');
      sim.registerName(wallet, 'Mwila', 'Chanda');
      sim.namesDelayMs = 1_000;
      try {
        const adding = addWallet('PO001', student.id, wallet);
        const asked = () => sim.requests.some((r) => r.includes(`${wallet.slice(1)}/basicuserinfo`));
        for (let tries = 0; !asked() && tries < 100; tries++) await new Promise((r) => setTimeout(r, 20));
        expect(asked()).toBe(true);
        const other = await t.database.pool.connect();
        try {
          await other.query('begin');
          await other.query("set local lock_timeout = '200ms'");
          await other.query('select id from students where id = $1 for update', [student.id]);
          await other.query('select id from payment_channels where student_id = $1 for update', [student.id]);
        } finally {
          await other.query('rollback');
          other.release();
        }
        expect((await adding).name_check).toBe('matched');
      } finally {
        sim.namesDelayMs = 0;
      }
    },
  );

  it('is asked again for a changed wallet (a new channel), the old one keeping its check', async () => {
    const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const first = number('96');
    sim.registerName(first, 'Mwila', 'Chanda');
    const old = await addWallet('PO001', student.id, first);
    const second = number('96');
    sim.registerName(second, 'Someone', 'Else');
    const changed = await ok<PaymentChannelSaved>(
      await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, {
        kind: 'mobile_wallet',
        provider: 'mtn_momo',
        wallet_number: second,
        wallet_name: 'Mwila Chanda',
        reason: 'New SIM',
      }),
    );
    expect(changed.channel).toMatchObject({ name_check: 'mismatch', hold_reason: HELD_MISMATCH });
    const listed = await ok<PaymentChannelsResponse>(await send('PO001', 'GET', path(student.id)));
    expect(listed.history[0]).toMatchObject({ id: old.id, name_check: 'matched', hold_reason: null });
  });
});

describe('an Airtel wallet’s holder', () => {
  it('is never asked of Airtel: its program officer confirms it by hand once, with a note', async () => {
    const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const asked = sim.requests.filter((r) => r.includes('basicuserinfo')).length;
    const channel = await addWallet('PO001', student.id, number('97'), 'airtel_money');
    expect(sim.requests.filter((r) => r.includes('basicuserinfo')).length).toBe(asked);
    expect(channel).toMatchObject({ name_check: 'unchecked', name_confirmation: 'by_hand' });
    expect(channel.hold_reason).not.toBeNull();
    const confirmed = await ok<PaymentChannelSaved>(
      await send('PO001', 'POST', confirmPath(student.id, channel.id), {
        note: 'She showed the Airtel registration text',
      }),
    );
    expect(confirmed.channel).toMatchObject({
      name_check: 'confirmed',
      hold_reason: null,
      name_confirmation: null,
    });
  });
});

describe('who may confirm a wallet', () => {
  it('answers 401/403 to those outside staff, 404 to another officer, and by role for a mismatch', async () => {
    const own = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const others = await makeStudent(t, { officer: 'PO002', name: 'Mwila Chanda' });
    const mismatched = number('96');
    sim.registerName(mismatched, 'Bupe', 'Tembo');
    const mismatch = await addWallet('ADM001', own.id, mismatched);
    const airtelOwn = await addWallet('ADM001', own.id, number('97'), 'airtel_money');
    const airtelOthers = await addWallet('ADM001', others.id, number('97'), 'airtel_money');
    const body = { note: 'Checked with the student' };
    // Each identity in turn: the first allowed confirms, the next find nothing to confirm.
    await expectAccess(
      t,
      accessMatrix([
        {
          route: `POST ${confirmPath(own.id, mismatch.id)}`,
          body,
          statuses: { ...staffOnly(200), program_officer: 403, admin: 409 },
        },
        {
          route: `POST ${confirmPath(own.id, airtelOwn.id)}`,
          body,
          statuses: { ...staffOnly(409), program_officer: 200 },
        },
        {
          route: `POST ${confirmPath(others.id, airtelOthers.id)}`,
          body,
          statuses: { ...staffOnly(409), program_officer: 404, deputy_manager: 200 },
        },
        // Another student's channel under this student's path is not there.
        { route: `POST ${confirmPath(own.id, airtelOthers.id)}`, body, statuses: staffOnly(404) },
        { route: `POST ${confirmPath(own.id, 'not-a-uuid')}`, body, statuses: staffOnly(404) },
      ]),
    );
  });
});
