import type { Page } from '@playwright/test';
import { type MobileMoneySim, startMobileMoneySim } from '../../src/server/testing/mobile-money-sim';
import { expectAccessible } from './support/accessibility';
import { expect, signedInPages, test } from './support/fixtures';
import { ownServerForThisFile } from './support/own-server';

/*
 * Issue 49's check: ADM001 pays a month's batch with bank, MTN and Airtel students against
 * operators simulated on loopback (src/server/testing/mobile-money-sim.ts, speaking MTN MoMo's and
 * Airtel Money's disbursement APIs). One MTN wallet's answer is lost after MTN made the transfer;
 * one Airtel wallet's answer stays ambiguous. Every wallet is paid once, and the ambiguous one
 * waits for a person, who resolves it; then MTN's statement is imported and the batch reconciles
 * to the kwacha. Its own app (base + 20): it pays a demo month.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let sim: MobileMoneySim;
test.beforeAll(async () => {
  sim = await startMobileMoneySim();
});
const { origin: ORIGIN } = ownServerForThisFile(20, 'mobile-money', () => ({
  MTN_MOMO_URL: sim.url,
  MTN_MOMO_USER_ID: sim.mtn.userId,
  MTN_MOMO_API_KEY: sim.mtn.apiKey,
  MTN_MOMO_SUBSCRIPTION_KEY: sim.mtn.subscriptionKey,
  MTN_MOMO_TARGET_ENVIRONMENT: sim.mtn.targetEnvironment,
  AIRTEL_MONEY_URL: sim.url,
  AIRTEL_CLIENT_ID: sim.airtel.clientId,
  AIRTEL_CLIENT_SECRET: sim.airtel.clientSecret,
  AIRTEL_PIN: sim.airtel.pin,
  AIRTEL_PIN_PUBLIC_KEY: sim.airtel.pinPublicKey,
  PAYOUT_POLL_SECONDS: '10',
}));
test.use({ baseURL: ORIGIN });
test.afterAll(async () => {
  await sim?.stop();
});

const as = signedInPages();

interface Listed {
  id: string;
  student_id: string;
  student_name: string;
  month: string;
  year: number;
}
interface Channel {
  id: string;
  kind: 'bank' | 'mobile_wallet';
  provider: 'mtn_momo' | 'airtel_money' | null;
  is_primary: boolean;
}

/** The month with the most approved allowances, and those allowances. */
async function approvedMonth(page: Page) {
  const response = await page.request.get('/api/allowances?stage=approved&pageSize=200');
  const { items } = (await response.json()) as { items: Listed[] };
  const byMonth = new Map<string, Listed[]>();
  for (const a of items)
    byMonth.set(`${a.month} ${a.year}`, [...(byMonth.get(`${a.month} ${a.year}`) ?? []), a]);
  const [key, allowances] = [...byMonth.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const [month, year] = key.split(' ') as [string, string];
  return { month, year, allowances };
}

async function primaryOf(page: Page, studentId: string): Promise<Channel> {
  const res = await page.request.get(`/api/students/${studentId}/payment-channels`);
  const { current } = (await res.json()) as { current: Channel[] };
  return current.find((c) => c.is_primary)!;
}

/** Moves a student's wallet onto a number whose last four digits choose the simulator's scenario. */
async function walletWithScenario(
  page: Page,
  student: Listed,
  provider: 'mtn_momo' | 'airtel_money',
  number: string,
) {
  const channel = await primaryOf(page, student.student_id);
  const [given, ...family] = student.student_name.split(' ');
  if (provider === 'mtn_momo') sim.registerName(number, given!, family.join(' '));
  const changed = await page.request.put(
    `/api/students/${student.student_id}/payment-channels/${channel.id}`,
    {
      data: {
        kind: 'mobile_wallet',
        provider,
        wallet_number: number,
        wallet_name: student.student_name,
        reason: 'The student has a new SIM card.',
      },
    },
  );
  expect(changed.status(), await changed.text()).toBe(200);
  if (provider === 'airtel_money') {
    // Airtel names nobody: the officer confirms the wallet by hand, once.
    const { id } = await primaryOf(page, student.student_id);
    const confirmed = await page.request.post(
      `/api/students/${student.student_id}/payment-channels/${id}/confirm`,
      {
        data: { note: 'Student showed the SIM registration slip.' },
      },
    );
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
}

test('ADM001 pays a mixed month: bank by Mark as Paid, MTN and Airtel through their APIs, each once', async ({
  browser,
}) => {
  const admin = await as(browser, 'ADM001');
  const { month, year, allowances } = await approvedMonth(admin);
  const kinds = await Promise.all(allowances.map((a) => primaryOf(admin, a.student_id)));
  const mtnStudent = allowances.find((_, i) => kinds[i]?.provider === 'mtn_momo');
  const airtelStudent = allowances.find((_, i) => kinds[i]?.provider === 'airtel_money');
  expect(mtnStudent && airtelStudent, 'the month has MTN and Airtel students').toBeTruthy();
  const stamp = String(Date.now()).slice(-3);
  // 0005: MTN makes the transfer and the answer is lost; 0003: Airtel answers "ambiguous".
  await walletWithScenario(admin, mtnStudent!, 'mtn_momo', `+26096${stamp}0005`);
  await walletWithScenario(admin, airtelStudent!, 'airtel_money', `+26097${stamp}0003`);

  await admin.goto('/payment-batches');
  await admin.getByRole('button', { name: 'New Payment Batch' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New Payment Batch' });
  await dialog.getByLabel('Month').selectOption(month);
  await dialog.getByLabel('Year').fill(year);
  const preview = dialog.getByTestId('batch-preview');
  await expect(preview).toContainText('MTN MoMo');
  await expect(preview).toContainText('Airtel Money');
  await dialog.getByRole('button', { name: 'Create Batch' }).click();
  await expect(dialog).toBeHidden();

  const parts = admin.getByRole('region', { name: 'Parts by channel' });
  for (const operator of ['MTN MoMo', 'Airtel Money']) {
    await parts.getByRole('button', { name: `Send to ${operator}` }).click();
    const confirm = admin.getByRole('alertdialog', { name: `Send to ${operator}?` });
    await confirm.getByRole('button', { name: 'Send' }).click();
    await expect(confirm).toBeHidden();
    await expect(parts.getByRole('button', { name: `Send to ${operator}` })).toHaveCount(0);
  }

  // The engine sends every 5 s and asks again after PAYOUT_POLL_SECONDS: wait for the one that
  // needs a person, and for nothing to be with the operators any more.
  const payoutsCard = admin.getByRole('region', { name: 'Payouts' });
  await expect(async () => {
    await admin.reload();
    await expect(payoutsCard).toContainText('0 payments with the operators', { timeout: 2_000 });
  }).toPass({ timeout: 120_000 });
  const waiting = admin.getByRole('list', { name: 'Payouts needing a person' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  await expect(waiting.first()).toContainText(airtelStudent!.student_name);

  // Every wallet paid once: one transfer per reference, one per wallet, the lost answer included.
  const references = sim.transfers.map((t) => t.reference);
  expect(new Set(references).size).toBe(references.length);
  const lost = sim.transfers.filter((t) => t.msisdn.endsWith(`96${stamp}0005`));
  expect(lost).toHaveLength(1);

  // The ambiguous payment: a person finds out from Airtel's support and resolves it.
  const ambiguous = sim.transfers.find((t) => t.msisdn.endsWith(`97${stamp}0003`))!;
  sim.settle(ambiguous.reference, 'successful');
  await waiting.first().getByRole('button', { name: 'Resolve' }).click();
  const resolving = admin.getByRole('dialog', { name: `Resolve ${airtelStudent!.student_name}'s payment` });
  await resolving.getByLabel("Operator's transaction id").fill('AIRTEL-TX-77110');
  await resolving.getByLabel('Note').fill('Airtel support confirmed the transfer by phone.');
  await resolving.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolving).toBeHidden();
  await expect(admin.getByRole('list', { name: 'Payouts needing a person' })).toHaveCount(0);

  // The bank part is paid as before.
  await admin.getByRole('button', { name: 'Mark as Paid' }).click();
  const paying = admin.getByRole('dialog', { name: /^Mark PB-.* as Paid$/ });
  await paying.getByRole('button', { name: 'Mark as Paid' }).click();
  await expect(paying).toBeHidden();

  // What is left approved of the month is what was held, each listed with its reason.
  const left = await admin.request.get('/api/allowances?stage=approved&pageSize=200');
  const stillApproved = ((await left.json()) as { items: Listed[] }).items.filter(
    (a) => `${a.month} ${a.year}` === `${month} ${year}`,
  );
  const { items: batches } = (await (
    await admin.request.get('/api/payment-batches?page=1&pageSize=1')
  ).json()) as {
    items: Array<{ id: string }>;
  };
  const detailOf = async () =>
    (await (await admin.request.get(`/api/payment-batches/${batches[0]!.id}`)).json()) as Detail;
  // Named first through the API, so a difference says which allowances (CI once saw the screen's
  // list empty while some of the month were still approved, and could not tell which).
  const paid = await detailOf();
  const heldNames = paid.held.map((h) => h.student_name).sort();
  expect(heldNames, 'the batch holds what is left approved of the month').toEqual(
    stillApproved.map((a) => a.student_name).sort(),
  );
  const held = admin.getByRole('list', { name: 'Held allowances' }).getByRole('listitem');
  await expect(held).toHaveCount(stillApproved.length);
  for (const a of stillApproved) await expect(held.filter({ hasText: a.student_name })).toHaveCount(1);
  for (const s of [mtnStudent!, airtelStudent!]) expect(stillApproved.some((a) => a.id === s.id)).toBe(false);

  // Issue 49 item 7: MTN's statement, as its portal exports it (XLSX), is previewed, then imported;
  // every MTN payment matches, the lost answer's included, and the batch reconciles to the kwacha.
  const mtnCount = paid.parts.find((p) => p.channel === 'mtn_momo')!.allowance_count;
  const statement = await sim.statement('mtn', 'xlsx');
  await parts.getByRole('button', { name: 'Import MTN MoMo Statement' }).click();
  const importing = admin.getByRole('dialog', { name: /^Import MTN MoMo Statement for PB-/ });
  await importing.getByLabel('Statement file').setInputFiles(statement);
  const statementPreview = importing.getByRole('region', { name: 'Preview' });
  await expect(statementPreview.getByTestId('operator-statement-counts')).toContainText(
    `${mtnCount} ${mtnCount === 1 ? 'line' : 'lines'}: ${mtnCount} matched`,
  );
  // The preview changed nothing yet.
  expect((await detailOf()).reconciliation.parts.find((p) => p.channel === 'mtn_momo')!.matched.count).toBe(
    0,
  );
  await expectAccessible(admin, 'the statement preview');
  await importing.getByRole('button', { name: 'Import statement' }).click();
  await expect(importing.getByRole('region', { name: 'Import result' })).toBeVisible();
  await importing.getByRole('button', { name: 'Done' }).click();
  await expect(importing).toBeHidden();

  const reconciliation = admin.getByRole('region', { name: 'Reconciliation', exact: true });
  await expect(reconciliation.getByTestId('reconciliation-sum')).toContainText('reconciles to the kwacha');
  const after = await detailOf();
  const mtnPart = after.reconciliation.parts.find((p) => p.channel === 'mtn_momo')!;
  expect(mtnPart.matched.count).toBe(mtnCount);
  expect(mtnPart.unmatched).toEqual({ count: 0, amount: '0.00' });
  const ngwee = (amount: string) => BigInt(amount.replace('.', ''));
  const r = after.reconciliation;
  expect(ngwee(r.matched.amount) + ngwee(r.unmatched.amount) + ngwee(r.held.amount)).toBe(
    ngwee(r.total.amount),
  );
  expect(ngwee(r.total.amount) - ngwee(r.held.amount)).toBe(ngwee(after.total));
  expect(r.held.count).toBe(stillApproved.length);

  // The batch with its parts, payouts and reconciliation, as a wide screen and a phone show it.
  await expectAccessible(admin, 'the batch with its reconciliation');
  await admin.setViewportSize({ width: 390, height: 844 });
  await expect(reconciliation.getByTestId('reconciliation-sum')).toBeVisible();
  await expectAccessible(admin, 'the batch at 390 px');
  const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the batch page scrolls sideways at 390 px').toBeLessThanOrEqual(0);
});

interface Figure {
  count: number;
  amount: string;
}
interface Detail {
  total: string;
  held: Array<{ student_name: string }>;
  parts: Array<{ channel: string; allowance_count: number }>;
  reconciliation: {
    parts: Array<{ channel: string; matched: Figure; unmatched: Figure; total: Figure }>;
    matched: Figure;
    unmatched: Figure;
    held: Figure;
    total: Figure;
  };
}
