import { describe, expect, it } from 'vitest';
import type { PaymentBatchItem } from '../../../contracts/payment-batches';
import { buildStatementPreview } from './statement-preview';

const item = (
  line: number,
  amount: string,
  status: PaymentBatchItem['status'] = 'pending',
): PaymentBatchItem => ({
  id: `item-${line}`,
  allowance_id: `allowance-${line}`,
  student_id: `student-${line}`,
  student_name: `Student ${line}`,
  nrc_number: null,
  month: 'November',
  year: 2026,
  amount,
  reference: `PB-2026-11-001-000${line}`,
  status,
  approval_stage: 'approved',
  payment_channel: null,
  channel: 'bank',
  transaction_id: null,
  payout: null,
});

const ITEMS = [item(1, '1234.50'), item(2, '900.00'), item(3, '450.00'), item(4, '10.00', 'reconciled')];

describe('buildStatementPreview', () => {
  it('reads a real-world statement and tells each payment what the reconciliation will do with it', () => {
    const preview = buildStatementPreview(
      [
        '\ufeffDate,Narration,Amount (ZMW),Balance',
        '01/11/2026,Opening balance,,5000',
        '02/11/2026,TRF PB-2026-11-001-0001 STUDENT 1,"ZMW 1,234.50",3765.50',
        '',
        '02/11/2026,pb 2026 11 001 0002,899.99,2865.51',
        '03/11/2026,PB-2026-11-001-0009,55.00,2810.51',
        '03/11/2026,PB-2026-11-001-0004,10.00,2800.51',
      ].join('\n'),
      ITEMS,
    );
    expect(preview).toMatchObject({
      ok: true,
      columns: { reference: 'narration', amount: ['amount (zmw)'] },
      skippedRows: 1,
      toReconcile: 1,
    });
    if (!preview.ok) throw new Error('read');
    expect(
      preview.lines.map((l) => [l.row, l.reference, l.amount, l.outcome, l.student_name, l.expected_amount]),
    ).toEqual([
      [3, 'PB-2026-11-001-0001', '1234.50', 'match', 'Student 1', '1234.50'],
      [5, 'pb 2026 11 001 0002', '899.99', 'different_amount', 'Student 2', '900.00'],
      [6, 'PB-2026-11-001-0009', '55.00', 'unknown_reference', null, null],
      [7, 'PB-2026-11-001-0004', '10.00', 'already', 'Student 4', '10.00'],
    ]);
    expect(preview.missing.map((i) => i.reference)).toEqual(['PB-2026-11-001-0003']);
  });

  it('marks every line of a repeated reference', () => {
    const preview = buildStatementPreview(
      'ref,value\nPB-2026-11-001-0001,1234.50\nPB-2026-11-001-0001,1234.50\n',
      ITEMS,
    );
    expect(preview.ok && preview.lines.map((l) => l.outcome)).toEqual([
      'duplicate_reference',
      'duplicate_reference',
    ]);
    expect(preview.ok && preview.toReconcile).toBe(0);
  });

  it('says what is wrong with a file the server would refuse, row by row', () => {
    expect(buildStatementPreview('reference,amount\nPB-2026-11-001-0001,about 5\n', ITEMS)).toEqual({
      ok: false,
      error:
        'The bank statement cannot be read: row 2: the amount "about 5" is not an amount (write it like 1234.50 or ZMW 1,234.50).',
      problems: [
        { row: 2, message: 'the amount "about 5" is not an amount (write it like 1234.50 or ZMW 1,234.50)' },
      ],
    });
    expect(buildStatementPreview('when,what\n1,2\n', ITEMS)).toMatchObject({
      ok: false,
      error: expect.stringContaining('The file has no reference column'),
    });
  });

  it("marks the bank's fee and charge lines as charges, not unknown references", () => {
    const preview = buildStatementPreview(
      `Reference,Amount\n${ITEMS[0]!.reference},${ITEMS[0]!.amount}\nTransfer fee,2.50\nFT123,9.00\n`,
      ITEMS,
    );
    expect(preview.ok && preview.lines.map((l) => l.outcome)).toEqual([
      'match',
      'charge',
      'unknown_reference',
    ]);
  });
});
