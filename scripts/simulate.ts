/*
 * `npm run simulate`: the outside world the app talks to, simulated on this machine, for a person
 * trying the product without an account at an SMS aggregator. The same simulators the tests start
 * (src/server/testing/), on fixed loopback ports, speaking the real APIs:
 *   - an SMS gateway speaking Africa's Talking's API, which reports each message delivered to the
 *     app at once, and posts a student's reply typed here (`reply +260971234567 STOP`);
 *   - MTN MoMo's and Airtel Money's disbursement APIs (one server), where a wallet number's last
 *     four digits choose what a payout meets (SIM_SCENARIOS: 0001 fails, 0002 is pending a while,
 *     0003 is ambiguous, 0005 loses its answer after paying...; any other is paid), and MTN names
 *     the holder registered here (`name +260961234567 Mwila Banda`).
 * It prints the environment to start the app with. Options: --app (the app's address, default
 * http://127.0.0.1:3000), --sms-port (default 4010), --money-port (default 4020).
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { SIM_SCENARIOS, startMobileMoneySim } from '../src/server/testing/mobile-money-sim';
import { SIM_API_KEY, SIM_USERNAME, startSmsGatewaySim } from '../src/server/testing/sms-gateway-sim';

const { values } = parseArgs({
  options: {
    app: { type: 'string', default: 'http://127.0.0.1:3000' },
    'sms-port': { type: 'string', default: '4010' },
    'money-port': { type: 'string', default: '4020' },
  },
});
const app = values.app.replace(/\/$/, '');
const secret = randomBytes(16).toString('hex');

const postToApp = async (path: string, form: URLSearchParams) => {
  try {
    const res = await fetch(`${app}${path}/${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (!res.ok) console.log(`  the app answered ${res.status} to ${path}`);
  } catch (error) {
    console.log(`  the app at ${app} did not answer (${(error as Error).message})`);
  }
};

const sms = await startSmsGatewaySim({
  port: Number(values['sms-port']),
  autoReport: true,
  reportTo: (form) => postToApp('/api/sms/delivery', form),
  onAccepted: (m) => console.log(`SMS to ${m.to}${m.from ? ` from ${m.from}` : ''}: ${m.message}`),
});

const money = await startMobileMoneySim({
  port: Number(values['money-port']),
  onRequest: (line) => {
    if (!line.includes('/token')) console.log(`operator: ${line}`);
  },
});

console.log(`A simulated SMS gateway listens at ${sms.url}, and MTN MoMo and Airtel Money at ${money.url}.
Start the app with:

  SMS_URL=${sms.url} SMS_USERNAME=${SIM_USERNAME} SMS_API_KEY=${SIM_API_KEY} SMS_SENDER_ID=CHL \\
  SMS_CALLBACK_SECRET=${secret} \\
  MTN_MOMO_URL=${money.url} MTN_MOMO_USER_ID=${money.mtn.userId} MTN_MOMO_API_KEY=${money.mtn.apiKey} \\
  MTN_MOMO_SUBSCRIPTION_KEY=${money.mtn.subscriptionKey} MTN_MOMO_TARGET_ENVIRONMENT=${money.mtn.targetEnvironment} \\
  AIRTEL_MONEY_URL=${money.url} AIRTEL_CLIENT_ID=${money.airtel.clientId} AIRTEL_CLIENT_SECRET=${money.airtel.clientSecret} \\
  AIRTEL_PIN=${money.airtel.pin} AIRTEL_PIN_PUBLIC_KEY=${money.airtel.pinPublicKey} \\
  PAYOUT_POLL_SECONDS=10 npm start

then, as ADM001, turn on SMS notifications in Settings. Each message the app sends is printed here.
A student's reply: type "reply <their number> <text>", e.g. "reply +260971234567 STOP".
The name MTN gives for a wallet: "name <number> <given name> <family name>" (a number it was not told of is not registered: a mismatch).
An operator's statement of the transfers made so far, for Import ... Statement on the batch:
"statement mtn xlsx" (or airtel, csv) writes it in this folder.
A wallet number's last four digits choose its payout: ${Object.entries(SIM_SCENARIOS)
  .map(([digits, scenario]) => `${digits} ${scenario}`)
  .join(', ')}; any other is paid.
Ctrl-C stops.
`);

let replies = 0;
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const named = /^name\s+(\+?\d+)\s+(\S+)\s+(.+)$/i.exec(line.trim());
  if (named) {
    money.registerName(named[1]!, named[2]!, named[3]!);
    console.log(`  MTN now names ${named[1]} ${named[2]} ${named[3]}`);
    return;
  }
  const statement = /^statement\s+(mtn|airtel)\s+(csv|xlsx)$/i.exec(line.trim());
  if (statement) {
    const [operator, format] = [statement[1]!.toLowerCase(), statement[2]!.toLowerCase()] as [
      'mtn' | 'airtel',
      'csv' | 'xlsx',
    ];
    void money.statement(operator, format).then(async (file) => {
      await writeFile(file.name, file.buffer);
      console.log(`  wrote ${file.name}`);
    });
    return;
  }
  const match = /^reply\s+(\+?\d+)\s+(.+)$/i.exec(line.trim());
  if (!match) {
    if (line.trim())
      console.log(
        'Type: reply <number> <text>, name <number> <given> <family>, or statement <mtn|airtel> <csv|xlsx>',
      );
    return;
  }
  const [, from, text] = match;
  void postToApp(
    '/api/sms/inbound',
    new URLSearchParams({
      from: from!,
      to: 'CHL',
      text: text!,
      id: `reply-${++replies}`,
      date: new Date().toISOString(),
    }),
  ).then(() => console.log(`  posted ${JSON.stringify(text)} from ${from} to the app`));
});
process.on('SIGINT', () => void Promise.all([sms.stop(), money.stop()]).then(() => process.exit(0)));
