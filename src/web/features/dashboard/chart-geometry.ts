/*
 * The arithmetic behind the dashboard's SVG charts (svg-charts.tsx), kept apart so it is tested
 * without a DOM: axis ticks, which category labels fit, and the shapes of slices and bars.
 */

/** One formatter for every count: toLocaleString builds a new one each call, slow on a phone. */
const COUNTS = new Intl.NumberFormat('en');

/** Counts as the charts and tables write them: 1234 -> '1,234'. */
export const formatCount = (n: number): string => COUNTS.format(n);

/** Approximate width of one character of the charts' 12px labels, to tell what fits. */
export const CHAR_WIDTH = 7;

/**
 * Axis ticks from 0 (or below, for negatives) to at least `max`, at a round step (1, 2, 2.5 or 5
 * times a power of ten), about `target` intervals. Whole steps only when `integer` (counts).
 */
export function niceTicks(min: number, max: number, target = 4, integer = false): number[] {
  const low = Math.min(0, min);
  const high = Math.max(0, max);
  if (high - low <= 0) return [0, 1];
  const raw = (high - low) / target;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / magnitude;
  let step = (norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10) * magnitude;
  // Counts step by whole numbers: 2.5 becomes 2 (a few more ticks), anything under 1 becomes 1.
  if (integer) step = Math.max(1, Math.floor(step));
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  const ticks: number[] = [];
  // Rounded to the step's precision: 3 * 0.1 must not print as 0.30000000000000004.
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/**
 * Which of `count` category labels to write when adjacent ones are `spacing` apart and each takes
 * `labelWidth`: every k-th, counted back from the last so the latest (this year, this month) is
 * always named.
 */
export function labelledIndexes(count: number, spacing: number, labelWidth: number): Set<number> {
  const every = Math.max(1, Math.ceil((labelWidth + 8) / Math.max(spacing, 1)));
  const shown = new Set<number>();
  for (let i = count - 1; i >= 0; i -= every) shown.add(i);
  return shown;
}

/** Keeps a label of `labelWidth` centred at `x` inside [0, width]. */
export function clampLabel(x: number, labelWidth: number, width: number): number {
  const half = labelWidth / 2;
  return Math.min(Math.max(x, half), Math.max(half, width - half));
}

const round = (n: number) => Math.round(n * 100) / 100;

function polar(cx: number, cy: number, r: number, angle: number): string {
  // Angle 0 is twelve o'clock, increasing clockwise.
  return `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;
}

/**
 * The path of a donut slice between `start` and `end` (radians, clockwise from twelve o'clock),
 * between radii `inner` and `outer`. A whole ring (one category) is two circles filled even-odd:
 * an arc cannot start and end at the same point.
 */
export function donutSlicePath(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
): string {
  if (end - start >= 2 * Math.PI - 1e-6) {
    const circle = (r: number) =>
      `M ${polar(cx, cy, r, 0)} A ${r} ${r} 0 1 1 ${polar(cx, cy, r, Math.PI)} A ${r} ${r} 0 1 1 ${polar(cx, cy, r, 0)} Z`;
    return `${circle(outer)} ${circle(inner)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  return [
    `M ${polar(cx, cy, outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${polar(cx, cy, outer, end)}`,
    `L ${polar(cx, cy, inner, end)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${polar(cx, cy, inner, start)}`,
    'Z',
  ].join(' ');
}

/** A bar from (x, y) down to y + height, its top corners rounded by `radius` (0: a plain box). */
export function barPath(x: number, y: number, width: number, height: number, radius: number): string {
  const r = Math.max(0, Math.min(radius, width / 2, height));
  const [l, t, w, b] = [round(x), round(y), round(width), round(y + height)];
  if (r === 0) return `M ${l} ${b} V ${t} H ${round(l + w)} V ${b} Z`;
  return [
    `M ${l} ${b}`,
    `V ${round(t + r)}`,
    `Q ${l} ${t} ${round(l + r)} ${t}`,
    `H ${round(l + w - r)}`,
    `Q ${round(l + w)} ${t} ${round(l + w)} ${round(t + r)}`,
    `V ${b}`,
    'Z',
  ].join(' ');
}
