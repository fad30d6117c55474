/**
 * ZMW amounts as exact decimals (docs/product.md D5). Amounts travel as strings with two places
 * ("1234.50") and are added as whole ngwee in BigInt, never as floating point.
 */
export type Ngwee = bigint;

/*
 * Input is bounded (10 whole digits fit numeric(12,2) columns); stored sums are not, so reading
 * and formatting an amount (normaliseMoney, formatZmw) take any number of digits.
 */
const MONEY_INPUT = /^(\d{1,10})(?:\.(\d{1,2}))?$/;
const MONEY_INPUT_TOO_LONG = /^\d{11,}(?:\.\d{1,2})?$/;
const STORED_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * '1,500', '1500.5', ' 200 ' -> ngwee; negative, more than two decimals, more than 10 whole
 * digits or not a number -> null.
 */
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

/**
 * An amount written correctly but with more than 10 whole digits, which parseMoney refuses: worth
 * telling apart from a typo, as "too large" (without making a BigInt of a megabyte of digits).
 */
export function isMoneyInputTooLong(input: string | number | null | undefined): boolean {
  if (input === null || input === undefined) return false;
  return MONEY_INPUT_TOO_LONG.test(String(input).trim().replaceAll(',', ''));
}

export function sumMoney(amounts: Array<Ngwee>): Ngwee {
  return amounts.reduce((total, amount) => total + amount, 0n);
}

/**
 * A database or API amount ('1234.5', '1234.50', 1234, '-15', a sum of any size) -> '1234.50'.
 * Text only, no bounded type: a sum over many allowances may have any number of digits.
 */
export function normaliseMoney(value: string | number): string {
  const m = STORED_AMOUNT.exec(String(value).trim().replaceAll(',', ''));
  if (!m) throw new Error(`Not an amount: ${value}`);
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').padEnd(2, '0');
  const negative = m[1] === '-' && (whole !== '0' || fraction !== '00');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** '1234.5' -> 'ZMW 1,234.50', as every screen shows money. */
export function formatZmw(value: string | number, currencyLabel = 'ZMW'): string {
  const [whole, fraction] = normaliseMoney(value).split('.') as [string, string];
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${currencyLabel} ${grouped}.${fraction}`;
}
