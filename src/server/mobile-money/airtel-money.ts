import { constants, publicEncrypt } from 'node:crypto';
import type { AirtelMoneyConfig } from '../config';
import type { HolderName, MobileMoneyOperator, PayoutRequest, SendOutcome, TransferStatus } from './operator';
import {
  type CallResult,
  call,
  excerpt,
  type HttpOptions,
  parseJson,
  secondsOf,
  type TokenAnswer,
  TokenCache,
  withoutSecrets,
} from './operator-http';
import { readPinPublicKey } from './pin-key';

/*
 * Airtel Money's Disbursement API as issue 49 item 4 writes it:
 *   POST /auth/oauth2/token { grant_type: client_credentials, client_id, client_secret } → { access_token, expires_in }
 *   POST /standard/v2/disbursements/ (X-Country: ZM, X-Currency: ZMW)
 *        { payee: { currency, msisdn without 260 }, reference, pin (encrypted), transaction: { amount, id, type: B2C } }
 *        → status.response_code DP00900001001 success, DP00900001011 a duplicate id, DP00900001000 ambiguous
 *   GET  /standard/v2/disbursements/{id}?transactionType=B2C → data.transaction.status TS | TF | TA | TIP
 * The PIN is encrypted with Airtel's RSA public key, PKCS#1 v1.5 padding, in base64 (Airtel's
 * documented scheme). Airtel gives no holder's name here.
 */

const SUCCESS = 'DP00900001001';
const DUPLICATE = 'DP00900001011';
const AMBIGUOUS = 'DP00900001000';

/** The nine digits Airtel wants: '+260971234567' → '971234567'. */
const msisdnOf = (e164: string) => e164.replace(/^\+?260/, '');

/**
 * The body with the amount as the JSON number Airtel reads, written from the decimal text itself:
 * through a float, '1500.10' could come out otherwise, and money never goes through one here.
 */
function disbursementBody(request: PayoutRequest, pin: string): string | null {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(request.amount)) return null;
  const AMOUNT = '"__amount__"';
  return JSON.stringify({
    payee: { currency: 'ZMW', msisdn: msisdnOf(request.msisdn) },
    reference: request.payerMessage,
    pin,
    transaction: { amount: '__amount__', id: request.reference, type: 'B2C' },
  }).replace(AMOUNT, request.amount);
}

