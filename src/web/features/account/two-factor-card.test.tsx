// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '../../../contracts/two-factor';
import { Toaster } from '../../components/ui';
import { json, renderWithClient, stubApi } from '../../testing/api-stub';
import { TwoFactorCard } from './two-factor-card';

const qr = vi.hoisted(() => ({ toDataURL: vi.fn(() => Promise.resolve('data:image/png;base64,UVI=')) }));
vi.mock('qrcode', () => ({ default: qr }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  qr.toDataURL.mockClear();
});

const OFF: TwoFactorStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
const ON: TwoFactorStatus = {
  enabled: true,
  enabled_at: '2026-03-15T09:00:00Z',
  recovery_codes_left: 10,
  required: false,
};
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/CHL%20Back-office:PO001?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${String.fromCharCode(97 + i)}-1234${i}`);

/** Answers GET with `status()` (read at each call), and each POST from `posts`. */
function serve(
  status: () => TwoFactorStatus,
  posts: Record<string, (body: unknown) => Promise<Response>> = {},
) {
  return stubApi((method, url, body) =>
    method === 'GET' ? json(status()) : (posts[url]?.(body) ?? json({ error: 'unexpected' }, 500)),
  );
}

const showCard = () =>
  renderWithClient(
    <>
      <TwoFactorCard />
      <Toaster />
    </>,
  );
const card = () => screen.getByRole('region', { name: 'Two-factor sign-in' });

describe('TwoFactorCard', () => {
  it('sets up: QR code and key, a code to confirm, then the recovery codes shown once with Copy', async () => {
    let status = OFF;
    const seen = serve(() => status, {
      '/api/me/two-factor/setup': () => json(SETUP),
      '/api/me/two-factor/confirm': (body) => {
        if ((body as { code: string }).code !== '123456')
          return json(
            { error: TWO_FACTOR_MESSAGES.wrongCode, fields: { code: TWO_FACTOR_MESSAGES.wrongCode } },
            400,
          );
        status = ON;
        return json({ recovery_codes: CODES });
      },
    });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Set Up' }));

    const image = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,UVI=');
    expect(qr.toDataURL).toHaveBeenCalledWith(SETUP.otpauth_url, expect.anything());
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const code = screen.getByLabelText(/6-digit code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');

    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn On' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(TWO_FACTOR_MESSAGES.saveRecoveryCodes)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(seen.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      ['/api/me/two-factor/setup', undefined],
      ['/api/me/two-factor/confirm', { code: '654321' }],
      ['/api/me/two-factor/confirm', { code: '123456' }],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(card()).getByText('On')).toBeTruthy());
    expect(within(card()).getByText('10 of 10')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('turns off with the password, and says when the password is wrong', async () => {
    let status = ON;
    const seen = serve(() => status, {
      '/api/me/two-factor/disable': (body) => {
        if ((body as { password: string }).password !== 'Demo#2026')
          return json({ error: TWO_FACTOR_MESSAGES.wrongPassword }, 400);
        status = OFF;
        return json({ message: TWO_FACTOR_MESSAGES.disabled });
      },
    });
    showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn Off' }));
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await userEvent.type(within(form).getByLabelText(/Your password/), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn Off Two-factor Sign-in' }));
    expect(await within(form).findByText(TWO_FACTOR_MESSAGES.wrongPassword)).toBeTruthy();
    await userEvent.clear(within(form).getByLabelText(/Your password/));
    await userEvent.type(within(form).getByLabelText(/Your password/), 'Demo#2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn Off Two-factor Sign-in' }));
    expect(await screen.findByRole('button', { name: 'Set Up' })).toBeTruthy();
    expect(seen.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ password: 'Demo#2026' });
  });

  it('offers no way to turn it off while the system settings require it', async () => {
    serve(() => ({ ...ON, required: true }));
    showCard();
    expect(
      await screen.findByText('Required by the system settings, so it cannot be turned off.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn Off' })).toBeNull();
  });
});
