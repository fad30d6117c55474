/**
 * ZMW amounts as exact decimals (decisions D5). Amounts travel as strings with two places
 * ("1234.50") and are added as whole ngwee in BigInt, never as floating point.
 */
export type Ngwee = bigint;

const MONEY_INPUT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
export const MONEY_MAX_NGWEE = 9_999_999_999n * 100n + 99n;

/** '1,500', '1500.5', ' 200 ' -> ngwee; negative, more than two decimals or not a number -> null. */
export function parseMoney(input: string | number | null | undefined): Ngwee | null {
  if (input === null || input === undefined) return null;
  const text = String(input).trim().replaceAll(',', '');
  const m = MONEY_INPUT.exec(text);
  if (!m) return null;
  const whole = BigInt(m[1]!);
  const fraction = BigInt((m[2] ?? '').padEnd(2, '0'));
  return whole * 100n + fraction;
}

/** Ngwee -> '1234.50', the form the API and the database use. */
export function toMoneyString(ngwee: Ngwee): string {
  const negative = ngwee < 0n;
  const abs = negative ? -ngwee : ngwee;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export function sumMoney(amounts: Array<Ngwee>): Ngwee {
  return amounts.reduce((total, amount) => total + amount, 0n);
}

/** A database or API amount ('1234.5', '1234.50', 1234) -> '1234.50'. */
export function normaliseMoney(value: string | number): string {
  const negative = String(value).trim().startsWith('-');
  const parsed = parseMoney(negative ? String(value).trim().slice(1) : value);
  if (parsed === null) throw new Error(`Not an amount: ${value}`);
  return toMoneyString(negative ? -parsed : parsed);
}

/** '1234.5' -> 'ZMW 1,234.50', as every screen shows money. */
export function formatZmw(value: string | number): string {
  const [whole, fraction] = normaliseMoney(value).split('.') as [string, string];
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}ZMW ${grouped}.${fraction}`;
}