export function airtelMoneyOperator(config: AirtelMoneyConfig, options: HttpOptions): MobileMoneyOperator {
  const key = readPinPublicKey(config.pinPublicKey);
  if (!key) throw new Error('AIRTEL_PIN_PUBLIC_KEY is not an RSA public key');
  const tokens = new TokenCache(askToken);
  const secrets = (encryptedPin = '') => [config.clientSecret, config.pin, encryptedPin, tokens.value ?? ''];
  const clean = (text: string, encryptedPin = '') => withoutSecrets(text, secrets(encryptedPin));

  async function askToken(): Promise<TokenAnswer> {
    const result = await call(
      `${config.url}/auth/oauth2/token`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: '*/*' },
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: 'client_credentials',
        }),
      },
      options,
      secrets,
    );
    if (result.kind !== 'answered') return { kind: 'failed', reason: `Airtel's token: ${result.reason}` };
    const body = parseJson(result.text);
    if (result.status !== 200 || typeof body?.access_token !== 'string')
      return { kind: 'failed', reason: `Airtel refused a token (${result.status}): ${excerpt(result.text)}` };
    return { kind: 'token', value: body.access_token, expiresInSeconds: secondsOf(body.expires_in) };
  }

  /** A call with the token; a 401 is asked once more with a new token (Airtel did nothing with it). */
  async function authorised(
    path: string,
    init: RequestInit,
    encryptedPin = '',
  ): Promise<CallResult | { kind: 'no_token'; reason: string }> {
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get();
      if (token.kind === 'failed') return { kind: 'no_token', reason: token.reason };
      const result = await call(
        `${config.url}${path}`,
        {
          ...init,
          headers: {
            ...(init.headers as Record<string, string>),
            Accept: '*/*',
            Authorization: `Bearer ${token.value}`,
            'X-Country': 'ZM',
            'X-Currency': 'ZMW',
          },
        },
        options,
        () => secrets(encryptedPin),
      );
      if (result.kind === 'answered' && result.status === 401 && attempt === 0) {
        tokens.forget();
        continue;
      }
      return result;
    }
  }

  return {
    provider: 'airtel_money',

    async send(request: PayoutRequest): Promise<SendOutcome> {
      // Random padding: each encryption differs, so this one is hidden from this call's reasons.
      const encryptedPin = publicEncrypt(
        { key, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(config.pin),
      ).toString('base64');
      const body = disbursementBody(request, encryptedPin);
      if (!body)
        return { kind: 'refused', reason: `The amount ${request.amount} is not kwacha with two decimals` };
      const result = await authorised(
        '/standard/v2/disbursements/',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        },
        encryptedPin,
      );
      if (result.kind === 'no_token')
        return { kind: 'unreachable', reason: clean(result.reason, encryptedPin) };
      if (result.kind === 'not_sent')
        return { kind: 'unreachable', reason: clean(`Airtel ${result.reason}`, encryptedPin) };
      if (result.kind === 'lost')
        return { kind: 'no_answer', reason: clean(`Airtel gave ${result.reason}`, encryptedPin) };
      if (result.status === 401)
        return { kind: 'unreachable', reason: 'Airtel refused our credentials twice; nothing was sent' };
      if (result.status >= 500)
        return {
          kind: 'no_answer',
          reason: clean(`Airtel answered ${result.status}: ${excerpt(result.text)}`, encryptedPin),
        };
      const answer = parseJson(result.text);
      const status = (answer?.status ?? {}) as {
        response_code?: unknown;
        message?: unknown;
        success?: unknown;
      };
      const message = typeof status.message === 'string' ? status.message : excerpt(result.text);
      if (status.response_code === SUCCESS) return { kind: 'accepted' };
      if (status.response_code === DUPLICATE) return { kind: 'duplicate' };
      if (status.response_code === AMBIGUOUS)
        return { kind: 'ambiguous', reason: clean(`Airtel: ${message} (${AMBIGUOUS})`, encryptedPin) };
      const code = typeof status.response_code === 'string' ? ` (${status.response_code})` : '';
      if (result.status >= 400 || status.success === false || transactionStatus(answer) === 'TF')
        return { kind: 'refused', reason: clean(`Airtel refused it: ${message}${code}`, encryptedPin) };
      // A 2xx whose code we cannot read may have moved money: a person looks, nothing is resent.
      return {
        kind: 'ambiguous',
        reason: clean(`Airtel answered ${result.status}: ${message}${code}`, encryptedPin),
      };
    },

    async status(reference: string): Promise<TransferStatus> {
      const result = await authorised(
        `/standard/v2/disbursements/${encodeURIComponent(reference)}?transactionType=B2C`,
        { method: 'GET' },
      );
      if (result.kind !== 'answered') return { kind: 'unknown', reason: clean(`Airtel: ${result.reason}`) };
      if (result.status === 404) return { kind: 'not_found' };
      const body = parseJson(result.text);
      if (result.status !== 200 || !body)
        return {
          kind: 'unknown',
          reason: clean(`Airtel answered ${result.status}: ${excerpt(result.text)}`),
        };
      const transaction = ((body.data as { transaction?: unknown } | undefined)?.transaction ?? {}) as {
        status?: unknown;
        message?: unknown;
        airtel_money_id?: unknown;
      };
      switch (transaction.status) {
        case 'TS':
          return typeof transaction.airtel_money_id === 'string' && transaction.airtel_money_id
            ? { kind: 'successful', transactionId: transaction.airtel_money_id }
            : { kind: 'unknown', reason: 'Airtel says successful without its transaction id' };
        case 'TF':
          return {
            kind: 'failed',
            reason: clean(
              typeof transaction.message === 'string' ? transaction.message : 'Airtel gave no reason',
            ),
          };
        case 'TA':
        case 'TIP':
          return { kind: 'pending' };
        default:
          return { kind: 'unknown', reason: clean(`Airtel gave status ${String(transaction.status)}`) };
      }
    },

    async holderName(): Promise<HolderName> {
      return { kind: 'none', reason: 'Airtel Money gives no holder’s name: confirm the wallet by hand' };
    },
  };
}

function transactionStatus(body: Record<string, unknown> | null): unknown {
  return (body?.data as { transaction?: { status?: unknown } } | undefined)?.transaction?.status;
}
