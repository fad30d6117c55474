import { expect, signIn, test, unique } from './support/fixtures';

/**
 * A student's payment channel (issue 49 item 1): set on the profile, with the operator's prefix
 * checked before saving, and seen, masked, on the student's allowance.
 */
test.describe('Payment channels', () => {
  test('an officer sets a wallet on a student’s profile and sees it on the allowance', async ({ page }) => {
    await signIn(page, 'PO001');
    const last = unique('Wallet');
    const created = await page.request.post('/api/students', {
      data: { first_name: 'Mwila', last_name: last },
    });
    expect(created.status(), await created.text()).toBe(201);
    const student = (await created.json()) as { id: string };
    const allowance = await page.request.post('/api/allowances', {
      data: { student_id: student.id, month: 'March', year: 2031, stipend: '1500' },
    });
    expect(allowance.status(), await allowance.text()).toBe(201);
    const { id: allowanceId } = (await allowance.json()) as { id: string };
    // A number of its own per run: one wallet is on one student only.
    const digits = String(Date.now()).slice(-7);

    await page.goto('/profiles');
    await page.getByRole('searchbox', { name: 'Search profiles' }).fill(last);
    await page.getByRole('button', { name: `View Mwila ${last}` }).click();
    const profile = page.getByRole('dialog', { name: 'Student Profile' });
    await expect(profile.getByText('No payment channel yet.')).toBeVisible();
    await profile.getByRole('button', { name: 'Add Payment Channel' }).click();

    const add = page.getByRole('dialog', { name: 'Add Payment Channel' });
    await add.getByLabel('Operator').selectOption('mtn_momo');
    // An Airtel number under MTN: pointed out before saving.
    await add.getByLabel(/Wallet number/).fill(`097${digits}`);
    await expect(add.getByText(/does not start with an MTN MoMo prefix/)).toBeVisible();
    await add.getByLabel(/Wallet number/).fill(`096${digits}`);
    await expect(add.getByText(/does not start with/)).toBeHidden();
    await add.getByLabel(/Registered name/).fill(`Mwila ${last}`);
    await add.getByRole('button', { name: 'Add Channel' }).click();
    await expect(page.getByText('Payment channel added')).toBeVisible();
    await expect(add).toBeHidden();
    await expect(profile.getByText(`+26096${digits} · Mwila ${last}`)).toBeVisible();
    await expect(profile.getByText('Primary')).toBeVisible();

    await page.goto(`/allowances?open=${allowanceId}`);
    const details = page.getByRole('dialog', { name: 'Allowance Details' });
    await expect(details.getByText(`MTN MoMo ••••${digits.slice(-4)}`)).toBeVisible();
  });
});
