// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Allowance, AllowanceListResponse } from '../../../contracts/allowances';
import type { PaymentBatchCreated } from '../../../contracts/payment-batches';
import type { ApprovalStage } from '../../../domain/allowance-stages';
import { Toaster } from '../../components/ui';
import { json, renderWithClient, stubApi } from '../../testing/api-stub';
import { AllowancesPage } from './allowances-page';

const session = vi.hoisted(() => ({ user: { id: 'me', name: 'Me', role: 'admin' } }));
vi.mock('../../lib/session', () => ({ useCurrentUser: () => session.user }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user.role = 'admin';
});

const ID = (n: number) => `6b0c6c44-0000-4000-8000-00000000000${n}`;
const BATCH_ID = '7c1d7d55-0000-4000-8000-000000000009';

function allowance(n: number, student_name: string, approval_stage: ApprovalStage): Allowance {
  const none = null;
  return {
    id: ID(n),
    student_id: `student-${n}`,
    student_name,
    month: 'March',
    month_number: 3,
    year: 2026,
    program_level: 'university',
    stipend: '1000.00',
    medical: '0.00',
    transportation: '0.00',
    school_supplies: '0.00',
    accommodation: '0.00',
    total: '1000.00',
    approval_stage,
    submitted_by: 'Officer',
    submitted_by_id: none,
    submitted_date: '2026-03-01T08:00:00.000Z',
    dpm_approved_by: none,
    dpm_approved_by_id: none,
    dpm_approved_date: none,
    dpm_status: none,
    dpm_comments: none,
    dpm_on_behalf_of: none,
    dpm_on_behalf_of_id: none,
    flmi_approved_by: none,
    flmi_approved_by_id: none,
    flmi_approved_date: none,
    flmi_status: none,
    flmi_step_comments: none,
    flmi_on_behalf_of: none,
    flmi_on_behalf_of_id: none,
    pm_approved_by: none,
    pm_approved_by_id: none,
    pm_approved_date: none,
    pm_status: none,
    pm_comments: none,
    pm_on_behalf_of: none,
    pm_on_behalf_of_id: none,
    rejection_reason: none,
    rejected_at_stage: none,
    rejected_by: none,
    rejected_date: none,
    flmi_comments: none,
    flmz_comments: none,
    paid_by: none,
    paid_by_id: none,
    paid_date: none,
    created_at: '2026-03-01T08:00:00.000Z',
    updated_at: '2026-03-01T08:00:00.000Z',
  };
}

const ROWS = [
  allowance(1, 'Mwila Chanda', 'approved'),
  allowance(2, 'Bupe Tembo', 'approved'),
  allowance(3, 'Chola Daka', 'pending_pm'),
];
const LIST: AllowanceListResponse = {
  items: ROWS,
  total: ROWS.length,
  total_capped: false,
  page: 1,
  pageSize: 25,
  summary: {
    pending_dpm: '0.00',
    pending_flmi: '0.00',
    pending_pm: '1000.00',
    approved: '2000.00',
    paid: '0.00',
  },
};
const CREATED: PaymentBatchCreated = {
  id: BATCH_ID,
  parts: [],
  held: [],
  mismatches: [],
  reconciliation: {
    parts: [],
    matched: { count: 0, amount: '0.00' },
    unmatched: { count: 0, amount: '0.00' },
    held: { count: 0, amount: '0.00' },
    total: { count: 0, amount: '0.00' },
  },
  reference: 'PB-2026-03-004',
  month: null,
  year: null,
  status: 'open',
  allowance_count: 2,
  total: '2000.00',
  item_counts: { pending: 2, paid: 0, reconciled: 0 },
  created_by: 'Me',
  created_at: '2026-03-20T08:00:00.000Z',
  exported_at: null,
  paid_at: null,
  paid_date: null,
  paid_by: null,
  reconciled_at: null,
  items: [],
  skipped: [
    {
      allowance_id: ID(3),
      student_name: 'Chola Daka',
      reference: null,
      reason: 'It is Pending Program Manager, not Approved.',
    },
  ],
};

function show(answerCreate: () => Promise<Response>) {
  const seen = stubApi((method, url) => {
    if (method === 'POST' && url === '/api/payment-batches') return answerCreate();
    if (url.startsWith('/api/allowances')) return json(LIST);
    return json({});
  });
  renderWithClient(
    <>
      <AllowancesPage />
      <Toaster />
    </>,
    '/allowances',
  );
  return seen;
}

async function tick(...names: string[]) {
  // jsdom draws both the wide table and the narrow cards: the first is the table's.
  for (const name of names) await userEvent.click((await screen.findAllByRole('checkbox', { name }))[0]!);
  return screen.getByRole('region', { name: 'Bulk decision' });
}

describe('Add to Payment Batch on Allowance Management', () => {
  it('is offered to an admin only: a deputy manager ticks rows to decide them, not to pay', async () => {
    session.user.role = 'deputy_manager';
    show(() => json(CREATED, 201));
    const bar = await tick('Select Mwila Chanda, March 2026');
    expect(within(bar).getByRole('button', { name: 'Approve selected' })).toBeTruthy();
    expect(within(bar).queryByRole('button', { name: 'Add to Payment Batch' })).toBeNull();
    cleanup();
    session.user.role = 'admin';
    show(() => json(CREATED, 201));
    const adminBar = await tick('Select Mwila Chanda, March 2026');
    expect(within(adminBar).getByRole('button', { name: 'Add to Payment Batch' })).toBeTruthy();
  });

  it('sends the ticked ids, then shows the batch, its link and each one left out with the reason', async () => {
    const seen = show(() => json(CREATED, 201));
    const bar = await tick('Select Mwila Chanda, March 2026', 'Select Chola Daka, March 2026');
    await userEvent.click(within(bar).getByRole('button', { name: 'Add to Payment Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Payment Batch' });
    expect(dialog.textContent).toContain('2 allowances selected.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));

    const heading = await screen.findByRole('heading', { name: 'Payment batch created' });
    expect(heading).toBe(document.activeElement);
    expect(screen.queryByRole('dialog')).toBeNull();
    const posts = seen.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toBe('/api/payment-batches');
    expect((posts[0]!.body as { allowance_ids: string[] }).allowance_ids.sort()).toEqual([ID(1), ID(3)]);
    expect(screen.getByTestId('batch-created').textContent).toBe(
      'PB-2026-03-004: 2 allowances, ZMW 2,000.00.',
    );
    expect(screen.getByRole('link', { name: 'Open payment batch PB-2026-03-004' }).getAttribute('href')).toBe(
      `/payment-batches?open=${BATCH_ID}`,
    );
    const leftOut = screen.getByRole('list', { name: 'Allowances left out' }).querySelectorAll('li');
    expect([...leftOut].map((li) => li.textContent)).toEqual([
      'Chola Daka, March 2026It is Pending Program Manager, not Approved.',
    ]);
    // The selection is cleared: the bar is gone.
    expect(screen.queryByRole('region', { name: 'Bulk decision' })).toBeNull();
  });

  it("keeps the dialog and the selection on a refusal, and says the server's reason", async () => {
    show(() => json({ error: 'No approved allowances in this selection are waiting for payment.' }, 409));
    const bar = await tick('Select Chola Daka, March 2026');
    await userEvent.click(within(bar).getByRole('button', { name: 'Add to Payment Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Payment Batch' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Batch' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'No approved allowances in this selection are waiting for payment.',
    );
    expect(screen.queryByRole('heading', { name: 'Payment batch created' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('region', { name: 'Bulk decision' }).textContent).toContain('1 selected');
  });
});
