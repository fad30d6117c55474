import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AllowanceView } from '../../../contracts/allowances';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import type { PaymentChannelSaved, PaymentChannelsResponse } from '../../../contracts/payment-channels';
import { PAYMENT_CHANNEL_MESSAGES } from '../../../domain/payment-channels';
import { activities, paymentChannels } from '../../db/schema';
import { accessMatrix, expectAccess, staffOnly } from '../../testing/access-matrix';
import { errorOf, makeAllowance, makeStudent, UNKNOWN_ID } from '../../testing/factories';
import { untilSomeoneWaitsForALock } from '../../testing/lock-waits';
import { fileTestRequests } from '../../testing/test-file';

const { t, send, ok } = fileTestRequests({ signIn: ['ADM001', 'DPM001', 'PO001', 'PO002'] });

let serial = 0;
/** A wallet number no other test of the file uses, under the given prefix ('96': MTN). */
const walletNumber = (prefix = '96') => `0${prefix}${String(1_000_000 + ++serial * 7919).slice(-7)}`;
const e164 = (national: string) => `+260${national.slice(1)}`;

const wallet = (number: string, provider = 'mtn_momo', extra: Record<string, unknown> = {}) => ({
  kind: 'mobile_wallet',
  provider,
  wallet_number: number,
  wallet_name: 'Mwila Chanda',
  ...extra,
});
const bank = (account: string, extra: Record<string, unknown> = {}) => ({
  kind: 'bank',
  bank_name: 'Zanaco',
  bank_branch: 'Cairo Road',
  account_number: account,
  account_name: 'Mwila Chanda',
  ...extra,
});

const path = (studentId: string) => `/api/students/${studentId}/payment-channels`;
const add = async (as: string, studentId: string, body: unknown) =>
  ok<PaymentChannelSaved>(await send(as, 'POST', path(studentId), body));
const channelsOf = async (as: string, studentId: string) =>
  ok<PaymentChannelsResponse>(await send(as, 'GET', path(studentId)));
const rowsOf = (studentId: string) =>
  t.database.db.select().from(paymentChannels).where(eq(paymentChannels.studentId, studentId));

describe('who reaches a student’s payment channels', () => {
  it('answers as for the student’s record: staff in scope, other officers 404, others 401/403, on every route', async () => {
    const own = await makeStudent(t, { officer: 'PO001' });
    const others = await makeStudent(t, { officer: 'PO002' });
    const ownChannel = (await add('ADM001', own.id, wallet(walletNumber()))).channel;
    const othersChannel = (await add('ADM001', others.id, wallet(walletNumber()))).channel;
    const inScope = staffOnly(200);
    const notPO = { ...inScope, program_officer: 404 };
    await expectAccess(
      t,
      accessMatrix([
        { route: `GET ${path(own.id)}`, statuses: inScope },
        { route: `GET ${path(others.id)}`, statuses: notPO },
        { route: `GET ${path(UNKNOWN_ID)}`, statuses: staffOnly(404) },
        { route: `GET ${path('not-a-uuid')}`, statuses: staffOnly(404) },
        // The same account for each identity in turn: the first in scope adds it, the next find it taken.
        {
          route: `POST ${path(own.id)}`,
          body: bank('11223344'),
          statuses: { ...staffOnly(201), deputy_manager: 409, admin: 409 },
        },
        {
          route: `POST ${path(others.id)}`,
          body: bank('99887766'),
          statuses: { ...staffOnly(201), program_officer: 404, admin: 409 },
        },
        { route: `POST ${path(own.id)}/${ownChannel.id}/primary`, statuses: inScope },
        { route: `POST ${path(others.id)}/${othersChannel.id}/primary`, statuses: notPO },
        { route: `POST ${path(own.id)}/${UNKNOWN_ID}/primary`, statuses: staffOnly(404) },
        // Another student's channel under this student's path is not there.
        { route: `POST ${path(own.id)}/${othersChannel.id}/primary`, statuses: staffOnly(404) },
        {
          route: `PUT ${path(others.id)}/${othersChannel.id}`,
          body: { ...wallet(walletNumber()), reason: 'New phone' },
          statuses: { ...staffOnly(200), program_officer: 404, admin: 409 },
        },
      ]),
    );
    // The deputy manager changed the other officer's channel; the admin then found it replaced.
    const after = await channelsOf('DPM001', others.id);
    expect(after.history.map((c) => c.id)).toEqual([othersChannel.id]);
    expect(after.current).toHaveLength(2);
  });
});

