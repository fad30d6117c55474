import type { MtnMomoConfig } from '../config';
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

/*
 * MTN MoMo's Disbursement API as issue 49 item 4 writes it:
 *   POST /disbursement/token/ (Basic user id:API key, Ocp-Apim-Subscription-Key) → { access_token, expires_in }
 *   POST /disbursement/v1_0/transfer (X-Reference-Id, X-Target-Environment) → 202, or 409 for a used reference
 *   GET  /disbursement/v1_0/transfer/{referenceId} → { status: PENDING | SUCCESSFUL | FAILED, reason?, financialTransactionId? }
 *   GET  /disbursement/v1_0/accountholder/msisdn/{msisdn}/basicuserinfo → { given_name, family_name, … }
 * MSISDNs go without the '+' ('260961234567').
 */

const msisdnOf = (e164: string) => e164.replace(/^\+/, '');

export function mtnMomoOperator(config: MtnMomoConfig, options: HttpOptions): MobileMoneyOperator {
  const basic = Buffer.from(`${config.userId}:${config.apiKey}`).toString('base64');
  const tokens = new TokenCache(askToken);
  const secrets = () => [config.apiKey, config.subscriptionKey, basic, tokens.value ?? ''];
  const clean = (text: string) => withoutSecrets(text, secrets());

  async function askToken() {
    const headers = { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': config.subscriptionKey };
    const result = await call(
      `${config.url}/disbursement/token/`,
      { method: 'POST', headers },
      options,
      secrets,
    );
    return tokenAnswer('MTN', result);
  }

  /** A call with the token and the headers MTN wants on every call. */
  const authorised = (path: string, init: RequestInit) =>
    callWithToken(
      tokens,
      (token) => ({
        Authorization: `Bearer ${token}`,
        'X-Target-Environment': config.targetEnvironment,
        'Ocp-Apim-Subscription-Key': config.subscriptionKey,
      }),
      `${config.url}${path}`,
      init,
      options,
      secrets,
    );

  return {
    provider: 'mtn_momo',

    async send(request: PayoutRequest): Promise<SendOutcome> {
      const result = await authorised('/disbursement/v1_0/transfer', {
        method: 'POST',
        headers: { 'X-Reference-Id': request.reference, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          amount: request.amount,
          currency: 'ZMW',
          externalId: request.reference,
          payee: { partyIdType: 'MSISDN', partyId: msisdnOf(request.msisdn) },
          payerMessage: request.payerMessage,
          payeeNote: request.payeeNote,
        }),
      });
      const answered = sendCallOutcome('MTN', result, clean);
      if (answered.kind !== 'answered') return answered;
      if (answered.status === 202) return { kind: 'accepted' };
      if (answered.status === 409) return { kind: 'duplicate' };
      return {
        kind: 'refused',
        reason: clean(`MTN refused it (${answered.status}): ${mtnReason(answered.text)}`),
      };
    },

    async status(reference: string): Promise<TransferStatus> {
      const result = await authorised(`/disbursement/v1_0/transfer/${encodeURIComponent(reference)}`, {
        method: 'GET',
      });
      const answer = questionAnswer('MTN', result, clean);
      if (answer.kind !== 'json') return answer;
      const { body } = answer;
      if (body.status === 'SUCCESSFUL') {
        const id = body.financialTransactionId;
        return typeof id === 'string' && id !== ''
          ? { kind: 'successful', transactionId: id }
          : { kind: 'unknown', reason: 'MTN says successful without its transaction id' };
      }
      if (body.status === 'FAILED')
        return { kind: 'failed', reason: clean(reasonText(body.reason) ?? 'MTN gave no reason') };
      if (body.status === 'PENDING') return { kind: 'pending' };
      return { kind: 'unknown', reason: clean(`MTN gave status ${String(body.status)}`) };
    },

    async holderName(msisdn: string): Promise<HolderName> {
      const result = await authorised(
        `/disbursement/v1_0/accountholder/msisdn/${encodeURIComponent(msisdnOf(msisdn))}/basicuserinfo`,
        { method: 'GET' },
      );
      const answer = questionAnswer('MTN', result, clean);
      if (answer.kind === 'not_found') return { kind: 'none', reason: 'MTN has no wallet under this number' };
      if (answer.kind !== 'json') return answer;
      const { body } = answer;
      const parts = [body.given_name, body.family_name].filter((p): p is string => typeof p === 'string');
      const name = (parts.join(' ').trim() || (typeof body.name === 'string' ? body.name : '')).trim();
      return name ? { kind: 'name', name } : { kind: 'none', reason: 'MTN gave no name for this wallet' };
    },
  };
}

/** MTN writes a reason as text ('PAYEE_NOT_FOUND') or as { code, message }. */
function reasonText(reason: unknown): string | null {
  if (typeof reason === 'string' && reason) return reason;
  if (reason && typeof reason === 'object') {
    const { code, message } = reason as { code?: unknown; message?: unknown };
    const text = [code, message].filter((p) => typeof p === 'string' && p).join(': ');
    return text || null;
  }
  return null;
}

function mtnReason(text: string): string {
  const body = parseJson(text);
  return reasonText(body) ?? reasonText(body?.reason) ?? excerpt(text);
}
