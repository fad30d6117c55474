/**
 * The formula guard for CSV exports, and its reverse for imports, so that an exported file
 * re-imports unchanged (docs/decisions/006-exports-round-trip.md).
 *
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula, so
 * an export writes such a cell with a leading apostrophe, which makes it text. A plain number with
 * a sign, such as a phone number +260977100001 or an amount -12.50, cannot call anything and is
 * left as it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_SIGNED_NUMBER = /^[+-]?\d[\d ]*(\.\d+)?$/;

const needsGuard = (text: string) => FORMULA_START.test(text) && !PLAIN_SIGNED_NUMBER.test(text);

/** A cell as an export writes it: formulas as text. */
export function spreadsheetSafe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return needsGuard(text) ? `'${text}` : text;
}

/** A cell as an import reads it: the apostrophe the export added is taken off again. */
export function withoutSpreadsheetGuard(cell: string): string {
  return cell.startsWith("'") && needsGuard(cell.slice(1)) ? cell.slice(1) : cell;
}
