import { expect, latestEmailTo, linkIn, nextGoogleIdentity, signIn, test, unique } from './support/fixtures';

test.describe('signing in and out', () => {
  test('a demo admin signs in with staff ID and password, sees the dashboard, and signs out', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Staff Login with ID' }).click();
    await expect(page).toHaveURL(/\/staff-login$/);
    await page.getByLabel('Staff ID').fill('ADM001');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo#2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Mutale Bwalya')).toBeVisible();
    await expect(page.getByText('System Overview Dashboard')).toBeVisible();
    await expect(page.getByText('admin', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /log ?out|sign out/i }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows Login Failed with the server message', async ({ page }) => {
    await page.goto('/staff-login');
    await page.getByLabel('Staff ID').fill('PO001');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid staff ID or password')).toBeVisible();
    await expect(page).toHaveURL(/\/staff-login$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/staff-login');
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('visible?');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: /show password/i }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: /hide password/i }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('remember me keeps the session cookie past the browser session', async ({ page, context }) => {
    await page.goto('/staff-login');
    await page.getByLabel('Staff ID').fill('DPM001');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo#2026');
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const session = (await context.cookies()).find((c) => c.name === 'chl_session')!;
    expect(session.httpOnly).toBe(true);
    expect(session.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session.value);
  });

  test('redirects: signed out to /login, signed in away from /login and unknown paths to /dashboard', async ({
    page,
  }) => {
    await page.goto('/somewhere/unknown');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, 'PO001');
    await expect(page.getByText('Your Students Dashboard')).toBeVisible();
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('signing out in one tab signs out the others', async ({ page, context }) => {
    await signIn(page, 'PO002');
    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByText('Welcome back, Mwansa Zulu')).toBeVisible();
    await page.getByRole('button', { name: /log ?out|sign out/i }).click();
    await expect(other).toHaveURL(/\/login$/);
  });
});

test.describe('registration and passwords', () => {
  test('register, verify by the emailed link, then sign in as a user (no privilege granted)', async ({
    page,
  }) => {
    const staffId = unique('E2E');
    const email = `${staffId.toLowerCase()}@example.org`;
    await page.goto('/staff-login');
    await page.getByRole('button', { name: 'Register here' }).click();
    await page.getByLabel('Staff ID').fill(staffId);
    await page.getByLabel('Full Name').fill('Chanda Mulenga');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
    await page.getByLabel('Role').selectOption('admin');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(/^Password must be at least 8 characters long/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Chanda#Pass1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Registration successful! Please verify your email to login.')).toBeVisible();
    await expect(page.getByLabel('Staff ID')).toHaveValue(staffId);

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Chanda#Pass1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please verify your email before logging in.')).toBeVisible();

    await page.goto(linkIn(await latestEmailTo(email), '/verify-email'));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/staff-login$/);
    await signIn(page, staffId, 'Chanda#Pass1');
    await expect(page.getByText('Your Academic Progress')).toBeVisible();
    await expect(page.getByText(/waiting for an administrator/)).toBeVisible();
  });

  test('registration answers with no token: the page says to check the email', async ({ page }) => {
    const staffId = unique('CHK');
    const email = `${staffId.toLowerCase()}@example.org`;
    await page.goto('/staff-login');
    await page.getByRole('button', { name: 'Register here' }).click();
    await page.getByLabel('Staff ID').fill(staffId);
    await page.getByLabel('Full Name').fill('Careful Person');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Careful#Pass1');
    const answer = page.waitForResponse('**/api/staff-auth/register');
    await page.getByRole('button', { name: 'Register' }).click();
    expect(await (await answer).text()).not.toMatch(/token/i);
    await expect(page.getByText(`we sent a verification link to ${email}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Verify Email Now' })).toHaveCount(0);
  });

  test('forgot password: the same confirmation, a reset link by email, then the new password works', async ({
    page,
  }) => {
    const staffId = unique('FGT');
    const email = `${staffId.toLowerCase()}@example.org`;
    await page.request.post('/api/staff-auth/register', {
      data: { staffId, email, password: 'First#Pass1', name: 'Forgetful Person', role: 'user' },
    });
    await page.goto(linkIn(await latestEmailTo(email), '/verify-email'));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

    await page.goto('/staff-login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email').fill(email);
    const answer = page.waitForResponse('**/api/staff-auth/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await (await answer).text()).not.toMatch(/token/i);
    await expect(page.getByText(/If an account exists/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Use Reset Token' })).toHaveCount(0);

    await page.goto(
      linkIn(await latestEmailTo(email, (mail) => mail.includes('/reset-password')), '/reset-password'),
    );
    await page.getByLabel('New Password').fill('Second#Pass3');
    await page.getByLabel('Confirm Password').fill('second-pazz');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Second#Pass3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await signIn(page, staffId, 'Second#Pass3');
  });

  test('forgot password for an unknown email shows the same confirmation', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill('nobody-at-all@example.org');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(/If an account exists/)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Google sign-in', () => {
  test('a first-time Google user returns to the dashboard with role user', async ({ page }) => {
    const sub = unique('g-');
    await nextGoogleIdentity({ sub, email: `${sub.toLowerCase()}@gmail.example`, name: 'Thandiwe Banda' });
    await page.goto('/login');
    await page.getByRole('link', { name: /google/i }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Welcome back, Thandiwe Banda')).toBeVisible();
    await expect(page.getByText('Your Academic Progress')).toBeVisible();
  });
});

test.describe('the sign-in page', () => {
  test('says Demo data while demo accounts keep the published password, and so does the top bar', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('note').getByText('Demo data')).toBeVisible();
    await page.goto('/staff-login');
    await expect(page.getByRole('note').getByText('Demo data')).toBeVisible();
    await signIn(page, 'USR001');
    await expect(page.getByRole('banner').getByText('Demo data')).toBeVisible();
  });

  test('shows the programme figures and rotates its five pictures every 5 seconds, wrapping round', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/login');
    for (const figure of ['500+', '95%', '12+'])
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    const current = page.locator('[data-slide-active="true"]');
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      seen.push((await current.getAttribute('data-slide-index'))!);
      await page.clock.runFor(5000);
    }
    expect(seen).toEqual(['0', '1', '2', '3', '4', '0']);
  });

  test('shows a sign-in error from the server under Authentication Error', async ({ page }) => {
    await page.goto(`/login?error=${encodeURIComponent('Google sign-in was cancelled.')}`);
    await expect(page.getByText('Authentication Error')).toBeVisible();
    await expect(page.getByText('Google sign-in was cancelled.')).toBeVisible();
  });
});
