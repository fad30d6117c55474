import { describe, expect, it } from 'vitest';
import { parseCsv, spreadsheetSafe, toCsv } from './csv';

describe('parseCsv', () => {
  it('strips a BOM, normalises headers and keeps spreadsheet row numbers across blank lines', () => {
    const parsed = parseCsv('\ufeff First_Name ,LAST_NAME\r\nMwila,Chanda\r\n\r\n"Banda, Jr",Phiri\r\n');
    expect(parsed.headers).toEqual(['first_name', 'last_name']);
    expect(parsed.rows).toEqual([
      { rowNumber: 2, values: { first_name: 'Mwila', last_name: 'Chanda' } },
      { rowNumber: 4, values: { first_name: 'Banda, Jr', last_name: 'Phiri' } },
    ]);
  });

  it('gives missing cells as empty strings', () => {
    expect(parseCsv('a,b,c\n1').rows[0]?.values).toEqual({ a: '1', b: '', c: '' });
  });
});

describe('toCsv', () => {
  it('writes formulas as text and keeps negative numbers', () => {
    expect(spreadsheetSafe('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('-12.50')).toBe('-12.50');
    expect(toCsv(['name'], [['+cmd']])).toBe("\ufeffname\r\n'+cmd\r\n");
  });

  it('round-trips through parseCsv: phone numbers, formulas and quotes come back as they were', () => {
    const values = ['+260977100001', '=HYPERLINK("x")', 'Banda, "Jr"', "O'Brien", '-12.50'];
    const parsed = parseCsv(toCsv(['a', 'b', 'c', 'd', 'e'], [values]));
    expect(Object.values(parsed.rows[0]!.values)).toEqual(values);
  });
});
