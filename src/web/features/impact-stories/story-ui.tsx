import type { StoryColor } from '../../../domain/impact-stories';
import { NETWORK_MESSAGE } from '../../lib/api';
import { cn } from '../../lib/cn';

/** Each category colour as a chip (docs/product.md §3: blue, green, purple, orange, pink). */
export const COLOR_CLASSES: Record<StoryColor, { chip: string; active: string }> = {
  blue: { chip: 'bg-sky-50 text-sky-800 ring-sky-200', active: 'bg-sky-700 text-white ring-sky-700' },
  green: {
    chip: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
    active: 'bg-emerald-700 text-white ring-emerald-700',
  },
  purple: {
    chip: 'bg-violet-50 text-violet-800 ring-violet-200',
    active: 'bg-violet-700 text-white ring-violet-700',
  },
  orange: {
    chip: 'bg-orange-50 text-orange-800 ring-orange-200',
    active: 'bg-orange-700 text-white ring-orange-700',
  },
  pink: { chip: 'bg-pink-50 text-pink-800 ring-pink-200', active: 'bg-pink-700 text-white ring-pink-700' },
};

export function CategoryBadge({ name, color }: { name: string; color: StoryColor }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        COLOR_CLASSES[color].chip,
      )}
    >
      {name}
    </span>
  );
}

export const NETWORK = NETWORK_MESSAGE;
