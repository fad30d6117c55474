import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { StatCard, type StatTone } from '../ui';

export interface StatTile<K extends string> {
  /** The filter value the tile selects ('' for "all"). */
  key: K;
  label: string;
  icon: LucideIcon;
  tone: StatTone;
  value: ReactNode;
}

/** How a record's kind is shown: its label, icon and colour (as an area's `-ui.tsx` keeps them). */
export interface KindLook<K extends string> {
  labels: Readonly<Record<K, string>>;
  icons: Readonly<Record<K, LucideIcon>>;
  tones: Readonly<Record<K, StatTone>>;
}

/** A tile for each of `keys` in its look, with its count from the list's answer (0 until it comes). */
export function countTiles<K extends string>(
  keys: readonly K[],
  look: KindLook<K>,
  counts: Readonly<Partial<Record<K, number>>> | undefined,
): Array<StatTile<K>> {
  return keys.map((key) => ({
    key,
    label: look.labels[key],
    icon: look.icons[key],
    tone: look.tones[key],
    value: counts?.[key] ?? 0,
  }));
}

/**
 * A row of figures that filter the list below them: pressing a tile selects its filter, and the
 * selected one is marked (aria-pressed) so screen readers hear which filter is on.
 */
export function StatTiles<K extends string>({
  label,
  tiles,
  selected,
  onSelect,
  loading,
  className,
}: {
  /** Names the group for screen readers ('Categories', 'Totals by stage'). */
  label: string;
  tiles: Array<StatTile<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** Skeletons instead of the figures while the first answer loads. */
  loading: boolean;
  /** The grid's columns at each width. */
  className?: string;
}) {
  return (
    <section aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)}>
      {tiles.map((tile) => (
        <StatCard
          key={tile.key || tile.label}
          label={tile.label}
          value={tile.value}
          icon={tile.icon}
          tone={tile.tone}
          loading={loading}
          selected={selected === tile.key}
          onClick={() => onSelect(tile.key)}
        />
      ))}
    </section>
  );
}