describe('a mobile wallet', () => {
  it('is stored in E.164 whatever way it is written, without a warning when the prefix is the operator’s', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const mtn = walletNumber('76');
    const spaced = `+260 ${mtn.slice(1, 3)} ${mtn.slice(3, 6)} ${mtn.slice(6)}`;
    const saved = await add('PO001', student.id, wallet(spaced));
    expect(saved.warnings).toEqual([]);
    expect(saved.channel).toMatchObject({
      kind: 'mobile_wallet',
      provider: 'mtn_momo',
      wallet_number: e164(mtn),
    });
    const airtel = walletNumber('97');
    const second = await add('PO001', student.id, wallet(airtel.slice(1), 'airtel_money'));
    expect(second.warnings).toEqual([]);
    expect(second.channel.wallet_number).toBe(e164(airtel));
  });

  it('of MTN, while MTN’s API is not configured, waits for a person to confirm its holder by hand', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const saved = await add('PO001', student.id, wallet(walletNumber()));
    expect(saved.channel).toMatchObject({ name_check: 'unchecked', name_confirmation: 'by_hand' });
    expect(saved.channel.hold_reason).not.toBeNull();
    const confirmed = await ok<PaymentChannelSaved>(
      await send('PO001', 'POST', `${path(student.id)}/${saved.channel.id}/confirm`, {
        note: 'Seen on her phone',
      }),
    );
    expect(confirmed.channel).toMatchObject({ name_check: 'confirmed', hold_reason: null });
  });

  it('under another operator’s prefix (or Zamtel’s) is saved as entered, with a warning', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const zamtel = walletNumber('95');
    const saved = await add('PO001', student.id, wallet(zamtel, 'mtn_momo'));
    expect(saved.warnings).toEqual([PAYMENT_CHANNEL_MESSAGES.prefixMismatch('mtn_momo', e164(zamtel))]);
    expect(saved.channel.wallet_number).toBe(e164(zamtel));
    const mtnOnAirtel = walletNumber('96');
    const second = await add('PO001', student.id, wallet(mtnOnAirtel, 'airtel_money'));
    expect(second.warnings[0]).toContain('Airtel Money');
    expect(second.channel).toMatchObject({ provider: 'airtel_money', wallet_number: e164(mtnOnAirtel) });
  });

  it('that is no Zambian mobile number is refused under its field, and nothing is saved', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    for (const number of ['12345', '0211234567', '+27821234567', 'call me']) {
      const res = await send('PO001', 'POST', path(student.id), wallet(number));
      expect(res.status, number).toBe(400);
      expect((await errorOf(res)).fields).toEqual({
        wallet_number: PAYMENT_CHANNEL_MESSAGES.walletNumberInvalid,
      });
    }
    const res = await send('PO001', 'POST', path(student.id), {
      ...wallet(walletNumber()),
      provider: 'zamtel_kwacha',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('provider');
    expect(await rowsOf(student.id)).toEqual([]);
  });
});

describe('one primary channel', () => {
  it('the first is primary; another becomes so only when asked, and one primary remains', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const first = (await add('PO001', student.id, wallet(walletNumber()))).channel;
    expect(first.is_primary).toBe(true);
    const second = (await add('PO001', student.id, bank(`6${Date.now()}`))).channel;
    expect(second.is_primary).toBe(false);
    const third = (
      await add('PO001', student.id, { ...wallet(walletNumber('97'), 'airtel_money'), primary: true })
    ).channel;
    expect(third.is_primary).toBe(true);
    let listed = await channelsOf('PO001', student.id);
    // The primary first; the others after it.
    expect(listed.current[0]).toMatchObject({ id: third.id, is_primary: true });
    expect(listed.current.slice(1).map((c) => [c.id, c.is_primary])).toEqual(
      expect.arrayContaining([
        [first.id, false],
        [second.id, false],
      ]),
    );
    await ok(await send('PO001', 'POST', `${path(student.id)}/${second.id}/primary`));
    listed = await channelsOf('PO001', student.id);
    expect(listed.current.filter((c) => c.is_primary).map((c) => c.id)).toEqual([second.id]);
    expect(listed.history).toEqual([]);
  });

  it('is held by the database too: a second primary row is refused', async () => {
    const student = await makeStudent(t);
    await add('ADM001', student.id, wallet(walletNumber()));
    await expect(
      t.database.db.insert(paymentChannels).values({
        studentId: student.id,
        kind: 'bank',
        bankName: 'Zanaco',
        accountNumber: '12345678',
        accountName: 'X',
        isPrimary: true,
      }),
    ).rejects.toThrow();
  });
});

