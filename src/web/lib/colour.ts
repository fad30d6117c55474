/*
 * Colour maths for the primary colour an admin chooses (docs/product.md D13): WCAG 2 contrast, and
 * moving a colour toward black or white just far enough that text stays legible (AA, 4.5:1). Pure,
 * so the rules are tested without a browser.
 */

import { DEFAULT_SETTINGS } from '../../domain/settings';

export type Theme = 'light' | 'dark';

/** WCAG AA for body text. */
export const AA_CONTRAST = 4.5;

/** Tailwind v4's slate shades in sRGB: the surfaces the primary colour sits on and next to. */
export const SURFACES = {
  light: { card: '#ffffff', raised: '#f1f5f9' },
  dark: { page: '#020618', card: '#0f172b', raised: '#1d293d' },
} as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** True for '#rrggbb' (the only form System Settings store). */
export const isHexColour = (value: string): boolean => parseHex(value) !== null;

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio, 1 to 21, whichever colour is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `amount` (0 to 1) of `other` mixed into `base`, channel by channel in sRGB. */
export function mix(base: string, other: string, amount: number): string {
  const a = parseHex(base);
  const b = parseHex(other);
  if (!a || !b) throw new Error(`Not #rrggbb colours: ${base}, ${other}`);
  return toHex(a.map((c, i) => c + ((b[i] as number) - c) * amount) as Rgb);
}

/**
 * The least mix of `colour` toward `target` (black to darken, white to lighten) that `meets` the
 * test, in 1% steps; the colour itself when it already does, and `target` at the very end.
 */
export function adjustUntil(colour: string, target: string, meets: (c: string) => boolean): string {
  for (let step = 0; step <= 100; step++) {
    const candidate = mix(colour, target, step / 100);
    if (meets(candidate)) return candidate;
  }
  return target;
}

export interface PrimaryPalette {
  primary: string;
  hover: string;
  active: string;
  /** A faint tint for selected rows and links (the sidebar's current page). */
  soft: string;
  /** Text and icons on the primary colour. */
  foreground: string;
}

/**
 * The primary colour's shades for a theme. Light: white text on it, so it is darkened until white
 * (and it, as text on the palest grey) reaches AA; hover and active are darker still. Dark: a dark
 * primary cannot be read as text on a dark surface, so there it is lightened until it reads on the
 * lightest dark surface, with near-black text on it, and hover and active are lighter still.
 */
export function primaryPalette(colour: string, theme: Theme): PrimaryPalette {
  const base = isHexColour(colour) ? colour.toLowerCase() : DEFAULT_SETTINGS.appearance.primaryColor;
  if (theme === 'light') {
    const primary = adjustUntil(
      base,
      '#000000',
      (c) => contrastRatio(c, SURFACES.light.raised) >= AA_CONTRAST,
    );
    return {
      primary,
      hover: mix(primary, '#000000', 0.2),
      active: mix(primary, '#000000', 0.35),
      soft: mix(primary, SURFACES.light.card, 0.9),
      foreground: '#ffffff',
    };
  }
  const foreground = SURFACES.dark.page;
  const primary = adjustUntil(
    base,
    '#ffffff',
    (c) =>
      contrastRatio(c, SURFACES.dark.raised) >= AA_CONTRAST && contrastRatio(c, foreground) >= AA_CONTRAST,
  );
  return {
    primary,
    hover: mix(primary, '#ffffff', 0.2),
    active: mix(primary, '#ffffff', 0.35),
    soft: mix(primary, SURFACES.dark.card, 0.82),
    foreground,
  };
}
