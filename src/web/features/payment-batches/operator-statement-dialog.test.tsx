// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorStatementResponse } from '../../../contracts/operator-statements';
import type { PaymentBatchDetail } from '../../../contracts/payment-batches';
import { renderWithClient } from '../../testing/api-stub';
import { reconcilesToTheKwacha } from './batch-reconciliation-card';
import { OperatorStatementDialog } from './operator-statement-dialog';

const sent = vi.hoisted(() => [] as Array<{ path: string; name: string; fields: Record<string, string> }>);
vi.mock('../../lib/upload', () => ({
  uploadFile: (path: string, file: File, _p: unknown, _s: unknown, fields: Record<string, string>) => {
    sent.push({ path, name: file.name, fields });
    return Promise.resolve(answer(fields.preview === 'true'));
  },
}));

afterEach(() => {
  cleanup();
  sent.length = 0;
});

const zero = { count: 0, amount: '0.00' };
const BATCH = {
  id: 'b1',
  reference: 'PB-2030-01-001',
  reconciliation: { parts: [], matched: zero, unmatched: zero, held: zero, total: zero },
} as unknown as PaymentBatchDetail;

function answer(preview: boolean): OperatorStatementResponse {
  return {
    channel: 'mtn_momo',
    preview,
    counts: {
      matched: 1,
      different_amount: 0,
      failed: 0,
      reversed: 0,
      conflict: 0,
      unmatched: 1,
      duplicate: 0,
    },
    lines: [
      {
        row: 2,
        reference: 'ref-1',
        msisdn: '',
        amount: '100.00',
        status: 'successful',
        transaction_id: 'T1',
        date: '',
        outcome: 'matched',
        item_reference: 'PB-2030-01-001-0001',
        student_name: 'Mwila Chanda',
        expected_amount: '100.00',
      },
      {
        row: 3,
        reference: 'ref-9',
        msisdn: '',
        amount: '5.00',
        status: 'successful',
        transaction_id: 'T9',
        date: '',
        outcome: 'unmatched',
        item_reference: null,
        student_name: null,
        expected_amount: null,
      },
    ],
    skipped_rows: 0,
    paid: preview ? 0 : 1,
    batch: BATCH,
  };
}

describe('OperatorStatementDialog', () => {
  it('previews the statement on the server first, then imports it only when asked', async () => {
    renderWithClient(<OperatorStatementDialog batch={BATCH} channel="mtn_momo" onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Import MTN MoMo Statement for PB-2030-01-001',
    });
    await userEvent.upload(
      within(dialog).getByLabelText('Statement file'),
      new File(['x'], 'mtn.xlsx', { type: 'application/octet-stream' }),
    );
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByTestId('operator-statement-counts').textContent).toBe(
      '2 lines: 1 matched · 1 unmatched.',
    );
    expect(sent).toEqual([
      {
        path: '/api/payment-batches/b1/operator-statement',
        name: 'mtn.xlsx',
        fields: { channel: 'mtn_momo', preview: 'true' },
      },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import statement' }));
    const result = await within(dialog).findByRole('region', { name: 'Import result' });
    expect(result.textContent).toContain('1 allowance marked as paid.');
    expect(sent.map((s) => s.fields.preview)).toEqual(['true', 'false']);
  });

  it('refuses another kind of file before sending anything', async () => {
    renderWithClient(
      <OperatorStatementDialog batch={BATCH} channel="airtel_money" onOpenChange={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Import Airtel Money Statement for PB-2030-01-001',
    });
    await userEvent.upload(
      within(dialog).getByLabelText('Statement file'),
      new File(['x'], 'statement.pdf'),
      {
        applyAccept: false,
      },
    );
    expect(await within(dialog).findByText(/Choose a \.csv or \.xlsx file/)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('reconcilesToTheKwacha', () => {
  it('adds matched, unmatched and held again, in count and to the ngwee', () => {
    const r = {
      parts: [],
      matched: { count: 2, amount: '0.10' },
      unmatched: { count: 1, amount: '0.20' },
      held: { count: 1, amount: '1000.00' },
      total: { count: 4, amount: '1000.30' },
    };
    expect(reconcilesToTheKwacha(r)).toBe(true);
    expect(reconcilesToTheKwacha({ ...r, total: { count: 4, amount: '1000.31' } })).toBe(false);
  });
});
