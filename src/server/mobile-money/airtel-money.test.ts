import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIM_FAILURE_REASON, simNumber } from '../testing/mobile-money-sim';
import { airtelMoneyOperator } from './airtel-money';
import { payout, simulatorForTheFile } from './operator-test-kit';

const sim = simulatorForTheFile();
const client = (timeoutMs = 1_000) => airtelMoneyOperator(sim.airtel, { timeoutMs });

describe('Airtel Money: a disbursement', () => {
  it('is sent as the API writes it (the PIN encrypted, the amount exact), then successful with Airtel’s id', async () => {
    const airtel = client();
    const request = payout('+260971234567', { amount: '1500.10' });
    expect(await airtel.send(request)).toEqual({ kind: 'accepted' });
    const made = sim.transfers.find((t) => t.reference === request.reference)!;
    // The sim decrypted the PIN with its private key, or it would have refused it.
    expect(made).toMatchObject({ operator: 'airtel', amount: '1500.10', msisdn: '260971234567' });
    expect(made.body).toMatchObject({
      payee: { currency: 'ZMW', msisdn: '971234567' },
      reference: 'CHL-2026-03-0042',
      transaction: { id: request.reference, type: 'B2C' },
    });
    expect(made.body.pin).not.toBe(sim.airtel.pin);
    expect(await airtel.status(request.reference)).toEqual({
      kind: 'successful',
      transactionId: made.transactionId,
    });
  });

  it('with the wrong PIN is refused and nothing is made', async () => {
    const wrongPin = airtelMoneyOperator({ ...sim.airtel, pin: '0000' }, { timeoutMs: 1_000 });
    const request = payout('+260971234568');
    expect(await wrongPin.send(request)).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('Invalid PIN'),
    });
    expect(sim.made(request.reference)).toBe(0);
  });

  it('asks a token once and reuses it; a revoked token is replaced once, without sending twice', async () => {
    const airtel = client();
    const tokensAsked = () => sim.requests.filter((r) => r === 'POST /auth/oauth2/token').length;
    const before = tokensAsked();
    await airtel.send(payout('+260971234569'));
    await airtel.status(randomUUID());
    expect(tokensAsked()).toBe(before + 1);
    sim.revokeTokens();
    const request = payout('+260971234570');
    expect(await airtel.send(request)).toEqual({ kind: 'accepted' });
    expect(sim.made(request.reference)).toBe(1);
    expect(tokensAsked()).toBe(before + 2);
  });

  it('sent twice under one id is made once: the second is a duplicate (DP00900001011)', async () => {
    const airtel = client();
    const request = payout('+260971234571');
    expect(await airtel.send(request)).toEqual({ kind: 'accepted' });
    expect(await airtel.send(request)).toEqual({ kind: 'duplicate' });
    expect(sim.made(request.reference)).toBe(1);
    const earlier = payout(simNumber('airtel', '0004'));
    expect(await airtel.send(earlier)).toEqual({ kind: 'duplicate' });
  });

  it('that fails (TF) says so with Airtel’s message; pending (TIP) until it settles', async () => {
    const airtel = client();
    const failing = payout(simNumber('airtel', '0001'));
    await airtel.send(failing);
    expect(await airtel.status(failing.reference)).toEqual({ kind: 'failed', reason: SIM_FAILURE_REASON });
    const pending = payout(simNumber('airtel', '0002'));
    await airtel.send(pending);
    expect(await airtel.status(pending.reference)).toEqual({ kind: 'pending' });
    expect(await airtel.status(pending.reference)).toEqual({ kind: 'pending' });
    expect(await airtel.status(pending.reference)).toMatchObject({ kind: 'successful' });
  });

  it('ambiguous (DP00900001000) is ambiguous, its status not final until Airtel settles it', async () => {
    const airtel = client();
    const request = payout(simNumber('airtel', '0003'));
    expect(await airtel.send(request)).toMatchObject({
      kind: 'ambiguous',
      reason: expect.stringContaining('DP00900001000'),
    });
    expect(await airtel.status(request.reference)).toEqual({ kind: 'pending' });
    sim.settle(request.reference, 'successful');
    expect(await airtel.status(request.reference)).toMatchObject({ kind: 'successful' });
    expect(sim.made(request.reference)).toBe(1);
  });

  it('whose answer was lost or late is no answer; a 500 without a transfer is no answer and not found', async () => {
    const lost = payout(simNumber('airtel', '0005'));
    expect(await client().send(lost)).toMatchObject({ kind: 'no_answer' });
    expect(sim.made(lost.reference)).toBe(1);
    sim.slowMs = 1_000;
    const slow = payout(simNumber('airtel', '0006'));
    expect(await client(200).send(slow)).toMatchObject({ kind: 'no_answer' });
    const failing = payout(simNumber('airtel', '0500'));
    expect(await client().send(failing)).toMatchObject({ kind: 'no_answer' });
    expect(sim.made(failing.reference)).toBe(0);
    expect(await client().status(failing.reference)).toEqual({ kind: 'not_found' });
  });

  it('refused by Airtel is refused with its words', async () => {
    expect(await client().send(payout(simNumber('airtel', '0007')))).toEqual({
      kind: 'refused',
      reason: 'Airtel refused it: Invalid mobile number (DP00900001012)',
    });
  });

  it('to an operator no connection reaches is unreachable; with a wrong secret, too, and the secret in no reason', async () => {
    const closed = airtelMoneyOperator({ ...sim.airtel, url: 'http://127.0.0.1:9' }, { timeoutMs: 1_000 });
    expect(await closed.send(payout('+260971234572'))).toMatchObject({ kind: 'unreachable' });
    expect(await closed.status(randomUUID())).toMatchObject({ kind: 'unknown' });
    const wrong = airtelMoneyOperator(
      { ...sim.airtel, clientSecret: 'wrong-secret-1234' },
      { timeoutMs: 1_000 },
    );
    const outcome = await wrong.send(payout('+260971234573'));
    expect(outcome).toMatchObject({ kind: 'unreachable' });
    expect(JSON.stringify(outcome)).not.toContain('wrong-secret-1234');
  });

  it('refused with an answer echoing our request carries neither the token nor the encrypted PIN', async () => {
    const outcome = await client().send(payout(simNumber('airtel', '0008')));
    expect(outcome.kind).toBe('refused');
    const text = JSON.stringify(outcome);
    expect(text).toContain('[hidden]');
    expect(text).not.toContain('sim-token-');
    expect(text).not.toMatch(/"pin\\?":\\?"[A-Za-z0-9+/]{20}/);
  });

  it('gives no holder’s name: a person confirms an Airtel wallet', async () => {
    expect(await client().holderName('+260971234567')).toMatchObject({ kind: 'none' });
  });
});
