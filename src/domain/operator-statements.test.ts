import { describe, expect, it } from 'vitest';
import {
  matchOperatorStatement,
  type OperatorStatementLine,
  operatorStatementContentKey,
  type PartPaymentToMatch,
} from './operator-statements';

const line = (
  row: number,
  reference: string,
  status: OperatorStatementLine['status'],
  amount = '100.00',
) => ({
  row,
  reference,
  status,
  amount,
  msisdn: '',
  transaction_id: `T${row}`,
  date: '',
});

const retried: PartPaymentToMatch = {
  item_id: 'item-1',
  reference: 'PB-2030-01-001-0001',
  amount: '100.00',
  item_status: 'paid',
  student_name: 'Mwila Chanda',
  attempts: [
    { id: 'a1', reference: '11111111-1111-5111-8111-111111111111', status: 'failed' },
    { id: 'a2', reference: '22222222-2222-5222-8222-222222222222', status: 'successful' },
  ],
};

describe('matchOperatorStatement', () => {
  it('takes each attempt of a retried payment as its own transfer: the failed first, the paid second', () => {
    const outcomes = matchOperatorStatement(
      [retried],
      [
        line(2, retried.attempts[0]!.reference, 'failed'),
        line(3, retried.attempts[1]!.reference, 'successful'),
      ],
    ).map((m) => [m.outcome, m.attempt?.id]);
    expect(outcomes).toEqual([
      ['failed', 'a1'],
      ['matched', 'a2'],
    ]);
  });

  it("names the latest attempt by the item's own reference, whatever its dashes and case", () => {
    const [m] = matchOperatorStatement([retried], [line(2, 'pb 2030 01 001 0001', 'successful')]);
    expect(m).toMatchObject({ outcome: 'matched', attempt: { id: 'a2' } });
  });

  it('calls a paid line for an attempt we recorded failed a conflict, and a failed one we paid too', () => {
    const [paid, failed] = matchOperatorStatement(
      [retried],
      [
        line(2, retried.attempts[0]!.reference, 'successful'),
        line(3, retried.attempts[1]!.reference, 'failed'),
      ],
    );
    expect([paid!.outcome, failed!.outcome]).toEqual(['conflict', 'conflict']);
  });

  it('reads the same statement the same whatever the order of its lines, and tells the parts apart', () => {
    const a = [line(2, 'X', 'successful'), line(3, 'Y', 'failed')];
    const b = [line(9, 'y', 'failed'), line(4, 'x', 'successful')];
    expect(operatorStatementContentKey('mtn_momo', a)).not.toBe(
      operatorStatementContentKey('airtel_money', a),
    );
    // The rows differ but the transaction ids were taken from them: give them the same ones.
    const same = b.map((l, i) => ({ ...l, transaction_id: a[1 - i]!.transaction_id }));
    expect(operatorStatementContentKey('mtn_momo', same)).toBe(operatorStatementContentKey('mtn_momo', a));
  });
});
