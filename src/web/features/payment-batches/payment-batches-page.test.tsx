// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  PaymentBatch,
  PaymentBatchDetail,
  PaymentBatchListResponse,
  ReconcileResponse,
} from '../../../contracts/payment-batches';
import { Toaster } from '../../components/ui';
import { json, renderWithClient, stubApi } from '../../testing/api-stub';
import { BATCH_UI } from './batch-ui';
import { PaymentBatchesPage } from './payment-batches-page';

const upload = vi.hoisted(() => ({
  answer: null as unknown,
  sent: [] as Array<{ path: string; name: string }>,
}));
vi.mock('../../lib/upload', () => ({
  uploadFile: (path: string, file: File) => {
    upload.sent.push({ path, name: file.name });
    return Promise.resolve(upload.answer);
  },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  upload.sent = [];
});

const ID = '6b0c6c44-0000-4000-8000-000000000001';
const BATCH: PaymentBatch = {
  id: ID,
  reference: 'PB-2026-11-001',
  month: 'November',
  year: 2026,
  status: 'exported',
  allowance_count: 3,
  total: '2584.50',
  item_counts: { pending: 3, paid: 0, reconciled: 0 },
  created_by: 'Mutale Bwalya',
  created_at: '2026-11-20T08:00:00.000Z',
  exported_at: '2026-11-20T08:05:00.000Z',
  paid_at: null,
  paid_date: null,
  paid_by: null,
  reconciled_at: null,
};
const item = (line: number, name: string, amount: string) => ({
  id: `item-${line}`,
  allowance_id: `allowance-${line}`,
  student_id: `student-${line}`,
  student_name: name,
  nrc_number: `10000${line}/10/1`,
  month: 'November',
  year: 2026,
  amount,
  reference: `PB-2026-11-001-000${line}`,
  status: 'pending' as const,
  approval_stage: 'approved' as const,
  channel: 'bank' as const,
  transaction_id: null,
  payout: null,
  payment_channel:
    line === 1
      ? {
          id: 'channel-1',
          kind: 'mobile_wallet' as const,
          provider: 'mtn_momo' as const,
          bank_name: null,
          masked_number: '••••4567',
          label: 'MTN MoMo ••••4567',
        }
      : null,
});
const DETAIL: PaymentBatchDetail = {
  ...BATCH,
  parts: [{ channel: 'bank', allowance_count: 3, total: '2584.50', can_send: false, unsent: 0 }],
  held: [],
  mismatches: [],
  reconciliation: {
    parts: [
      {
        channel: 'bank',
        matched: { count: 0, amount: '0.00' },
        unmatched: { count: 3, amount: '2584.50' },
        total: { count: 3, amount: '2584.50' },
      },
    ],
    matched: { count: 0, amount: '0.00' },
    unmatched: { count: 3, amount: '2584.50' },
    held: { count: 0, amount: '0.00' },
    total: { count: 3, amount: '2584.50' },
  },
  items: [
    item(1, 'Mwila Chanda', '1234.50'),
    item(2, 'Bupe Tembo', '900.00'),
    item(3, 'Chola Daka', '450.00'),
  ],
};
const list = (items: PaymentBatch[]): PaymentBatchListResponse => ({
  items,
  total: items.length,
  total_capped: false,
  page: 1,
  pageSize: 25,
});

const show = (path = '/payment-batches') =>
  renderWithClient(
    <>
      <PaymentBatchesPage />
      <Toaster />
    </>,
    path,
  );

describe('PaymentBatchesPage', () => {
  it('lists the batches with period, count, total in ZMW and status; says so when there are none', async () => {
    stubApi(() =>
      json(
        list([
          BATCH,
          {
            ...BATCH,
            id: 'b2',
            reference: 'PB-2026-11-002',
            month: null,
            year: null,
            total: '1000000.00',
            status: 'reconciled',
          },
        ]),
      ),
    );
    show();
    const table = await screen.findByRole('table', { name: 'Payment batches' });
    await within(table).findByText('PB-2026-11-002');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(0, 5),
      ),
    ).toEqual([
      ['PB-2026-11-001', 'November 2026', '3', 'ZMW 2,584.50', 'Exported'],
      ['PB-2026-11-002', 'Selection', '3', 'ZMW 1,000,000.00', 'Reconciled'],
    ]);
    // The narrow screen's card says what the count is.
    expect(screen.getByText('November 2026 · 3 allowances · ZMW 2,584.50')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    stubApi(() => json(list([])));
    show();
    expect(await screen.findByText(BATCH_UI.empty)).toBeTruthy();
  });

  it('New Payment Batch shows how many approved allowances and their total before creating it', async () => {
    const seen = stubApi((method, url) => {
      if (url.startsWith('/api/payment-batches/preview'))
        return json({
          month: 'March',
          year: 2026,
          allowance_count: url.includes('March') ? 12 : 0,
          total: url.includes('March') ? '14400.00' : '0.00',
          parts: url.includes('March')
            ? [{ channel: 'mtn_momo', allowance_count: 12, total: '14400.00' }]
            : [],
          held: url.includes('March')
            ? [{ allowance_id: 'held-1', student_name: 'Held Phiri', amount: '500.00', reason: 'No wallet.' }]
            : [],
        });
      if (method === 'POST') return json({ ...DETAIL, skipped: [] }, 201);
      if (url.startsWith(`/api/payment-batches/${ID}`)) return json(DETAIL);
      return json(list([]));
    });
    show();
    await userEvent.click(await screen.findByRole('button', { name: BATCH_UI.newBatch }));
    const dialog = await screen.findByRole('dialog', { name: BATCH_UI.newBatch });
    await userEvent.selectOptions(within(dialog).getByLabelText(/Month/), 'February');
    await userEvent.clear(within(dialog).getByLabelText(/Year/));
    await userEvent.type(within(dialog).getByLabelText(/Year/), '2026');
    expect(
      await within(dialog).findByText('No approved allowances for February 2026 are waiting for payment.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create Batch' }).hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(within(dialog).getByLabelText(/Month/), 'March');
    expect(await within(dialog).findByText('12 approved allowances, ZMW 14,400.00')).toBeTruthy();
    expect(within(dialog).getByText(/MTN MoMo 12 \(ZMW 14,400\.00\)/)).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Held allowances' }).textContent).toBe(
      'Held Phiri (ZMW 500.00): No wallet.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
    await screen.findByRole('heading', { name: 'Payment Batch PB-2026-11-001' });
    expect(seen.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/payment-batches', body: { month: 'March', year: 2026 } },
    ]);
  });

  it('imports a bank statement: the preview in the browser, then matched and mismatches in words', async () => {
    stubApi(() => json(DETAIL));
    show(`/payment-batches?open=${ID}`);
    await screen.findByRole('heading', { name: 'Payment Batch PB-2026-11-001' });
    const items = screen.getByRole('table', { name: 'Allowances in this batch' });
    expect(within(items).getAllByRole('row')).toHaveLength(4);
    // Each student's primary payment channel, masked, or its absence.
    expect(within(items).getByText('MTN MoMo ••••4567')).toBeTruthy();
    expect(within(items).getAllByText('No payment channel')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: BATCH_UI.importStatement }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Bank Statement for PB-2026-11-001' });
    const statement = [
      'Narration,Credit',
      'PB-2026-11-001-0001,"ZMW 1,234.50"',
      'PB-2026-11-001-0002,800',
      'PB-2099-01-001-0001,50',
    ].join('\n');
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([statement], 'bank.csv', { type: 'text/csv' }),
    );
    const preview = await within(dialog).findByRole('table', { name: 'Statement payments' });
    expect(
      within(preview)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.getAttribute('data-outcome')),
    ).toEqual(['match', 'different_amount', 'unknown_reference']);
    expect(within(dialog).getByTestId('statement-counts').textContent).toContain(
      '1 to reconcile, 1 of the batch not in the file',
    );
    // The long preview scrolls in a box the keyboard reaches (axe: scrollable-region-focusable).
    const previewBox = within(dialog).getByRole('region', { name: 'Statement payments' });
    expect(previewBox.contains(preview) && previewBox.tabIndex).toBe(0);

    const result: ReconcileResponse = {
      matched: 1,
      paid: 1,
      skipped_rows: 0,
      charges: [],
      mismatches: [
        {
          kind: 'missing',
          reference: 'PB-2026-11-001-0003',
          expected_amount: '450.00',
          student_name: 'Chola Daka',
        },
        {
          kind: 'different_amount',
          reference: 'PB-2026-11-001-0002',
          expected_amount: '900.00',
          paid_amount: '800.00',
          student_name: 'Bupe Tembo',
          rows: [3],
        },
        { kind: 'unknown_reference', reference: 'PB-2099-01-001-0001', paid_amount: '50.00', rows: [4] },
      ],
      batch: DETAIL,
    };
    upload.answer = result;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reconcile' }));
    const panel = await within(dialog).findByRole('region', { name: 'Reconciliation result' });
    expect(upload.sent).toEqual([{ path: `/api/payment-batches/${ID}/reconcile`, name: 'bank.csv' }]);
    expect(within(panel).getByText('Matched: 1 payment')).toBeTruthy();
    const mismatches = within(panel).getByRole('table', { name: 'Mismatches' });
    const mismatchBox = within(panel).getByRole('region', { name: 'Mismatches' });
    expect(mismatchBox.contains(mismatches) && mismatchBox.tabIndex).toBe(0);
    expect(
      within(mismatches)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Missing from the statement', 'PB-2026-11-001-0003', 'Chola Daka', 'ZMW 450.00', '—', '—'],
      ['Different amount', 'PB-2026-11-001-0002', 'Bupe Tembo', 'ZMW 900.00', 'ZMW 800.00', '3'],
      ['Unknown reference', 'PB-2099-01-001-0001', '—', '—', 'ZMW 50.00', '4'],
    ]);
  });

  it('refuses a statement the server would refuse before sending it, saying which row', async () => {
    stubApi(() => json(DETAIL));
    show(`/payment-batches?open=${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: BATCH_UI.importStatement }));
    const dialog = await screen.findByRole('dialog', { name: /Import Bank Statement/ });
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['reference,amount\nPB-2026-11-001-0001,lots\n'], 'bank.csv', { type: 'text/csv' }),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Row 2: the amount "lots" is not an amount');
    expect(within(dialog).getByRole('button', { name: 'Reconcile' }).hasAttribute('disabled')).toBe(true);
    expect(upload.sent).toEqual([]);
  });

  it('Mark as Paid sends the day the bank paid and reports an allowance someone else moved', async () => {
    const seen = stubApi((method) =>
      method === 'POST'
        ? json({
            paid: 2,
            skipped: [
              {
                allowance_id: 'allowance-3',
                student_name: 'Chola Daka',
                reference: 'PB-2026-11-001-0003',
                reason: 'It is Paid now, not Approved: someone else changed it meanwhile.',
              },
            ],
            batch: DETAIL,
          })
        : json(DETAIL),
    );
    show(`/payment-batches?open=${ID}`);
    await userEvent.click(await screen.findByRole('button', { name: BATCH_UI.markPaid }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark PB-2026-11-001 as Paid' });
    expect(dialog.textContent).toContain('3 allowances still to pay, ZMW 2,584.50');
    await userEvent.click(within(dialog).getByRole('button', { name: BATCH_UI.markPaid }));
    const left = await screen.findByRole('list', { name: 'Allowances not paid' });
    expect(left.textContent).toContain('Chola Daka (PB-2026-11-001-0003): It is Paid now, not Approved');
    await waitFor(() => expect(seen.some((c) => c.method === 'POST')).toBe(true));
    const post = seen.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/api/payment-batches/${ID}/mark-paid`);
    expect(post.body).toEqual({ paid_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});
