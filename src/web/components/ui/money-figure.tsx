import { moneyParts } from '../../lib/format';

/**
 * An amount as a figure on a tile: the currency label small, the amount large. The two may wrap
 * onto two lines where the tile is narrow; the digits never do, and nothing is cut.
 */
export function MoneyFigure({ value }: { value: string | number }) {
  const { currency, amount } = moneyParts(value);
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="text-sm font-medium tracking-normal text-slate-500">{currency}</span>
      <span className="text-lg whitespace-nowrap sm:text-xl">{amount}</span>
    </span>
  );
}
