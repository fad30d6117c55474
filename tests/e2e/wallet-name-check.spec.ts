import { expect, signIn, test, unique } from './support/fixtures';

/**
 * A wallet's holder check (issue 49 item 2): a new wallet is held until its holder is checked;
 * where no operator names the holder (Airtel, or MTN without its API, as in this run), the
 * student's officer confirms it by hand with a note, and the card says who, when and why.
 */
test.describe('Wallet name check', () => {
  test('an officer sets an Airtel wallet, sees it held, and confirms its holder with a note', async ({
    page,
  }) => {
    await signIn(page, 'PO001');
    const last = unique('Holder');
    const created = await page.request.post('/api/students', {
      data: { first_name: 'Bupe', last_name: last },
    });
    expect(created.status(), await created.text()).toBe(201);
    const student = (await created.json()) as { id: string };
    const digits = String(Date.now()).slice(-7);
    const wallet = await page.request.post(`/api/students/${student.id}/payment-channels`, {
      data: {
        kind: 'mobile_wallet',
        provider: 'airtel_money',
        wallet_number: `097${digits}`,
        wallet_name: `Bupe ${last}`,
      },
    });
    expect(wallet.status(), await wallet.text()).toBe(201);

    await page.goto('/profiles');
    await page.getByRole('searchbox', { name: 'Search profiles' }).fill(last);
    await page.getByRole('button', { name: `View Bupe ${last}` }).click();
    const profile = page.getByRole('dialog', { name: 'Student Profile' });
    await expect(profile.getByText('Not yet checked')).toBeVisible();
    await expect(profile.getByText(/Not paid yet/)).toBeVisible();

    await profile.getByRole('button', { name: 'Confirm Wallet' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Wallet' });
    await expect(confirm.getByText(/Airtel Money gives no registered name/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm Wallet' }).click();
    await expect(confirm.getByText('Say how the wallet was confirmed')).toBeVisible();
    await confirm.getByLabel(/Note/).fill('She showed the Airtel registration message on her phone');
    await confirm.getByRole('button', { name: 'Confirm Wallet' }).click();
    await expect(page.getByText('Wallet confirmed')).toBeVisible();
    await expect(confirm).toBeHidden();

    await expect(profile.getByText('Confirmed by hand')).toBeVisible();
    await expect(profile.getByText(/She showed the Airtel registration message/)).toBeVisible();
    await expect(profile.getByText(/Not paid yet/)).toBeHidden();
    await expect(profile.getByRole('button', { name: 'Confirm Wallet' })).toBeHidden();
  });
});
