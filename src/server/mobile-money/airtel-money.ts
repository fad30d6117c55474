import { constants, publicEncrypt } from 'node:crypto';
import type { AirtelMoneyConfig } from '../config';
import type { HolderName, MobileMoneyOperator, PayoutRequest, SendOutcome, TransferStatus } from './operator';
import {
  call,
  callWithToken,
  excerpt,
  type HttpOptions,
  parseJson,
  questionAnswer,
  sendCallOutcome,
  TokenCache,
  tokenAnswer,
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

  async function askToken() {
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
    return tokenAnswer('Airtel', result);
  }

  /** A call with the token and the headers Airtel wants on every call. */
  const authorised = (path: string, init: RequestInit, encryptedPin = '') =>
    callWithToken(
      tokens,
      (token) => ({
        Accept: '*/*',
        Authorization: `Bearer ${token}`,
        'X-Country': 'ZM',
        'X-Currency': 'ZMW',
      }),
      `${config.url}${path}`,
      init,
      options,
      () => secrets(encryptedPin),
    );

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
      const answered = sendCallOutcome('Airtel', result, (text) => clean(text, encryptedPin));
      if (answered.kind !== 'answered') return answered;
      const answer = parseJson(answered.text);
      const status = (answer?.status ?? {}) as {
        response_code?: unknown;
        message?: unknown;
        success?: unknown;
      };
      const message = typeof status.message === 'string' ? status.message : excerpt(answered.text);
      if (status.response_code === SUCCESS) return { kind: 'accepted' };
      if (status.response_code === DUPLICATE) return { kind: 'duplicate' };
      if (status.response_code === AMBIGUOUS)
        return { kind: 'ambiguous', reason: clean(`Airtel: ${message} (${AMBIGUOUS})`, encryptedPin) };
      const code = typeof status.response_code === 'string' ? ` (${status.response_code})` : '';
      if (answered.status >= 400 || status.success === false || transactionStatus(answer) === 'TF')
        return { kind: 'refused', reason: clean(`Airtel refused it: ${message}${code}`, encryptedPin) };
      // A 2xx whose code we cannot read may have moved money: a person looks, nothing is resent.
      return {
        kind: 'ambiguous',
        reason: clean(`Airtel answered ${answered.status}: ${message}${code}`, encryptedPin),
      };
    },

    async status(reference: string): Promise<TransferStatus> {
      const result = await authorised(
        `/standard/v2/disbursements/${encodeURIComponent(reference)}?transactionType=B2C`,
        { method: 'GET' },
      );
      const answer = questionAnswer('Airtel', result, clean);
      if (answer.kind !== 'json') return answer;
      const { body } = answer;
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
