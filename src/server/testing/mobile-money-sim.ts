import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AirtelMoneyConfig, MtnMomoConfig } from '../config';
import { operatorApis, type SIM_SCENARIOS, type SimTransfer } from './mobile-money-sim-apis';
import { type SimStatementFile, simStatement } from './mobile-money-sim-statement';
import { json, listenOnLoopback, readBody } from './sim-http';

export {
  SIM_FAILURE_REASON,
  SIM_SCENARIOS,
  type SimScenario,
  type SimTransfer,
} from './mobile-money-sim-apis';

/*
 * One simulated mobile-money operator on loopback for the tests, speaking both MTN MoMo's and
 * Airtel Money's Disbursement APIs as issue 49 item 4 writes them, checking their credentials and
 * tokens. The wallet number's last four digits choose what a transfer meets (SIM_SCENARIOS); any
 * other number is paid at once. basicuserinfo answers the name registered with `registerName`, 404
 * for a number never registered. Every transfer it made is kept, so a test can assert "made
 * exactly once".
 */

export const simNumber = (provider: 'mtn' | 'airtel', scenario: keyof typeof SIM_SCENARIOS) =>
  `+260${provider === 'mtn' ? '96' : '97'}000${scenario}`;

export interface MobileMoneySim {
  url: string;
  mtn: MtnMomoConfig;
  airtel: AirtelMoneyConfig;
  /** Every transfer made, in order (a reused reference is not made again). */
  readonly transfers: SimTransfer[];
  /** Every request, in order: 'POST /disbursement/token/'. */
  readonly requests: string[];
  made(reference: string): number;
  registerName(msisdn: string, givenName: string, familyName: string): void;
  /** Status questions a pending transfer answers PENDING / TIP before succeeding (2 unless set). */
  pendingPolls: number;
  /** How long a slow answer waits. */
  slowMs: number;
  /** While true, basicuserinfo answers 500 (MTN cannot name anyone for now). */
  namesDown: boolean;
  /** basicuserinfo waits this long before answering (a slow MTN). */
  namesDelayMs: number;
  /** The next `n` requests answer 500 (nothing recorded), whatever they ask. */
  failNext(n: number): void;
  /** Tokens issued so far are refused from now on (401), as when they lapse early. */
  revokeTokens(): void;
  /** A person at the operator settles an ambiguous or pending transfer, or reverses a paid one. */
  settle(reference: string, status: 'successful' | 'failed' | 'reversed'): void;
  /** The operator's statement of its transfers, as its portal exports it (CSV or XLSX). */
  statement(operator: 'mtn' | 'airtel', format: 'csv' | 'xlsx'): Promise<SimStatementFile>;
  stop(): Promise<void>;
}

export async function startMobileMoneySim(
  options: {
    /** A fixed loopback port (`npm run simulate`); a free one otherwise. */
    port?: number;
    /** Told of each request as it arrives (`npm run simulate` prints them). */
    onRequest?: (line: string) => void;
  } = {},
): Promise<MobileMoneySim> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const mtn = {
    userId: randomUUID(),
    apiKey: `mtn-api-key-${randomUUID()}`,
    subscriptionKey: `mtn-subscription-${randomUUID()}`,
    targetEnvironment: 'sandbox',
  };
  const airtel = {
    clientId: `airtel-client-${randomUUID()}`,
    clientSecret: `airtel-secret-${randomUUID()}`,
    pin: '4821',
    pinPublicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
  const transfers: SimTransfer[] = [];
  const names = new Map<string, { given_name: string; family_name: string }>();
  const tokens = new Set<string>();
  let failures = 0;

  const sim: MobileMoneySim = {
    url: '',
    mtn: { ...mtn, url: '' },
    airtel: { ...airtel, url: '' },
    transfers,
    requests: [],
    made: (reference) => transfers.filter((t) => t.reference === reference).length,
    registerName: (msisdn, given, family) =>
      names.set(msisdn.replace(/^\+/, ''), { given_name: given, family_name: family }),
    pendingPolls: 2,
    slowMs: 5_000,
    namesDown: false,
    namesDelayMs: 0,
    failNext(n) {
      failures = n;
    },
    revokeTokens: () => tokens.clear(),
    settle(reference, status) {
      const transfer = transfers.find((t) => t.reference === reference);
      if (transfer) transfer.status = status;
    },
    statement: (operator, format) => simStatement(operator, transfers, format),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const { mtnApi, airtelApi } = operatorApis({ mtn, airtel, privateKey, transfers, names, tokens, sim });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sim');
    sim.requests.push(`${req.method} ${url.pathname}`);
    options.onRequest?.(`${req.method} ${url.pathname}`);
    const text = await readBody(req);
    if (failures > 0) {
      failures--;
      return json(res, 500, { error: 'Internal error' });
    }
    try {
      if (url.pathname.startsWith('/disbursement/')) return await mtnApi(req, res, url.pathname, text);
      return await airtelApi(req, res, url.pathname, url.searchParams, text);
    } catch (error) {
      if (!res.headersSent) json(res, 400, { error: `Unreadable request: ${(error as Error).message}` });
    }
  });
  sim.url = await listenOnLoopback(server, options.port);
  sim.mtn.url = sim.url;
  sim.airtel.url = sim.url;
  return sim;
}
