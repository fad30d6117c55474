import { describe, expect, it } from 'vitest';
import { OPERATOR_STATEMENT_MESSAGES, operatorCsvRows, parseOperatorStatement } from './operator-statement';

const parse = (text: string) => {
  const rows = operatorCsvRows(text);
  if ('error' in rows) throw new Error(rows.error);
  return parseOperatorStatement(rows);
};

describe('parseOperatorStatement', () => {
  it("finds the header under the portal's title rows and reads each disbursement exactly", () => {
    const result = parse(
      [
        'MTN MoMo Partner Portal',
        'Disbursements 01/01/2030 - 31/01/2030',
        '',
        'Date,External ID,Financial Transaction ID,MSISDN,Amount (ZMW),Status',
        '2030-01-05,abc-1,123,260960001234,"1,000.50",Successful',
        '2030-01-05,abc-2,124,260960001235,200,TIP',
        ',,,,,',
        '2030-01-05,abc-3,125,260960001236,300.00,REVERSED',
      ].join('\n'),
    );
    expect(result).toEqual({
      ok: true,
      skipped: 1,
      lines: [
        {
          row: 5,
          reference: 'abc-1',
          transaction_id: '123',
          msisdn: '260960001234',
          amount: '1000.50',
          status: 'successful',
          date: '2030-01-05',
        },
        {
          row: 8,
          reference: 'abc-3',
          transaction_id: '125',
          msisdn: '260960001236',
          amount: '300.00',
          status: 'reversed',
          date: '2030-01-05',
        },
      ],
    });
  });

  it('refuses a file without a status column, naming its columns', () => {
    expect(parse('Reference,Amount\nabc,1.00\n')).toEqual({
      ok: false,
      error: OPERATOR_STATEMENT_MESSAGES.noColumns('status', 'Reference, Amount'),
      rows: [],
    });
  });
});
