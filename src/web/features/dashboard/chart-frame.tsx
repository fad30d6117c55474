import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CHAR_WIDTH, clampLabel, labelledIndexes } from './chart-geometry';

/*
 * What the dashboard's SVG charts (svg-charts.tsx) share: the box, the legend and the axes.
 *
 * The drawing is laid out in CSS pixels of the box it fills, measured before paint, so labels keep
 * their size on a phone instead of shrinking with the chart (a plain viewBox would scale 12px text
 * down to 7px at 390px wide); the box's height is fixed, so nothing moves when the chart appears.
 * Chrome (axes, grid, text) uses palette classes, which the dark theme mirrors (styles.css).
 */

const HEIGHT_CLASS = 'h-[260px]';
/** Where the box cannot be measured (no ResizeObserver, as in tests): a typical card's plot area. */
const FALLBACK_SIZE = { width: 600, height: 220 };
/** Axis and caption text, in the palette's secondary text colour. */
export const TICK = 'fill-slate-600 text-xs';

export type Size = typeof FALLBACK_SIZE;

/**
 * The box's size as the browser laid it out, or null until then. Read from a ResizeObserver, which
 * reports after the browser's own layout, rather than from clientWidth as the chart mounts: on
 * the dashboard that read made the browser lay out the whole page inside React's commit, one long
 * task a phone spent 70-100 ms on (Lighthouse's blocking time, issue 22). The chart is drawn a frame
 * later instead, in a box of fixed height, so nothing moves.
 */
function useBoxSize() {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    if (typeof ResizeObserver === 'undefined') {
      setSize(FALLBACK_SIZE);
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.round(entry?.contentRect.width ?? 0);
      const height = Math.round(entry?.contentRect.height ?? 0);
      // A hidden box measures 0: it is drawn once it is shown.
      if (width > 0 && height > 0)
        setSize((s) => (s?.width === width && s.height === height ? s : { width, height }));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

export interface LegendEntry {
  key: string;
  name: string;
  colour: string;
  value?: string;
}

/** A chart's box: fixed height, the drawing filling what the legend below leaves. */
export function ChartFrame({
  label,
  legend,
  draw,
}: {
  label: string;
  legend: LegendEntry[];
  draw: (size: Size) => ReactNode;
}) {
  const [ref, size] = useBoxSize();
  return (
    <figure role="img" aria-label={label} className={`m-0 flex ${HEIGHT_CLASS} flex-col`}>
      <div ref={ref} className="relative min-h-0 flex-1">
        {size && (
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${size.width} ${size.height}`}
            className="absolute inset-0 size-full overflow-visible"
          >
            {draw(size)}
          </svg>
        )}
      </div>
      <ul className="m-0 flex list-none flex-wrap justify-center gap-x-4 gap-y-1 p-0 pt-3 text-[13px] text-slate-700">
        {legend.map((entry) => (
          <li key={entry.key} className="flex items-center gap-1.5">
            <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: entry.colour }} />
            {entry.name}
            {entry.value !== undefined && <span className="font-semibold tabular-nums">{entry.value}</span>}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Horizontal grid lines at the ticks, labelled on the left; the zero line solid. */
export function ValueAxis({
  ticks,
  labels,
  y,
  left,
  right,
}: {
  ticks: number[];
  labels: string[];
  y: (v: number) => number;
  left: number;
  right: number;
}) {
  return (
    <g>
      {ticks.map((t, i) => (
        <g key={t}>
          <line
            x1={left}
            x2={right}
            y1={y(t)}
            y2={y(t)}
            className={t === 0 ? 'stroke-slate-300' : 'stroke-slate-200'}
            strokeDasharray={t === 0 ? undefined : '3 3'}
          />
          <text x={left - 8} y={y(t) + 4} textAnchor="end" className={TICK}>
            {labels[i]}
          </text>
        </g>
      ))}
    </g>
  );
}

/** Category names under the plot, as many as fit without overlapping. */
export function CategoryAxis({
  categories,
  x,
  spacing,
  y,
  width,
}: {
  categories: string[];
  x: (i: number) => number;
  spacing: number;
  y: number;
  width: number;
}) {
  const widest = Math.max(...categories.map((c) => c.length)) * CHAR_WIDTH;
  const shown = labelledIndexes(categories.length, spacing, widest);
  return (
    <g>
      {categories.map((c, i) =>
        shown.has(i) ? (
          <text
            key={c}
            x={clampLabel(x(i), c.length * CHAR_WIDTH, width)}
            y={y}
            textAnchor="middle"
            className={TICK}
          >
            {c}
          </text>
        ) : null,
      )}
    </g>
  );
}
