import { base32Decode, totpCode, totpStep } from '../../src/server/auth/totp';
import { expectAccessible } from './support/accessibility';
import { expect, latestEmailTo, linkIn, signIn, test, unique } from './support/fixtures';

/*
 * Two-factor sign-in in the browser (docs/product.md D13): a staff member sets up an authenticator
 * on My Profile from the key on screen, keeps the recovery codes, and from then on signs in with a
 * code after the password. A fresh account, not a demo one: the other spec files sign the demo
 * accounts in at the same time, and an authenticator on one of them would stop those sign-ins.
 */

const PASSWORD = 'Twofactor#2026';

test('a staff member sets up two-factor sign-in on My Profile, then signs in with a code', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const staffId = unique('TFA');
  const email = `${staffId.toLowerCase()}@example.org`;
  const registered = await page.request.post('/api/staff-auth/register', {
    data: { staffId, email, name: unique('Two Factor '), password: PASSWORD, role: 'user' },
  });
  expect(registered.status()).toBe(201);
  const token = new URL(linkIn(await latestEmailTo(email), '/verify-email'), 'http://x').searchParams.get(
    'token',
  );
  expect((await page.request.post('/api/staff-auth/verify-email', { data: { token } })).status()).toBe(200);

  await signIn(page, staffId, PASSWORD);
  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set Up' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = base32Decode((await card.getByTestId('two-factor-secret').textContent()) ?? '');
  expect(secret).toHaveLength(20);
  await expectAccessible(page, 'the two-factor setup');

  // What an authenticator app would show now.
  const confirmStep = totpStep(new Date());
  await card.getByLabel('6-digit code').fill(totpCode(secret, confirmStep));
  await card.getByRole('button', { name: 'Turn On' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(card.getByText('Save these now; they are shown once.')).toBeVisible();
  await expectAccessible(page, 'the recovery codes');
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByText('10 of 10')).toBeVisible();

  await page.getByRole('button', { name: /log ?out|sign out/i }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/staff-login');
  await page.getByLabel('Staff ID').fill(staffId);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff-login$/);
  // The confirming code's step is used up; the next one is accepted already (a step either side
  // of now counts), so the test need not wait for the clock to move on.
  const step = Math.max(confirmStep + 1, totpStep(new Date()));
  const code = page.getByLabel('Authentication code');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectAccessible(page, 'the two-factor step of the staff login');
  await code.fill(totpCode(secret, step));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toHaveCount(0);
  expect(errors).toEqual([]);
});
