// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentChannel } from '../../../contracts/payment-channels';
import { cleanAfterEach, json, renderWithClient, stubApi } from '../../testing/api-stub';
import { StudentPaymentChannels } from './student-payment-channels';

cleanAfterEach();

const STUDENT = '11111111-1111-4111-8111-111111111111';
const mismatch: PaymentChannel = {
  id: 'w1',
  student_id: STUDENT,
  kind: 'mobile_wallet',
  bank_name: null,
  bank_branch: null,
  account_number: null,
  account_name: null,
  provider: 'mtn_momo',
  wallet_number: '+260961234567',
  wallet_name: 'Mwila Chanda',
  is_primary: true,
  created_at: '2026-01-05T08:00:00.000Z',
  created_by_name: 'Bupe Tembo',
  ended_at: null,
  ended_by_name: null,
  end_reason: null,
  replaced_by_id: null,
  name_check: 'mismatch',
  operator_name: 'Bupe Tembo',
  name_checked_at: '2026-01-05T08:00:01.000Z',
  name_checked_by_name: null,
  name_check_note: null,
  hold_reason: 'The wallet’s registered name differs',
  name_confirmation: 'mismatch',
};

describe('a wallet’s holder check on the profile', () => {
  it('shows a mismatch held, with no Confirm for a program officer', async () => {
    stubApi(() => json({ current: [mismatch], history: [] }));
    renderWithClient(<StudentPaymentChannels studentId={STUDENT} mayEdit userRole="program_officer" />);
    expect(await screen.findByText("Name differs from the operator's")).toBeTruthy();
    expect(screen.getByText(/Registered with the operator as “Bupe Tembo”/)).toBeTruthy();
    expect(screen.getByText(/Not paid yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Wallet' })).toBeNull();
  });

  it('lets a deputy manager confirm it with a note, which the dialog requires and sends', async () => {
    const calls = stubApi((method) =>
      method === 'POST'
        ? json({
            channel: { ...mismatch, name_check: 'confirmed', hold_reason: null, name_confirmation: null },
            warnings: [],
          })
        : json({ current: [mismatch], history: [] }),
    );
    renderWithClient(<StudentPaymentChannels studentId={STUDENT} mayEdit userRole="deputy_manager" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm Wallet' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Wallet' });
    expect(within(dialog).getByText(/registers \+260961234567 to “Bupe Tembo”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Wallet' }));
    expect(await within(dialog).findByText('Say how the wallet was confirmed')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Note/), {
      target: { value: 'Guardian’s wallet; NRC seen' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm Wallet' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Wallet' })).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: expect.stringContaining(`/payment-channels/w1/confirm`),
      body: { note: 'Guardian’s wallet; NRC seen' },
    });
  });

  it('offers an officer to confirm by hand a wallet no operator names', async () => {
    const airtel = {
      ...mismatch,
      provider: 'airtel_money' as const,
      name_check: 'unchecked' as const,
      operator_name: null,
      name_confirmation: 'by_hand' as const,
    };
    stubApi(() => json({ current: [airtel], history: [] }));
    renderWithClient(<StudentPaymentChannels studentId={STUDENT} mayEdit userRole="program_officer" />);
    expect(await screen.findByText('Not yet checked')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Wallet' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Confirm Wallet' })).getByText(
        /Airtel Money gives no registered name/,
      ),
    ).toBeTruthy();
  });
});
