import { LayoutGrid, List, type LucideIcon } from 'lucide-react';
import { Button, Select } from '../ui';

/** How a filter names its values: a table of labels, or a function (e.g. `valueLabel`). */
export type LabelsOf<V extends string> = Readonly<Record<V, string>> | ((value: V) => string);

/** A filter select of a list screen, setting the address parameter `key`. */
export interface FilterSpec<S> {
  key: keyof S & string;
  label: string;
  /** The no-filter choice ('All Types'). */
  all: string;
  values: readonly string[];
  labels: LabelsOf<string>;
}

/**
 * One filter of a list: 'All …' first (no filter), then each value under its label. The select is
 * named by `label` for screen readers, as the row shows no label above it.
 */
export function FilterSelect<V extends string>({
  label,
  all,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string;
  /** The no-filter choice ('All Types'). */
  all: string;
  value: V | '';
  values: readonly V[];
  labelOf: LabelsOf<V>;
  onChange: (value: V | '') => void;
}) {
  const name = typeof labelOf === 'function' ? labelOf : (v: V) => labelOf[v];
  return (
    <Select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as V | '')}
      options={[{ value: '', label: all }, ...values.map((v) => ({ value: v, label: name(v) }))]}
    />
  );
}

/** The views of a list of cards: the Grid of cards ('' in the address) or the List, a table. */
const GRID_OR_LIST = [
  ['', 'Grid', LayoutGrid],
  ['list', 'List', List],
] as const;

/** The buttons that switch a list between its views (Grid and List, Board and List). */
export function ViewSwitch<V extends string>({
  views,
  value,
  onChange,
}: {
  views: ReadonlyArray<readonly [view: V, label: string, icon: LucideIcon]>;
  value: V;
  onChange: (view: V) => void;
}) {
  return (
    <fieldset className="flex self-start rounded-lg border border-slate-300 p-0.5 sm:self-auto">
      <legend className="sr-only">View</legend>
      {views.map(([view, label, Icon]) => (
        <Button
          key={label}
          size="sm"
          variant={value === view ? 'primary' : 'ghost'}
          aria-pressed={value === view}
          onClick={() => onChange(view)}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      ))}
    </fieldset>
  );
}

/** Grid or List for a list of cards, kept in the address as `view` ('' or 'list'); the page stays. */
export function GridListSwitch({
  list,
}: {
  list: {
    state: { view: '' | 'list'; page: number };
    update: (changes: { view: '' | 'list'; page: number }) => void;
  };
}) {
  const { view, page } = list.state;
  return (
    <ViewSwitch views={GRID_OR_LIST} value={view} onChange={(next) => list.update({ view: next, page })} />
  );
}
