import { CategoryAxis, ChartFrame, TICK, ValueAxis } from './chart-frame';
import { barPath, CHAR_WIDTH, donutSlicePath, formatCount, niceTicks } from './chart-geometry';

/*
 * The dashboard's three charts drawn as SVG by hand: a charting library cost the page ~97 KB of
 * JavaScript for a donut, stacked bars and three lines (issue 22). Each chart is one role="img"
 * with a summary for assistive technology (its numbers are also a 'Show as table' away); every
 * slice, bar and point carries a <title>, which a pointer shows as a tooltip. Series colours come
 * from the caller; the gaps between slices and the points' centres are the card's colour.
 */

/** One series: a name and colour for the legend, a value per category. */
export interface ChartSeries {
  key: string;
  name: string;
  colour: string;
  values: number[];
  /** Each value as written in its title; counts with thousands separators by default. */
  labels?: string[];
}

export interface DonutSlice {
  key: string;
  name: string;
  value: number;
  colour: string;
}

const longest = (labels: string[]) => Math.max(...labels.map((l) => l.length));
const labelOf = (s: ChartSeries, i: number) => s.labels?.[i] ?? formatCount(s.values[i] ?? 0);

/** A donut with each slice's share, the total in its hole and each slice's count in the legend. */
export function DonutChart({
  label,
  slices,
  caption,
}: {
  label: string;
  slices: DonutSlice[];
  caption: string;
}) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const legend = slices.map((s) => ({ ...s, value: formatCount(s.value) }));
  return (
    <ChartFrame
      label={label}
      legend={legend}
      draw={({ width, height }) => {
        const outer = Math.max(0, Math.min(width, height) / 2 - 2);
        const inner = outer * 0.6;
        const [cx, cy] = [width / 2, height / 2];
        let angle = 0;
        return (
          <>
            {slices.map((s) => {
              const start = angle;
              angle += total > 0 ? (s.value / total) * 2 * Math.PI : 0;
              const share = total > 0 ? Math.round((s.value / total) * 100) : 0;
              return (
                <path
                  key={s.key}
                  d={donutSlicePath(cx, cy, inner, outer, start, angle)}
                  fill={s.colour}
                  fillRule="evenodd"
                  strokeWidth={2}
                  className="stroke-white hover:opacity-80"
                >
                  <title>{`${s.name}: ${formatCount(s.value)} (${share}%)`}</title>
                </path>
              );
            })}
            {inner >= 32 && (
              <text x={cx} y={cy} textAnchor="middle">
                <tspan className="fill-slate-900 text-xl font-semibold">{formatCount(total)}</tspan>
                <tspan x={cx} dy={18} className={TICK}>
                  {caption}
                </tspan>
              </text>
            )}
          </>
        );
      }}
    />
  );
}

/** Bars per category, the series stacked bottom-up in order, each bar's total written above it. */
export function StackedBarChart({
  label,
  categories,
  series,
}: {
  label: string;
  categories: string[];
  series: ChartSeries[];
}) {
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const ticks = niceTicks(0, Math.max(0, ...totals), 4, true);
  const tickLabels = ticks.map(formatCount);
  return (
    <ChartFrame
      label={label}
      legend={series}
      draw={({ width, height }) => {
        const m = { top: 20, right: 8, bottom: 24, left: longest(tickLabels) * CHAR_WIDTH + 12 };
        const plotWidth = Math.max(1, width - m.left - m.right);
        const plotHeight = Math.max(1, height - m.top - m.bottom);
        const top = ticks.at(-1) ?? 1;
        const y = (v: number) => m.top + plotHeight - (v / top) * plotHeight;
        const band = plotWidth / Math.max(1, categories.length);
        const barWidth = Math.min(48, band * 0.6);
        const centre = (i: number) => m.left + band * (i + 0.5);
        return (
          <>
            <ValueAxis ticks={ticks} labels={tickLabels} y={y} left={m.left} right={width - m.right} />
            {categories.map((category, i) => {
              const highest = series.findLastIndex((s) => (s.values[i] ?? 0) > 0);
              let base = 0;
              const total = formatCount(totals[i] ?? 0);
              return (
                <g key={category}>
                  {series.map((s, k) => {
                    const value = s.values[i] ?? 0;
                    if (value <= 0) return null;
                    const bottom = y(base);
                    base += value;
                    return (
                      <path
                        key={s.key}
                        d={barPath(
                          centre(i) - barWidth / 2,
                          y(base),
                          barWidth,
                          bottom - y(base),
                          k === highest ? 4 : 0,
                        )}
                        fill={s.colour}
                        className="hover:opacity-80"
                      >
                        <title>{`${category}, ${s.name}: ${labelOf(s, i)}`}</title>
                      </path>
                    );
                  })}
                  {(totals[i] ?? 0) > 0 && total.length * CHAR_WIDTH <= band && (
                    <text
                      x={centre(i)}
                      y={y(totals[i] ?? 0) - 6}
                      textAnchor="middle"
                      className="fill-slate-700 text-xs font-medium"
                    >
                      {total}
                    </text>
                  )}
                </g>
              );
            })}
            <CategoryAxis
              categories={categories}
              x={centre}
              spacing={band}
              y={m.top + plotHeight + 17}
              width={width}
            />
          </>
        );
      }}
    />
  );
}

/** A line per series over the categories, a point at each value. */
export function LineChart({
  label,
  categories,
  series,
  formatTick,
}: {
  label: string;
  categories: string[];
  series: ChartSeries[];
  formatTick: (value: number) => string;
}) {
  const values = series.flatMap((s) => s.values);
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), 4);
  const tickLabels = ticks.map(formatTick);
  return (
    <ChartFrame
      label={label}
      legend={series}
      draw={({ width, height }) => {
        // Room on the right for the last month's name, centred under its point.
        const lastLabel = (categories.at(-1)?.length ?? 0) * CHAR_WIDTH;
        const m = {
          top: 10,
          right: Math.max(12, lastLabel / 2),
          bottom: 24,
          left: longest(tickLabels) * CHAR_WIDTH + 12,
        };
        const plotWidth = Math.max(1, width - m.left - m.right);
        const plotHeight = Math.max(1, height - m.top - m.bottom);
        const [low, high] = [ticks[0] ?? 0, ticks.at(-1) ?? 1];
        const y = (v: number) => m.top + plotHeight - ((v - low) / (high - low)) * plotHeight;
        const spacing = categories.length > 1 ? plotWidth / (categories.length - 1) : plotWidth;
        const x = (i: number) => (categories.length > 1 ? m.left + i * spacing : m.left + plotWidth / 2);
        return (
          <>
            <ValueAxis ticks={ticks} labels={tickLabels} y={y} left={m.left} right={width - m.right} />
            {series.map((s) => (
              <polyline
                key={s.key}
                points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
                fill="none"
                stroke={s.colour}
                strokeWidth={2.5}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            ))}
            {series.map((s) =>
              s.values.map((v, i) => (
                <g key={`${s.key}-${categories[i]}`}>
                  <circle cx={x(i)} cy={y(v)} r={10} fill="transparent" />
                  <circle
                    cx={x(i)}
                    cy={y(v)}
                    r={3.5}
                    stroke={s.colour}
                    strokeWidth={2}
                    className="fill-white"
                  />
                  <title>{`${categories[i]}, ${s.name}: ${labelOf(s, i)}`}</title>
                </g>
              )),
            )}
            <CategoryAxis
              categories={categories}
              x={x}
              spacing={spacing}
              y={m.top + plotHeight + 17}
              width={width}
            />
          </>
        );
      }}
    />
  );
}
