import { describe, expect, it } from 'vitest';
import { spreadsheetSafe } from '../domain/spreadsheet-cells';
import { isBlankCsvRow, parseCsv, parseCsvInTurns } from './parse-csv';
import { toCsv } from './to-csv';

describe('parseCsv', () => {
  it('strips a BOM, normalises headers and keeps spreadsheet row numbers across blank lines', () => {
    const parsed = parseCsv('\ufeff First_Name ,LAST_NAME\r\nMwila,Chanda\r\n\r\n"Banda, Jr",Phiri\r\n');
    expect(parsed.headers).toEqual(['first_name', 'last_name']);
    expect(parsed.rows).toEqual([
      { rowNumber: 2, values: { first_name: 'Mwila', last_name: 'Chanda' } },
      { rowNumber: 4, values: { first_name: 'Banda, Jr', last_name: 'Phiri' } },
    ]);
    expect(parsed.malformed).toBeNull();
  });

  it('gives missing cells as empty strings', () => {
    expect(parseCsv('a,b,c\n1').rows[0]?.values).toEqual({ a: '1', b: '', c: '' });
  });

  it('reads files whose lines end in \\r alone', () => {
    expect(parseCsv('a,b\r1,2\r3,4').rows.map((r) => r.rowNumber)).toEqual([2, 3]);
  });

  it('stops one data row past maxRows, blank rows not counted', () => {
    const lines = ['a,b'];
    for (let i = 0; i < 1000; i++) lines.push(`${i},x`, ',');
    const parsed = parseCsv(lines.join('\n'), { maxRows: 10 });
    expect(parsed.rows).toHaveLength(11);
    expect(parsed.rows.at(-1)).toEqual({ rowNumber: 22, values: { a: '10', b: 'x' } });
  });

  it('names the row of an unclosed quote', () => {
    expect(parseCsv('a,b\n1,2\n"3,4\n').malformed).toMatchObject({ row: 3 });
  });
});

describe('parseCsvInTurns', () => {
  const files = [
    [
      'a BOM, blank lines and a quoted comma',
      '\ufeff First_Name ,LAST_NAME\r\nMwila,Chanda\r\n\r\n"Banda, Jr",Phiri\r\n',
    ],
    [
      'a quoted cell across lines and comment rows',
      'name,note\n# example,row\nMwila,"two\nlines"\nChanda,x\n',
    ],
    ['an unclosed quote', 'name,note\nMwila,"open\nChanda,x\n'],
    ['semicolons', 'name;school\nMwila;Kabulonga\n'],
    ['nothing', ''],
    [
      'many rows over several slices',
      `chl,amount\n${Array.from({ length: 30_000 }, (_, i) => `CHL-${i},${i}.50`).join('\n')}\n`,
    ],
  ] as const;

  it('reads every file as parseCsv does while giving a turn after every row', async () => {
    for (const [what, text] of files) {
      let turns = 0;
      const everyRow = () => {
        turns++;
        return new Promise<void>((resolve) => setImmediate(resolve));
      };
      const parsed = await parseCsvInTurns(text, { commentRows: true }, everyRow);
      expect(parsed, what).toEqual(parseCsv(text, { commentRows: true }));
      expect(turns, what).toBeGreaterThanOrEqual(parsed.rows.length);
    }
  });

  it('stops one data row past maxRows, as parseCsv does', async () => {
    const text = `n\n${Array.from({ length: 50 }, (_, i) => String(i)).join('\n')}`;
    const parsed = await parseCsvInTurns(text, { maxRows: 10 }, () => Promise.resolve());
    expect(parsed.rows).toHaveLength(11);
    expect(parsed).toEqual(parseCsv(text, { maxRows: 10 }));
  });
});

describe('isBlankCsvRow', () => {
  it('takes rows of empty or spaced cells as blank', () => {
    expect(isBlankCsvRow([''])).toBe(true);
    expect(isBlankCsvRow(['', ' ', '\t'])).toBe(true);
    expect(isBlankCsvRow(['', 'x'])).toBe(false);
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
