import type { SmsConfig } from '../../config';
import { fetchWithDeadline } from '../../outbound-http';

/*
 * The SMS gateway, as Africa's Talking's API speaks it: POST {SMS_URL}/version1/messaging,
 * form-encoded (username, to, message, from), headers apiKey and Accept: application/json, the
 * answer { SMSMessageData: { Message, Recipients: [{ statusCode, number, status, cost, messageId }] } }.
 */

/** What became of one message handed to the gateway. */
export type GatewayOutcome =
  /** The gateway has it: it must never be sent again. */
  | { kind: 'accepted'; messageId: string; cost: string | null }
  /** The gateway said no (a bad number, no credit…): sending again would not help. */
  | { kind: 'refused'; reason: string }
  /** Nothing reached the gateway, or it failed (5xx): a later try may succeed. */
  | { kind: 'retry'; reason: string }
  /** The request went out and no answer came (a timeout, a cut connection): it may have it. */
  | { kind: 'unanswered'; reason: string };

/** Recipient status codes meaning the gateway took the message (100 processed, 101 sent, 102 queued). */
const ACCEPTED_CODES = new Set([100, 101, 102]);
const TIMEOUT_MS = 15_000;

interface Recipient {
  statusCode?: unknown;
  number?: unknown;
  status?: unknown;
  cost?: unknown;
  messageId?: unknown;
}

export async function sendThroughGateway(
  sms: SmsConfig,
  to: string,
  message: string,
  fetchImpl: typeof fetch = fetch,
): Promise<GatewayOutcome> {
  const body = new URLSearchParams({ username: sms.username, to, message });
  if (sms.senderId) body.set('from', sms.senderId);
  // Only a request that never left is tried again: after a timeout or a connection cut while
  // waiting, the gateway may have accepted the message, and a message must not arrive twice.
  const call = await fetchWithDeadline(
    `${sms.url}/version1/messaging`,
    {
      method: 'POST',
      headers: {
        apiKey: sms.apiKey,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
    },
    TIMEOUT_MS,
    fetchImpl,
  );
  if (call.kind !== 'answered') {
    const message = (call.error as Error).message;
    return call.kind === 'not_sent'
      ? { kind: 'retry', reason: `The gateway could not be reached (${message})` }
      : { kind: 'unanswered', reason: `The gateway did not answer (${message})` };
  }
  const { response } = call;
  if (response.status >= 500) {
    await response.body?.cancel();
    return { kind: 'retry', reason: `The gateway answered ${response.status}` };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok)
    return { kind: 'refused', reason: `The gateway refused it (${response.status}): ${text.slice(0, 200)}` };
  return readAnswer(text, to);
}

function readAnswer(text: string, to: string): GatewayOutcome {
  let recipients: Recipient[] | undefined;
  let message = '';
  try {
    const data = (JSON.parse(text) as { SMSMessageData?: { Message?: unknown; Recipients?: unknown } })
      .SMSMessageData;
    if (Array.isArray(data?.Recipients)) recipients = data.Recipients as Recipient[];
    if (typeof data?.Message === 'string') message = data.Message;
  } catch {
    // Read below as an answer without recipients.
  }
  const recipient = recipients?.find((r) => r.number === to) ?? recipients?.[0];
  if (!recipient)
    return {
      kind: 'refused',
      reason: `The gateway sent nothing (${message || 'no recipients in its answer'})`,
    };
  const code = Number(recipient.statusCode);
  if (ACCEPTED_CODES.has(code) && typeof recipient.messageId === 'string' && recipient.messageId !== 'None')
    return {
      kind: 'accepted',
      messageId: recipient.messageId,
      cost: typeof recipient.cost === 'string' ? recipient.cost : null,
    };
  return {
    kind: 'refused',
    reason: typeof recipient.status === 'string' ? recipient.status : `Status ${code}`,
  };
}

/** 'ZMW 0.4000' as an amount and a currency; null when the gateway wrote something else. */
export function parseCost(cost: string | null): { amount: string; currency: string } | null {
  const match = cost ? /^([A-Z]{3})\s+(\d{1,8}(?:\.\d{1,4})?)$/.exec(cost.trim()) : null;
  return match ? { currency: match[1]!, amount: match[2]! } : null;
}
