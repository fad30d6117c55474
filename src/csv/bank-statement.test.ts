import { describe, expect, it } from 'vitest';
import { headerWords, parseBankStatement, parseStatementAmount } from './bank-statement';

describe('parseStatementAmount', () => {
  it.each([
    ['1234.50', '1234.50'],
    ['1234.5', '1234.50'],
    ['1234', '1234.00'],
    ['ZMW 1,234.50', '1234.50'],
    ['zmw1,234.50', '1234.50'],
    ['K1,234.50', '1234.50'],
    ['1,234.50 ZMW', '1234.50'],
    ['  1 234.50 ', '1234.50'],
    ['1\u00a0234.50', '1234.50'],
    ['1,234,567.00', '1234567.00'],
    ['-1,234.50', '1234.50'],
    ['(1,234.50)', '1234.50'],
    ['1,234.50 CR', '1234.50'],
    ['1234.50DR', '1234.50'],
    ['0012.30', '12.30'],
    ['1234.500', '1234.50'],
    ['-ZMW 5', '5.00'],
    ['ZMW -5', '5.00'],
  ])('%j reads %s', (text, amount) => {
    expect(parseStatementAmount(text)).toBe(amount);
  });

  it.each([
    'abc',
    '',
    '1,50',
    '12,34.00',
    '1.2.3',
    '1234.505',
    '12 34',
    'ZMW',
    '1e5',
    '0x10',
    '--5',
    '(-5)',
    '12345678901234.00',
  ])('%j is not an amount', (text) => {
    expect(parseStatementAmount(text)).toBeNull();
  });
});

describe('headerWords', () => {
  it('reads a header as words, without a currency word', () => {
    expect(headerWords('Amount (ZMW)')).toBe('amount');
    expect(headerWords('  Payment_Ref. ')).toBe('payment ref');
    expect(headerWords('Ref No.')).toBe('ref no');
    expect(headerWords('Value Date')).toBe('value date');
  });
});

