import type { MtnMomoConfig } from '../config';
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

  async function askToken(): Promise<TokenAnswer> {
    const result = await call(
      `${config.url}/disbursement/token/`,
      {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': config.subscriptionKey },
      },
      options,
      secrets,
    );
    if (result.kind !== 'answered') return { kind: 'failed', reason: `MTN's token: ${result.reason}` };
    const body = parseJson(result.text);
    if (result.status !== 200 || typeof body?.access_token !== 'string')
      return { kind: 'failed', reason: `MTN refused a token (${result.status}): ${excerpt(result.text)}` };
    return { kind: 'token', value: body.access_token, expiresInSeconds: secondsOf(body.expires_in) };
  }

  /**
   * A call with the token; a 401 (the token lapsed or was revoked) is asked once more with a new
   * one, since a refused token means MTN did nothing with the request.
   */
  async function authorised(
    path: string,
    init: RequestInit,
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
            Authorization: `Bearer ${token.value}`,
            'X-Target-Environment': config.targetEnvironment,
            'Ocp-Apim-Subscription-Key': config.subscriptionKey,
          },
        },
        options,
        secrets,
      );
      if (result.kind === 'answered' && result.status === 401 && attempt === 0) {
        tokens.forget();
        continue;
      }
      return result;
    }
  }

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
      // Without a token the transfer never left: it may be sent again as it is.
      if (result.kind === 'no_token') return { kind: 'unreachable', reason: clean(result.reason) };
      if (result.kind === 'not_sent') return { kind: 'unreachable', reason: clean(`MTN ${result.reason}`) };
      if (result.kind === 'lost') return { kind: 'no_answer', reason: clean(`MTN gave ${result.reason}`) };
      if (result.status === 202) return { kind: 'accepted' };
      if (result.status === 409) return { kind: 'duplicate' };
      if (result.status === 401)
        return { kind: 'unreachable', reason: 'MTN refused our credentials twice; nothing was sent' };
      if (result.status >= 500)
        return { kind: 'no_answer', reason: clean(`MTN answered ${result.status}: ${excerpt(result.text)}`) };
      return {
        kind: 'refused',
        reason: clean(`MTN refused it (${result.status}): ${mtnReason(result.text)}`),
      };
    },

    async status(reference: string): Promise<TransferStatus> {
      const result = await authorised(`/disbursement/v1_0/transfer/${encodeURIComponent(reference)}`, {
        method: 'GET',
      });
      if (result.kind !== 'answered') return { kind: 'unknown', reason: clean(`MTN: ${result.reason}`) };
      if (result.status === 404) return { kind: 'not_found' };
      const body = parseJson(result.text);
      if (result.status !== 200 || !body)
        return { kind: 'unknown', reason: clean(`MTN answered ${result.status}: ${excerpt(result.text)}`) };
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
      if (result.kind !== 'answered') return { kind: 'unknown', reason: clean(`MTN: ${result.reason}`) };
      if (result.status === 404) return { kind: 'none', reason: 'MTN has no wallet under this number' };
      const body = parseJson(result.text);
      if (result.status !== 200 || !body)
        return { kind: 'unknown', reason: clean(`MTN answered ${result.status}: ${excerpt(result.text)}`) };
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
