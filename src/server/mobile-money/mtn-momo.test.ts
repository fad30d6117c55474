import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIM_FAILURE_REASON, simNumber } from '../testing/mobile-money-sim';
import { mtnMomoOperator } from './mtn-momo';
import { payout, simulatorForTheFile } from './operator-test-kit';

const sim = simulatorForTheFile();
const client = (timeoutMs = 1_000) => mtnMomoOperator(sim.mtn, { timeoutMs });

describe('MTN MoMo: a transfer', () => {
  it('is sent as the API writes it, accepted, then successful with MTN’s transaction id', async () => {
    const mtn = client();
    const request = payout('+260961234567');
    expect(await mtn.send(request)).toEqual({ kind: 'accepted' });
    const made = sim.transfers.find((t) => t.reference === request.reference)!;
    expect(made).toMatchObject({ operator: 'mtn', amount: '1500.00', msisdn: '260961234567' });
    expect(made.body).toMatchObject({
      currency: 'ZMW',
      externalId: request.reference,
      payee: { partyIdType: 'MSISDN', partyId: '260961234567' },
      payerMessage: 'CHL-2026-03-0042',
      payeeNote: 'CHL allowance March',
    });
    expect(await mtn.status(request.reference)).toEqual({
      kind: 'successful',
      transactionId: made.transactionId,
    });
  });

  it('asks a token once and reuses it; a revoked token is replaced once, without sending twice', async () => {
    const mtn = client();
    const before = sim.requests.filter((r) => r === 'POST /disbursement/token/').length;
    await mtn.send(payout('+260961234568'));
    await mtn.send(payout('+260961234569'));
    expect(sim.requests.filter((r) => r === 'POST /disbursement/token/').length).toBe(before + 1);
    sim.revokeTokens();
    const request = payout('+260961234570');
    expect(await mtn.send(request)).toEqual({ kind: 'accepted' });
    expect(sim.made(request.reference)).toBe(1);
    expect(sim.requests.filter((r) => r === 'POST /disbursement/token/').length).toBe(before + 2);
  });

  it('sent twice under one reference is made once: the second is a duplicate', async () => {
    const mtn = client();
    const request = payout('+260961234571');
    expect(await mtn.send(request)).toEqual({ kind: 'accepted' });
    expect(await mtn.send(request)).toEqual({ kind: 'duplicate' });
    expect(sim.made(request.reference)).toBe(1);
  });

  it('that fails says so with MTN’s reason', async () => {
    const mtn = client();
    const request = payout(simNumber('mtn', '0001'));
    expect(await mtn.send(request)).toEqual({ kind: 'accepted' });
    expect(await mtn.status(request.reference)).toEqual({ kind: 'failed', reason: SIM_FAILURE_REASON });
  });

  it('pending stays pending until MTN settles it', async () => {
    const mtn = client();
    const request = payout(simNumber('mtn', '0002'));
    await mtn.send(request);
    expect(await mtn.status(request.reference)).toEqual({ kind: 'pending' });
    expect(await mtn.status(request.reference)).toEqual({ kind: 'pending' });
    expect(await mtn.status(request.reference)).toMatchObject({ kind: 'successful' });
  });

  it('answered 500 after MTN recorded it is no answer, and its status shows it made', async () => {
    const mtn = client();
    const request = payout(simNumber('mtn', '0003'));
    expect(await mtn.send(request)).toMatchObject({ kind: 'no_answer' });
    expect(sim.made(request.reference)).toBe(1);
    expect(await mtn.status(request.reference)).toMatchObject({ kind: 'successful' });
  });

  it('already made by an earlier attempt is a duplicate', async () => {
    const request = payout(simNumber('mtn', '0004'));
    expect(await client().send(request)).toEqual({ kind: 'duplicate' });
    expect(sim.made(request.reference)).toBe(1);
  });

  it('whose answer was lost (the connection cut) or late is no answer, never unreachable', async () => {
    const lost = payout(simNumber('mtn', '0005'));
    expect(await client().send(lost)).toMatchObject({ kind: 'no_answer' });
    expect(sim.made(lost.reference)).toBe(1);
    sim.slowMs = 1_000;
    const slow = payout(simNumber('mtn', '0006'));
    expect(await client(200).send(slow)).toMatchObject({
      kind: 'no_answer',
      reason: expect.stringContaining('in time'),
    });
    expect(sim.made(slow.reference)).toBe(1);
  });

  it('refused (4xx) is refused with MTN’s words; a 500 without a transfer is no answer and not found', async () => {
    const refused = payout(simNumber('mtn', '0007'));
    expect(await client().send(refused)).toEqual({
      kind: 'refused',
      reason: 'MTN refused it (400): PAYEE_NOT_FOUND: Payee does not exist',
    });
    const failing = payout(simNumber('mtn', '0500'));
    expect(await client().send(failing)).toMatchObject({ kind: 'no_answer' });
    expect(sim.made(failing.reference)).toBe(0);
    expect(await client().status(failing.reference)).toEqual({ kind: 'not_found' });
  });

  it('to an operator no connection reaches is unreachable; a status then is unknown', async () => {
    const closed = mtnMomoOperator({ ...sim.mtn, url: 'http://127.0.0.1:9' }, { timeoutMs: 1_000 });
    expect(await closed.send(payout('+260961234572'))).toMatchObject({ kind: 'unreachable' });
    expect(await closed.status(randomUUID())).toMatchObject({ kind: 'unknown' });
    expect(await closed.holderName('+260961234572')).toMatchObject({ kind: 'unknown' });
  });

  it('with wrong credentials is unreachable (nothing was sent), the key in no reason', async () => {
    const wrong = mtnMomoOperator({ ...sim.mtn, apiKey: 'wrong-api-key-1234' }, { timeoutMs: 1_000 });
    const outcome = await wrong.send(payout('+260961234573'));
    expect(outcome).toMatchObject({ kind: 'unreachable' });
    expect(JSON.stringify(outcome)).not.toContain('wrong-api-key-1234');
  });

  it('refused with an answer echoing our request carries none of our secrets in its reason', async () => {
    const outcome = await client().send(payout(simNumber('mtn', '0008')));
    expect(outcome.kind).toBe('refused');
    const text = JSON.stringify(outcome);
    expect(text).toContain('[hidden]');
    for (const secret of [sim.mtn.apiKey, sim.mtn.subscriptionKey, 'sim-token-'])
      expect(text).not.toContain(secret);
  });
});

describe('MTN MoMo: the holder’s name', () => {
  it('is the given and family names basicuserinfo gives; a number MTN does not know has none', async () => {
    sim.registerName('+260961112233', 'Mwila', 'Chanda');
    expect(await client().holderName('+260961112233')).toEqual({ kind: 'name', name: 'Mwila Chanda' });
    expect(await client().holderName('+260961112234')).toMatchObject({ kind: 'none' });
    expect(await client().holderName(simNumber('mtn', '0500'))).toMatchObject({ kind: 'unknown' });
  });
});