describe('a change', () => {
  it('ends the old channel (when, who, why) and adds the new one in its place, never rewriting the old', async () => {
    const student = await makeStudent(t, { officer: 'PO001', name: 'Mwila Chanda' });
    const oldNumber = walletNumber();
    const old = (await add('PO001', student.id, wallet(oldNumber))).channel;
    const [oldRowBefore] = await rowsOf(student.id);
    const newNumber = walletNumber();
    const changed = await ok<PaymentChannelSaved>(
      await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, {
        ...wallet(newNumber),
        reason: 'Lost her phone',
      }),
    );
    expect(changed.channel).toMatchObject({
      wallet_number: e164(newNumber),
      is_primary: true,
      ended_at: null,
    });
    const listed = await channelsOf('PO001', student.id);
    expect(listed.current.map((c) => c.id)).toEqual([changed.channel.id]);
    expect(listed.history).toEqual([
      expect.objectContaining({
        id: old.id,
        wallet_number: e164(oldNumber),
        is_primary: false,
        end_reason: 'Lost her phone',
        ended_by_name: expect.any(String),
        replaced_by_id: changed.channel.id,
      }),
    ]);
    const [oldRowAfter] = await t.database.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.id, old.id));
    // What was paid to stays as it was.
    expect({
      ...oldRowAfter,
      endedAt: null,
      endedBy: null,
      endReason: null,
      isPrimary: true,
      replacedById: null,
    }).toEqual(oldRowBefore);
    // A replaced channel is not changed again, nor made primary.
    const again = await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, {
      ...wallet(walletNumber()),
      reason: 'x',
    });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error).toBe(PAYMENT_CHANNEL_MESSAGES.ended);
    expect((await send('PO001', 'POST', `${path(student.id)}/${old.id}/primary`)).status).toBe(409);
  });

  it('needs a reason, and may keep the same wallet (a corrected name)', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const number = walletNumber();
    const old = (await add('PO001', student.id, wallet(number))).channel;
    const res = await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, wallet(number));
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty('reason');
    const fixed = await ok<PaymentChannelSaved>(
      await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, {
        ...wallet(number, 'mtn_momo', { wallet_name: 'Mwila B. Chanda' }),
        reason: 'Name as registered with MTN',
      }),
    );
    expect(fixed.channel).toMatchObject({ wallet_number: e164(number), wallet_name: 'Mwila B. Chanda' });
  });

  it('is in the student’s audit trail with the last four digits only', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    const account = `40${Date.now()}`;
    const old = (await add('PO001', student.id, bank(account))).channel;
    const number = walletNumber();
    await ok(
      await send('PO001', 'PUT', `${path(student.id)}/${old.id}`, {
        ...wallet(number),
        reason: 'Prefers MoMo',
      }),
    );
    const entries = await t.database.db
      .select({ action: activities.action, summary: activities.summary })
      .from(activities)
      .where(and(eq(activities.entityType, 'student'), eq(activities.entityId, student.id)));
    expect(entries.map((e) => e.action).sort()).toEqual(['payment_channel.added', 'payment_channel.changed']);
    const text = entries.map((e) => e.summary).join('\n');
    expect(text).toContain(`••••${account.slice(-4)}`);
    expect(text).toContain(`••••${number.slice(-4)}`);
    expect(text).not.toContain(account);
    expect(text).not.toContain(number.slice(1));
  });
});

