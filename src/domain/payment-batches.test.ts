import { describe, expect, it } from 'vitest';
import {
  type BatchItemToMatch,
  batchReference,
  canDeleteBatch,
  canManagePaymentBatches,
  itemReference,
  matchStatement,
  referenceIn,
  referenceKey,
} from './payment-batches';

const item = (
  line: number,
  amount: string,
  status: BatchItemToMatch['status'] = 'pending',
): BatchItemToMatch => ({
  id: `item-${line}`,
  reference: itemReference('PB-2026-11-001', line),
  amount,
  status,
  student_name: `Student ${line}`,
});

describe('references', () => {
  it('name the batch by month and number, and each item by its line', () => {
    expect(batchReference(2026, 11, 1)).toBe('PB-2026-11-001');
    expect(batchReference(2026, 3, 1234)).toBe('PB-2026-03-1234');
    expect(itemReference('PB-2026-11-001', 7)).toBe('PB-2026-11-001-0007');
  });

  it('are matched on letters and digits in any case, and found inside a narration', () => {
    expect(referenceKey(' pb 2026/11/001 0007 ')).toBe(referenceKey('PB-2026-11-001-0007'));
    expect(referenceIn('TRF MWILA PB-2026-11-001-0007 NOV')).toEqual({
      reference: 'PB-2026-11-001-0007',
      ours: true,
    });
    expect(referenceIn('PB2026110010007')).toEqual({ reference: 'PB2026110010007', ours: true });
    expect(referenceIn('  Bank charges ')).toEqual({ reference: 'Bank charges', ours: false });
  });
});

describe('who and when', () => {
  it('admins alone manage batches; only a batch not paid may be deleted', () => {
    expect(['admin', 'deputy_manager', 'program_officer', 'user'].map(canManagePaymentBatches)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect((['open', 'exported', 'paid', 'reconciled'] as const).map(canDeleteBatch)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('matchStatement', () => {
  it('matches by reference and exact amount, and lists every kind of mismatch in order', () => {
    const items = [
      item(1, '100.00'),
      item(2, '200.00'),
      item(3, '300.00'),
      item(4, '400.00'),
      item(5, '50.00', 'reconciled'),
    ];
    const result = matchStatement(items, [
      { row: 2, reference: 'pb-2026-11-001-0001', amount: '100.00' },
      { row: 3, reference: 'PB-2026-11-001-0002', amount: '200.01' },
      { row: 4, reference: 'PB-2026-11-001-0004', amount: '400.00' },
      { row: 5, reference: 'Unknown', amount: '7.50' },
      { row: 6, reference: 'PB-2026-11-001-0004', amount: '1.00' },
      { row: 7, reference: 'PB-2026-11-001-0005', amount: '50.00' },
    ]);
    expect(result.toReconcile.map((i) => i.id)).toEqual(['item-1']);
    expect(result.alreadyReconciled.map((i) => i.id)).toEqual(['item-5']);
    expect(result.mismatches).toEqual([
      {
        kind: 'missing',
        reference: 'PB-2026-11-001-0003',
        expected_amount: '300.00',
        student_name: 'Student 3',
      },
      {
        kind: 'different_amount',
        reference: 'PB-2026-11-001-0002',
        expected_amount: '200.00',
        paid_amount: '200.01',
        student_name: 'Student 2',
        rows: [3],
      },
      { kind: 'unknown_reference', reference: 'Unknown', paid_amount: '7.50', rows: [5] },
      {
        kind: 'duplicate_reference',
        reference: 'PB-2026-11-001-0004',
        expected_amount: '400.00',
        paid_amount: '401.00',
        student_name: 'Student 4',
        rows: [4, 6],
      },
    ]);
  });

  it('compares amounts as exact money: 100 and 100.00 are the same, 0.1 + 0.2 is 0.30', () => {
    const result = matchStatement(
      [item(1, '0.30'), item(2, '100.00')],
      [
        { row: 2, reference: 'PB-2026-11-001-0001', amount: '0.30' },
        { row: 3, reference: 'PB-2026-11-001-0002', amount: '100.0' },
      ],
    );
    expect(result.toReconcile).toHaveLength(2);
    expect(result.mismatches).toEqual([]);
  });

  it('does not call an item reconciled by an earlier statement missing from this one', () => {
    const result = matchStatement(
      [item(1, '10.00', 'reconciled'), item(2, '20.00', 'paid')],
      [{ row: 2, reference: 'PB-2026-11-001-0002', amount: '20.00' }],
    );
    expect(result.toReconcile.map((i) => i.id)).toEqual(['item-2']);
    expect(result.mismatches).toEqual([]);
  });
});
