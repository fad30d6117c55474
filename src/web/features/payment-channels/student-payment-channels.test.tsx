// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentChannel } from '../../../contracts/payment-channels';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { StudentPaymentChannels } from './student-payment-channels';

cleanAfterEach();

const STUDENT = '11111111-1111-4111-8111-111111111111';
const base = {
  student_id: STUDENT,
  bank_name: null,
  bank_branch: null,
  account_number: null,
  account_name: null,
  provider: null,
  wallet_number: null,
  wallet_name: null,
  is_primary: false,
  created_at: '2026-01-05T08:00:00.000Z',
  created_by_name: 'Bupe Tembo',
  ended_at: null,
  ended_by_name: null,
  end_reason: null,
  replaced_by_id: null,
  name_check: 'unchecked',
  operator_name: null,
  name_checked_at: null,
  name_checked_by_name: null,
  name_check_note: null,
  hold_reason: null,
  name_confirmation: null,
} satisfies Omit<PaymentChannel, 'id' | 'kind'>;
const wallet: PaymentChannel = {
  ...base,
  id: 'w1',
  kind: 'mobile_wallet',
  provider: 'mtn_momo',
  wallet_number: '+260961234567',
  wallet_name: 'Mwila Chanda',
  is_primary: true,
};
const oldBank: PaymentChannel = {
  ...base,
  id: 'b0',
  kind: 'bank',
  bank_name: 'Zanaco',
  account_number: '0012345678',
  account_name: 'Mwila Chanda',
  ended_at: '2026-02-01T08:00:00.000Z',
  ended_by_name: 'Bupe Tembo',
  end_reason: 'Prefers MoMo',
  replaced_by_id: 'w1',
};

describe('Payment Channels on the profile', () => {
  it('shows the primary channel, the history behind a disclosure, and no buttons to who may not edit', async () => {
    stubApi(() => json({ current: [wallet], history: [oldBank] }));
    renderWithClient(<StudentPaymentChannels studentId={STUDENT} mayEdit={false} />);
    expect(await screen.findByText('+260961234567 · Mwila Chanda')).toBeTruthy();
    expect(screen.getByText('Primary')).toBeTruthy();
    expect(screen.getByText('Earlier channels (1)')).toBeTruthy();
    expect(screen.getByText(/Prefers MoMo/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Payment Channel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('warns before saving a number under another operator’s prefix, and shows the server’s refusal under its field', async () => {
    const calls = stubApi((method) =>
      method === 'POST'
        ? json(
            {
              error: 'Enter a Zambian mobile number',
              fields: { wallet_number: 'Enter a Zambian mobile number' },
            },
            400,
          )
        : json({ current: [], history: [] }),
    );
    renderWithClient(<StudentPaymentChannels studentId={STUDENT} mayEdit />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Payment Channel' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Payment Channel' });
    const number = within(dialog).getByLabelText(/Wallet number/);
    fireEvent.change(number, { target: { value: '0971234567' } });
    expect(await within(dialog).findByText(/does not start with an MTN MoMo prefix/)).toBeTruthy();
    fireEvent.change(number, { target: { value: '0961234567' } });
    await waitFor(() => expect(within(dialog).queryByText(/does not start with/)).toBeNull());
    fireEvent.change(within(dialog).getByLabelText(/Registered name/), { target: { value: 'Mwila Chanda' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Channel' }));
    expect(await within(dialog).findByText('Enter a Zambian mobile number')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      kind: 'mobile_wallet',
      provider: 'mtn_momo',
      wallet_number: '0961234567',
      wallet_name: 'Mwila Chanda',
      primary: false,
    });
  });
});