describe('parseBankStatement', () => {
  it('finds the columns by their usual names in any case, and reads each payment', () => {
    const parsed = parseBankStatement(
      ['Payment Reference,AMOUNT PAID', 'PB-2026-11-001-0001,"ZMW 1,234.50"', 'PB-2026-11-001-0002,900'].join(
        '\n',
      ),
    );
    expect(parsed).toEqual({
      ok: true,
      columns: { reference: 'payment reference', amount: ['amount paid'] },
      lines: [
        { row: 2, reference: 'PB-2026-11-001-0001', amount: '1234.50' },
        { row: 3, reference: 'PB-2026-11-001-0002', amount: '900.00' },
      ],
      skipped: [],
    });
  });

  it.each([
    ['Particulars', 'Withdrawals'],
    ['Transaction Description', 'Debits'],
    ['Ref. No.', 'Amount (ZMW)'],
    ['TXN REF', 'Credit Amount'],
  ])('reads a statement whose columns are %s and %s', (reference, amount) => {
    const parsed = parseBankStatement(
      `Date,${reference},${amount}\n01/11/2026,PB-2026-11-001-0001,"1,000.00"`,
    );
    expect(parsed.ok && parsed.lines).toEqual([
      { row: 2, reference: 'PB-2026-11-001-0001', amount: '1000.00' },
    ]);
  });

  it('prefers a reference column to a narration, and takes our reference out of a longer narration', () => {
    const both = parseBankStatement('Narration,Ref,Credit\nSalary,PB-2026-11-001-0001,10');
    expect(both.ok && both.columns.reference).toBe('ref');
    const narration = parseBankStatement('Narration,Credit\nTRF MWILA pb 2026 11 001 0003 NOV,10');
    expect(narration.ok && narration.lines).toEqual([
      { row: 2, reference: 'pb 2026 11 001 0003', amount: '10.00' },
    ]);
  });

  it('reads Debit and Credit columns, whichever a row fills; skips balance and total lines', () => {
    const parsed = parseBankStatement(
      [
        '\ufeffDate;Details;Debit;Credit;Balance',
        '01/04;Opening balance;;;100',
        '',
        '02/04;PB-2026-11-001-0001;(50.00);;50',
        '03/04;PB-2026-11-001-0002;;ZMW 25.00;75',
        '03/04;;;;',
        ';Total;;;',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      ok: true,
      columns: { reference: 'details', amount: ['credit', 'debit'] },
      lines: [
        { row: 4, reference: 'PB-2026-11-001-0001', amount: '50.00' },
        { row: 5, reference: 'PB-2026-11-001-0002', amount: '25.00' },
      ],
      skipped: [
        { row: 2, reason: 'No amount, and not one of our payment references.' },
        { row: 6, reason: 'No reference (a balance or total line).' },
        { row: 7, reason: 'No amount, and not one of our payment references.' },
      ],
    });
  });

  it("reads our references from the column that holds them, not from the bank's own transaction number", () => {
    const parsed = parseBankStatement(
      [
        'Posting Date,Description,Transaction Reference,Debits,Credits',
        '01/11/2026,Balance brought forward,,,',
        '27/11/2026,"CHL ALLOWANCE PB-2026-09-001-0001 AGNESS MWAPE",FT2633100001,"2,750.00",0.00',
        '27/11/2026,SMS BANKING FEE,FT2633100002,12.50,0.00',
      ].join('\r\n'),
    );
    expect(parsed).toMatchObject({
      ok: true,
      columns: { reference: 'description' },
      lines: [
        { row: 3, reference: 'PB-2026-09-001-0001', amount: '2750.00' },
        { row: 4, reference: 'SMS BANKING FEE', amount: '12.50' },
      ],
    });
  });

  it('reads the amount a row fills when the other amount column holds 0.00 or a dash', () => {
    const parsed = parseBankStatement(
      [
        'Tran Date,Narration,Debit Amount (ZMW),Credit Amount (ZMW),Balance',
        '27-Nov-2026,"IB TRF/PB-2026-10-001-0001/AGNESS MWAPE, CHL","2,750.00",0.00,"147,250.00"',
        '27-Nov-2026,IB TRF/PB 2026 10 001 0002,"1,500.00",-,"145,750.00"',
        '27-Nov-2026,REVERSAL PB-2026-10-001-0003,0.00,"2,600.00","148,350.00"',
        '27-Nov-2026,PB-2026-10-001-0004,0.00,0.00,"148,350.00"',
      ].join('\r\n'),
    );
    expect(parsed.ok && parsed.lines).toEqual([
      { row: 2, reference: 'PB-2026-10-001-0001', amount: '2750.00' },
      { row: 3, reference: 'PB 2026 10 001 0002', amount: '1500.00' },
      { row: 4, reference: 'PB-2026-10-001-0003', amount: '2600.00' },
      { row: 5, reference: 'PB-2026-10-001-0004', amount: '0.00' },
    ]);
    // A dash alone is an empty cell: our reference with dashes only has no amount.
    expect(parseBankStatement('Reference,Debit,Credit\nPB-2026-10-001-0001,-,\u2014')).toMatchObject({
      ok: false,
      rows: [{ row: 2, message: 'the payment PB-2026-10-001-0001 has no amount' }],
    });
  });

  it("finds the header below the bank's own lines, and numbers rows as the spreadsheet does", () => {
    const parsed = parseBankStatement(
      [
        'ZANACO PLC - ACCOUNT STATEMENT',
        'Account Name:,CHL SPONSORSHIP PROGRAMME',
        'Statement Period:,01-Nov-2026 to 27-Nov-2026',
        '',
        'Value Date,NARRATION,Debit Amount (ZMW),Credit Amount (ZMW)',
        '27-Nov-2026,PB-2026-10-001-0001,"2,750.00",',
        '',
        '27-Nov-2026,PB-2026-10-001-0002,abc,',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      ok: false,
      error: expect.stringContaining('row 8: the amount "abc" is not an amount'),
      rows: [{ row: 8, message: expect.stringContaining('"abc"') }],
    });
    const fixed = parseBankStatement(
      ['Stanbic Bank Zambia', '', 'Date;Payment Ref;Amount', '01/11;PB-2026-10-001-0001;K2750'].join('\n'),
    );
    expect(fixed).toMatchObject({
      ok: true,
      columns: { reference: 'payment ref', amount: ['amount'] },
      lines: [{ row: 4, reference: 'PB-2026-10-001-0001', amount: '2750.00' }],
    });
  });

  it('skips a line without a reference, such as the total line of our own export', () => {
    const parsed = parseBankStatement(
      'student,nrc,amount,reference\nMwila Chanda,123456/10/1,100.00,PB-2026-11-001-0001\nTotal (1 payment),,100.00,\n',
    );
    expect(parsed.ok && parsed.lines).toEqual([
      { row: 2, reference: 'PB-2026-11-001-0001', amount: '100.00' },
    ]);
    expect(parsed.ok && parsed.skipped).toEqual([
      { row: 3, reason: 'No reference (a balance or total line).' },
    ]);
  });

  it('refuses a file without a reference or an amount column, naming the columns it has', () => {
    expect(parseBankStatement('Date,Amount\n1,2')).toEqual({
      ok: false,
      error:
        'The file has no reference column (a column named Reference, Bank Reference, Transaction Reference, Customer Reference, Narration or Details). Its columns are: date, amount.',
      rows: [],
    });
    expect(parseBankStatement('Reference,Balance\nX,2')).toMatchObject({
      ok: false,
      error: expect.stringContaining('The file has no amount column'),
    });
    expect(parseBankStatement('Reference\nPB-2026-11-001-0001')).toMatchObject({
      ok: false,
      error:
        'The file has no amount column (a column named Amount, Amount Paid, Credit or Value). Its columns are: reference.',
    });
    // An Excel or PDF statement renamed .csv: bytes, not columns.
    expect(
      parseBankStatement('PK\u0003\u0004\u0014\u0000\u0006\u0000\ufffd\ufffd[Content_Types].xml'),
    ).toEqual({
      ok: false,
      error: 'The file is not text: save the bank statement as CSV (comma separated) and choose that file.',
      rows: [],
    });
    expect(parseBankStatement('Narration,Amount\nCAF\ufffd PB-2026-11-001-0001,5')).toMatchObject({
      ok: true,
    });
    expect(parseBankStatement('\ufeff \n')).toMatchObject({
      ok: false,
      error: 'The file is empty: it has no header row.',
    });
  });

  it('refuses every row whose amount cannot be read, and our reference without an amount', () => {
    const parsed = parseBankStatement(
      'reference,amount\nPB-2026-11-001-0001,12,5\nFees,abc\nPB-2026-11-001-0002,\nPB-2026-11-001-0003,10',
    );
    expect(parsed).toEqual({
      ok: false,
      error:
        'The bank statement cannot be read: row 3: the amount "abc" is not an amount (write it like 1234.50 or ZMW 1,234.50) (and 1 more problem).',
      rows: [
        { row: 3, message: 'the amount "abc" is not an amount (write it like 1234.50 or ZMW 1,234.50)' },
        { row: 4, message: 'the payment PB-2026-11-001-0002 has no amount' },
      ],
    });
  });

  it('refuses a file with no payments, or that is not CSV', () => {
    expect(parseBankStatement('reference,amount\n\n,\n')).toMatchObject({
      ok: false,
      error: 'The file has no payments: no row has both a reference and an amount.',
    });
    expect(parseBankStatement('reference,amount\n"PB,1')).toMatchObject({
      ok: false,
      error: expect.stringContaining('The file cannot be read as CSV (row 2)'),
    });
  });
});
