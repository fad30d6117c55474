import { constants, type KeyObject, privateDecrypt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './sim-http';

/*
 * The two APIs the mobile-money simulator speaks (mobile-money-sim.ts starts it): MTN MoMo's and
 * Airtel Money's Disbursement endpoints, each checking its credentials, its token and its body as
 * issue 49 item 4 writes them, the wallet number choosing the scenario.
 */

export const SIM_SCENARIOS = {
  /** Taken, then FAILED / TF with SIM_FAILURE_REASON. */
  '0001': 'failure',
  /** Taken, PENDING / TIP for `pendingPolls` status questions, then successful. */
  '0002': 'pending',
  /** Recorded, then Airtel answers DP00900001000 (its status stays TA until settled); MTN a 500. */
  '0003': 'ambiguous',
  /** Recorded as if an earlier attempt had been made, then answered as a duplicate. */
  '0004': 'duplicate',
  /** Recorded (and paid), then the connection is destroyed without an answer. */
  '0005': 'lost',
  /** Recorded, then no answer for `slowMs` (longer than the client's timeout). */
  '0006': 'slow',
  /** Refused before any money moved (MTN 400 PAYEE_NOT_FOUND; Airtel an invalid msisdn). */
  '0007': 'refused',
  /** Refused, the answer echoing the request's headers and body (secrets must not reach a reason). */
  '0008': 'echo',
  /** A 500 and nothing recorded. */
  '0500': 'server_error',
} as const;
export type SimScenario = (typeof SIM_SCENARIOS)[keyof typeof SIM_SCENARIOS] | 'success';

export const SIM_FAILURE_REASON = 'NOT_ENOUGH_FUNDS';

export interface SimTransfer {
  operator: 'mtn' | 'airtel';
  reference: string;
  /** As the client wrote it in JSON: MTN's a string, Airtel's a number (its raw text). */
  amount: string;
  msisdn: string;
  body: Record<string, unknown>;
  /** `reversed`: paid, then the money came back (a person at the operator reversed it). */
  status: 'pending' | 'successful' | 'failed' | 'ambiguous' | 'reversed';
  polls: number;
  transactionId: string;
}

/** What the handlers share with the simulator that started them. */
export interface SimState {
  mtn: { userId: string; apiKey: string; subscriptionKey: string; targetEnvironment: string };
  airtel: { clientId: string; clientSecret: string; pin: string };
  privateKey: KeyObject;
  transfers: SimTransfer[];
  names: Map<string, { given_name: string; family_name: string }>;
  tokens: Set<string>;
  sim: {
    made(reference: string): number;
    pendingPolls: number;
    slowMs: number;
    namesDown: boolean;
    namesDelayMs: number;
  };
}

export const scenarioOf = (msisdn: string): SimScenario =>
  SIM_SCENARIOS[msisdn.slice(-4) as keyof typeof SIM_SCENARIOS] ?? 'success';

/** PKCS#1 v1.5 type 2 unpadding by hand: Node refuses that padding for private decryption. */
function decryptPin(key: KeyObject, base64: string): string | null {
  try {
    const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
    const end = block.indexOf(0, 2);
    if (block[0] !== 0 || block[1] !== 2 || end < 10) return null;
    return block.subarray(end + 1).toString('utf8');
  } catch {
    return null;
  }
}

/** The request handlers of both APIs over the simulator's state. */
export function operatorApis(state: SimState) {
  const { mtn, airtel, privateKey, transfers, names, tokens, sim } = state;

  const issueToken = (res: ServerResponse) => {
    const token = `sim-token-${randomUUID()}`;
    tokens.add(token);
    json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  };
  const bearerOk = (req: IncomingMessage) =>
    tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''));

  /** Records a transfer (once per reference) and says what its answer is to be. */
  function record(
    operator: 'mtn' | 'airtel',
    reference: string,
    msisdn: string,
    amount: string,
    body: Record<string, unknown>,
  ) {
    const scenario = scenarioOf(msisdn);
    const status: SimTransfer['status'] =
      scenario === 'failure'
        ? 'failed'
        : scenario === 'pending'
          ? 'pending'
          : scenario === 'ambiguous' && operator === 'airtel'
            ? 'ambiguous'
            : 'successful';
    transfers.push({
      operator,
      reference,
      amount,
      msisdn,
      body,
      status,
      polls: 0,
      transactionId: `${operator.toUpperCase()}${Date.now()}${transfers.length}`,
    });
    return scenario;
  }

  /** What a status question finds, moving a pending transfer on. */
  function look(reference: string, operator: 'mtn' | 'airtel') {
    const transfer = transfers.find((t) => t.reference === reference && t.operator === operator);
    if (transfer?.status === 'pending' && ++transfer.polls > sim.pendingPolls) transfer.status = 'successful';
    return transfer;
  }

  /** Answers a transfer's request as its scenario says, after it was recorded (or not). */
  async function answerTransfer(
    res: ServerResponse,
    scenario: SimScenario,
    accepted: () => void,
    ambiguous: () => void,
  ) {
    if (scenario === 'lost') return res.socket?.destroy();
    if (scenario === 'slow') await new Promise((resolve) => setTimeout(resolve, sim.slowMs));
    if (scenario === 'ambiguous') return ambiguous();
    accepted();
  }

  async function mtnApi(req: IncomingMessage, res: ServerResponse, path: string, text: string) {
    if (req.headers['ocp-apim-subscription-key'] !== mtn.subscriptionKey)
      return json(res, 401, { statusCode: 401, message: 'Access denied due to invalid subscription key.' });
    if (path === '/disbursement/token/' && req.method === 'POST') {
      const basic = `Basic ${Buffer.from(`${mtn.userId}:${mtn.apiKey}`).toString('base64')}`;
      return req.headers.authorization === basic
        ? issueToken(res)
        : json(res, 401, { error: 'login_failed' });
    }
    if (!bearerOk(req)) return json(res, 401, { code: 'UNAUTHORIZED', message: 'Invalid token' });
    if (req.headers['x-target-environment'] !== mtn.targetEnvironment)
      return json(res, 400, { code: 'INVALID_TARGET_ENVIRONMENT', message: 'Unknown environment' });
    if (path === '/disbursement/v1_0/transfer' && req.method === 'POST') {
      const reference = String(req.headers['x-reference-id'] ?? '');
      const body = JSON.parse(text) as {
        amount?: unknown;
        currency?: unknown;
        externalId?: unknown;
        payee?: { partyIdType?: unknown; partyId?: unknown };
      };
      const partyId = String(body.payee?.partyId ?? '');
      if (
        !/^[0-9a-f-]{36}$/.test(reference) ||
        body.currency !== 'ZMW' ||
        typeof body.amount !== 'string' ||
        !/^\d+\.\d{2}$/.test(body.amount) ||
        body.payee?.partyIdType !== 'MSISDN' ||
        !/^260\d{9}$/.test(partyId)
      )
        return json(res, 400, { code: 'INVALID_REQUEST', message: 'Malformed transfer' });
      if (sim.made(reference) > 0)
        return json(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id' });
      const scenario = scenarioOf(partyId);
      if (scenario === 'server_error')
        return json(res, 500, { code: 'INTERNAL_PROCESSING_ERROR', message: 'Internal error' });
      if (scenario === 'refused')
        return json(res, 400, { code: 'PAYEE_NOT_FOUND', message: 'Payee does not exist' });
      if (scenario === 'echo')
        return json(res, 400, {
          authorization: req.headers.authorization,
          key: req.headers['ocp-apim-subscription-key'],
          body: text,
        });
      record('mtn', reference, partyId, body.amount, body as Record<string, unknown>);
      if (scenario === 'duplicate')
        return json(res, 409, { code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id' });
      return answerTransfer(
        res,
        scenario,
        () => json(res, 202),
        () => json(res, 500, { code: 'INTERNAL_PROCESSING_ERROR' }),
      );
    }
    const status = /^\/disbursement\/v1_0\/transfer\/([^/]+)$/.exec(path);
    if (status && req.method === 'GET') {
      const transfer = look(decodeURIComponent(status[1]!), 'mtn');
      if (!transfer)
        return json(res, 404, { code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' });
      const common = {
        amount: transfer.amount,
        currency: 'ZMW',
        externalId: transfer.reference,
        payee: { partyIdType: 'MSISDN', partyId: transfer.msisdn },
      };
      if (transfer.status === 'successful')
        return json(res, 200, {
          ...common,
          status: 'SUCCESSFUL',
          financialTransactionId: transfer.transactionId,
        });
      if (transfer.status === 'failed' || transfer.status === 'reversed')
        return json(res, 200, { ...common, status: 'FAILED', reason: SIM_FAILURE_REASON });
      return json(res, 200, { ...common, status: 'PENDING' });
    }
    const info = /^\/disbursement\/v1_0\/accountholder\/msisdn\/(\d+)\/basicuserinfo$/.exec(path);
    if (info && req.method === 'GET') {
      if (sim.namesDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, sim.namesDelayMs));
      if (sim.namesDown || scenarioOf(info[1]!) === 'server_error')
        return json(res, 500, { code: 'INTERNAL_PROCESSING_ERROR' });
      const name = names.get(info[1]!);
      return name
        ? json(res, 200, { ...name, locale: 'en', gender: '', status: 'ACTIVE' })
        : json(res, 404, { code: 'RESOURCE_NOT_FOUND' });
    }
    json(res, 404, { code: 'RESOURCE_NOT_FOUND' });
  }

  const airtelStatus = (code: string, message: string, success: boolean) => ({
    status: {
      code: success ? '200' : '400',
      message,
      result_code: success ? 'ESB000010' : 'ESB000001',
      response_code: code,
      success,
    },
  });

  async function airtelApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    text: string,
  ) {
    if (path === '/auth/oauth2/token' && req.method === 'POST') {
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      return body.grant_type === 'client_credentials' &&
        body.client_id === airtel.clientId &&
        body.client_secret === airtel.clientSecret
        ? issueToken(res)
        : json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    if (!bearerOk(req)) return json(res, 401, { error: 'invalid_token' });
    if (req.headers['x-country'] !== 'ZM' || req.headers['x-currency'] !== 'ZMW')
      return json(res, 400, airtelStatus('DP00900001004', 'Invalid country or currency', false));
    if (path === '/standard/v2/disbursements/' && req.method === 'POST') {
      const body = JSON.parse(text) as {
        payee?: { currency?: unknown; msisdn?: unknown };
        pin?: unknown;
        reference?: unknown;
        transaction?: { amount?: unknown; id?: unknown; type?: unknown };
      };
      const rawAmount = /"amount":(\d+(?:\.\d+)?)[,}]/.exec(text)?.[1];
      const msisdn = String(body.payee?.msisdn ?? '');
      const id = String(body.transaction?.id ?? '');
      if (decryptPin(privateKey, String(body.pin ?? '')) !== airtel.pin)
        return json(res, 400, airtelStatus('DP00900001016', 'Invalid PIN', false));
      if (
        !rawAmount ||
        body.payee?.currency !== 'ZMW' ||
        !/^\d{9}$/.test(msisdn) ||
        body.transaction?.type !== 'B2C' ||
        !id
      )
        return json(res, 400, airtelStatus('DP00900001004', 'Malformed disbursement', false));
      if (sim.made(id) > 0)
        return json(res, 200, airtelStatus('DP00900001011', 'Duplicate transaction id', false));
      const scenario = scenarioOf(msisdn);
      if (scenario === 'server_error') return json(res, 500, { error: 'Internal Server Error' });
      if (scenario === 'refused')
        return json(res, 200, airtelStatus('DP00900001012', 'Invalid mobile number', false));
      if (scenario === 'echo')
        return json(res, 400, { authorization: req.headers.authorization, body: text });
      record('airtel', id, `260${msisdn}`, rawAmount, body as Record<string, unknown>);
      if (scenario === 'duplicate')
        return json(res, 200, airtelStatus('DP00900001011', 'Duplicate transaction id', false));
      const transfer = transfers.at(-1)!;
      return answerTransfer(
        res,
        scenario,
        () =>
          json(res, 200, {
            data: {
              transaction: {
                reference_id: randomUUID(),
                airtel_money_id: transfer.transactionId,
                id,
                status: 'TIP',
              },
            },
            ...airtelStatus('DP00900001001', 'Success.', true),
          }),
        () =>
          json(res, 200, {
            data: { transaction: { id, status: 'TA' } },
            ...airtelStatus('DP00900001000', 'Transaction ambiguous, please check status', false),
          }),
      );
    }
    const status = /^\/standard\/v2\/disbursements\/([^/]+)$/.exec(path);
    if (status && req.method === 'GET' && query.get('transactionType') === 'B2C') {
      const transfer = look(decodeURIComponent(status[1]!), 'airtel');
      if (!transfer) return json(res, 404, airtelStatus('DP00900001013', 'Transaction not found', false));
      const code = { successful: 'TS', failed: 'TF', reversed: 'TF', pending: 'TIP', ambiguous: 'TA' }[
        transfer.status
      ];
      return json(res, 200, {
        data: {
          transaction: {
            id: transfer.reference,
            status: code,
            airtel_money_id: transfer.transactionId,
            message: transfer.status === 'failed' ? SIM_FAILURE_REASON : 'ok',
          },
        },
        ...airtelStatus('DP00900001001', 'Success.', true),
      });
    }
    json(res, 404, airtelStatus('DP00900001013', 'Not found', false));
  }

  return { mtnApi, airtelApi };
}
