import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { json, listenOnLoopback, readBody } from './sim-http';

/*
 * A simulated SMS gateway on loopback speaking Africa's Talking's API (POST /version1/messaging,
 * form-encoded, apiKey header), for the tests. The number chooses what happens:
 *   ending 0001: the number is refused (status InvalidPhoneNumber, statusCode 403)
 *   ending 0500: the gateway answers 500
 *   ending 0002: accepted, and no delivery report ever comes
 *   ending 0003: accepted, then a report that delivery failed
 *   any other:   accepted, then a report that it was delivered
 */

export const SIM_NUMBERS = {
  refused: '+260970000001',
  serverError: '+260970000500',
  neverReported: '+260970000002',
  reportsFailure: '+260970000003',
} as const;

export const SIM_USERNAME = 'sandbox';
export const SIM_API_KEY = 'sim-api-key-not-secret';
export const SIM_FAILURE_REASON = 'DeliveryFailure';

export interface SimMessage {
  to: string;
  message: string;
  from: string | null;
  messageId: string | null;
}

export interface SmsGatewaySim {
  url: string;
  /** Every message the gateway accepted, in order. */
  readonly accepted: SimMessage[];
  /** Requests answered, accepted or not. */
  requests: number;
  /** The next `n` requests answer 500 whatever the number. */
  failNext(n: number): void;
  /** Sends the delivery reports waiting (form-encoded, as the gateway posts them) through `reportTo`. */
  reportDeliveries(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmsGatewaySim(options: {
  /** Where delivery reports go: the app's POST /api/sms/delivery (with its secret). */
  reportTo?: (form: URLSearchParams) => Promise<void>;
  /** Send each report as soon as the message is accepted (a browser test's running app). */
  autoReport?: boolean;
  /** Told of each accepted message (`npm run simulate` prints them). */
  onAccepted?: (message: SimMessage) => void;
  /** A fixed loopback port (a person pointing the app at it); a free one otherwise. */
  port?: number;
}): Promise<SmsGatewaySim> {
  const accepted: SimMessage[] = [];
  const pendingReports: URLSearchParams[] = [];
  let failures = 0;
  const sim = {
    url: '',
    accepted,
    requests: 0,
    failNext(n: number) {
      failures = n;
    },
    async reportDeliveries() {
      const reports = pendingReports.splice(0);
      for (const report of reports) await options.reportTo?.(report);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = createServer(async (req, res) => {
    sim.requests++;
    if (req.method !== 'POST' || req.url !== '/version1/messaging')
      return json(res, 404, { error: 'Not found' });
    const form = new URLSearchParams(await readBody(req));
    if (req.headers.apikey !== SIM_API_KEY || form.get('username') !== SIM_USERNAME)
      return json(res, 401, { error: 'The supplied authentication is invalid' });
    if (req.headers.accept !== 'application/json')
      return json(res, 406, { error: 'Accept application/json' });
    const to = form.get('to') ?? '';
    if (failures > 0 || to === SIM_NUMBERS.serverError) {
      failures = Math.max(0, failures - 1);
      return json(res, 500, { error: 'Internal error' });
    }
    const recipients = to.split(',').map((number) => {
      if (number === SIM_NUMBERS.refused)
        return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
      const messageId = `ATXid_${randomUUID()}`;
      const message = { to: number, message: form.get('message') ?? '', from: form.get('from'), messageId };
      accepted.push(message);
      options.onAccepted?.(message);
      if (number !== SIM_NUMBERS.neverReported) {
        const failed = number === SIM_NUMBERS.reportsFailure;
        const report = new URLSearchParams({
          id: messageId,
          status: failed ? 'Failed' : 'Success',
          phoneNumber: number,
        });
        if (failed) report.set('failureReason', SIM_FAILURE_REASON);
        pendingReports.push(report);
      }
      return { statusCode: 101, number, status: 'Success', cost: 'ZMW 0.4500', messageId };
    });
    json(res, 201, {
      SMSMessageData: {
        Message: `Sent to ${recipients.filter((r) => r.statusCode === 101).length}/${recipients.length}`,
        Recipients: recipients,
      },
    });
    if (options.autoReport) setImmediate(() => void sim.reportDeliveries().catch(() => {}));
  });
  sim.url = await listenOnLoopback(server, options.port);
  return sim;
}
