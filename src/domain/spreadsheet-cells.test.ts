import { describe, expect, it } from 'vitest';
import { spreadsheetSafe, withoutSpreadsheetGuard } from './spreadsheet-cells';

describe('the spreadsheet formula guard', () => {
  it('writes what a spreadsheet would run as text', () => {
    expect(spreadsheetSafe('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('+cmd|" /C calc"!A0')).toBe('\'+cmd|" /C calc"!A0');
    expect(spreadsheetSafe('-2+3')).toBe("'-2+3");
    expect(spreadsheetSafe('\t=1')).toBe("'\t=1");
  });

  it('leaves plain signed numbers alone: phone numbers and negative amounts', () => {
    expect(spreadsheetSafe('+260977100001')).toBe('+260977100001');
    expect(spreadsheetSafe('+260 977 100 001')).toBe('+260 977 100 001');
    expect(spreadsheetSafe('-12.50')).toBe('-12.50');
    expect(spreadsheetSafe(null)).toBe('');
  });

  it.each([
    '=HYPERLINK("x")',
    '@SUM(A1)',
    '+260977100001',
    '-12.50',
    "'quoted from the start",
    "O'Brien",
    'plain',
  ])('round-trips %j: the import reads back what was exported', (value) => {
    expect(withoutSpreadsheetGuard(spreadsheetSafe(value))).toBe(value);
  });
});