describe('a wallet or account on two students', () => {
  it('is refused as a possible duplicate, naming the other student only to who may see them', async () => {
    const theirs = await makeStudent(t, { officer: 'PO002', name: 'Bupe Tembo' });
    const mine = await makeStudent(t, { officer: 'PO001' });
    const number = walletNumber();
    const account = `55${Date.now()}`;
    await add('PO002', theirs.id, wallet(number));
    await add('PO002', theirs.id, bank(account));

    const byOfficer = await send('PO001', 'POST', path(mine.id), wallet(e164(number)));
    expect(byOfficer.status).toBe(409);
    expect((await errorOf(byOfficer)).error).toBe(PAYMENT_CHANNEL_MESSAGES.duplicateHidden('wallet'));
    const byAdmin = await send('ADM001', 'POST', path(mine.id), wallet(number));
    expect((await errorOf(byAdmin)).error).toBe(
      PAYMENT_CHANNEL_MESSAGES.duplicateNamed('wallet', 'Bupe Tembo'),
    );
    // The same account written otherwise (another case of the bank, spaces) is the same account.
    const spaced = `${account.slice(0, 4)} ${account.slice(4)}`;
    const sameAccount = await send('DPM001', 'POST', path(mine.id), bank(spaced, { bank_name: 'ZANACO' }));
    expect(sameAccount.status).toBe(409);
    expect((await errorOf(sameAccount)).error).toBe(
      PAYMENT_CHANNEL_MESSAGES.duplicateNamed('bank account', 'Bupe Tembo'),
    );
    expect(await rowsOf(mine.id)).toEqual([]);
    // The same wallet number with the other operator is another wallet.
    expect((await send('PO001', 'POST', path(mine.id), wallet(number, 'airtel_money'))).status).toBe(201);
  });

  it('is free again once the other student’s channel was changed away from it', async () => {
    const theirs = await makeStudent(t, { officer: 'PO002' });
    const mine = await makeStudent(t, { officer: 'PO002' });
    const number = walletNumber();
    const old = (await add('PO002', theirs.id, wallet(number))).channel;
    await ok(
      await send('PO002', 'PUT', `${path(theirs.id)}/${old.id}`, {
        ...wallet(walletNumber()),
        reason: 'New SIM',
      }),
    );
    expect((await add('PO002', mine.id, wallet(number))).channel.wallet_number).toBe(e164(number));
  });

  // A real second transaction: PGlite serves one session for every connection.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'given to two students at once, the database refuses the second with the same 409',
    async () => {
      const theirs = await makeStudent(t, { officer: 'PO002', name: 'Chanda Race' });
      const mine = await makeStudent(t, { officer: 'PO001' });
      const number = walletNumber();
      const other = await t.database.pool.connect();
      let committed = false;
      try {
        await other.query('begin');
        await other.query(
          `insert into payment_channels (student_id, kind, provider, wallet_number, wallet_name, is_primary)
           values ($1, 'mobile_wallet', 'mtn_momo', $2, 'Chanda Race', true)`,
          [theirs.id, e164(number)],
        );
        // The request's check does not see the uncommitted row; its insert waits on it.
        const adding = send('PO001', 'POST', path(mine.id), wallet(number));
        await untilSomeoneWaitsForALock(other, 'The request never waited for the other transaction');
        await other.query('commit');
        committed = true;
        const res = await adding;
        expect(res.status).toBe(409);
        expect((await errorOf(res)).error).toBe(PAYMENT_CHANNEL_MESSAGES.duplicateHidden('wallet'));
        const asAdmin = await send('ADM001', 'POST', path(mine.id), wallet(number));
        expect((await errorOf(asAdmin)).error).toBe(
          PAYMENT_CHANNEL_MESSAGES.duplicateNamed('wallet', 'Chanda Race'),
        );
      } finally {
        if (!committed) await other.query('rollback');
        other.release();
      }
      expect(await rowsOf(mine.id)).toEqual([]);
    },
  );
});

describe('unknown records', () => {
  it('answer 404 for a channel id of nothing and for text that is no id', async () => {
    const student = await makeStudent(t, { officer: 'PO001' });
    for (const id of [randomUUID(), 'nope']) {
      const res = await send('PO001', 'PUT', `${path(student.id)}/${id}`, {
        ...wallet(walletNumber()),
        reason: 'x',
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('where a payment is shown', () => {
  it('the allowance and the batch’s items name the primary channel, masked, or none', async () => {
    const withWallet = await makeStudent(t, { officer: 'PO001' });
    const without = await makeStudent(t, { officer: 'PO001' });
    const number = walletNumber();
    await add('PO001', withWallet.id, wallet(number));
    const paidTo = await makeAllowance(t, withWallet, {
      stage: 'approved',
      month: 'August',
      monthNumber: 8,
      year: 2031,
    });
    const nowhere = await makeAllowance(t, without, {
      stage: 'approved',
      month: 'August',
      monthNumber: 8,
      year: 2031,
    });
    const masked = `••••${number.slice(-4)}`;
    const allowance = await ok<AllowanceView>(await send('PO002', 'GET', `/api/allowances/${paidTo}`));
    expect(allowance.payment_channel).toMatchObject({
      kind: 'mobile_wallet',
      provider: 'mtn_momo',
      masked_number: masked,
      label: `MTN MoMo ${masked}`,
    });
    expect(JSON.stringify(allowance)).not.toContain(number.slice(1));
    expect(
      (await ok<AllowanceView>(await send('PO001', 'GET', `/api/allowances/${nowhere}`))).payment_channel,
    ).toBeNull();

    // A wallet whose holder was not checked is held from a batch (issue 49 item 3): confirm it here.
    await t.database.db
      .update(paymentChannels)
      .set({ nameCheck: 'confirmed', nameCheckedAt: t.clock.now() })
      .where(eq(paymentChannels.studentId, withWallet.id));
    const created = await ok<{ id: string }>(
      await send('ADM001', 'POST', '/api/payment-batches', { allowance_ids: [paidTo, nowhere] }),
    );
    const batch = await ok<PaymentBatchDetail>(
      await send('ADM001', 'GET', `/api/payment-batches/${created.id}`),
    );
    const byAllowance = new Map(batch.items.map((i) => [i.allowance_id, i.payment_channel]));
    expect(byAllowance.get(paidTo)?.label).toBe(`MTN MoMo ${masked}`);
    // The allowance without a channel is held, listed on the batch with why.
    expect(byAllowance.has(nowhere)).toBe(false);
    expect(batch.held.map((h) => h.allowance_id)).toEqual([nowhere]);
  });
});
