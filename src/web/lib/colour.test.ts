import { describe, expect, it } from 'vitest';
import {
  AA_CONTRAST,
  adjustUntil,
  contrastRatio,
  isHexColour,
  mix,
  primaryPalette,
  relativeLuminance,
  SURFACES,
} from './colour';

describe('contrast', () => {
  it('follows WCAG 2', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    // The figures docs/product.md D8 quotes for the brand colour and the shade below it.
    expect(contrastRatio('#ffffff', '#059669')).toBeCloseTo(3.77, 2);
    expect(contrastRatio('#047857', '#ffffff')).toBeCloseTo(5.48, 2);
  });

  it('mixes and reads #rrggbb only', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#ff0000', '#0000ff', 0)).toBe('#ff0000');
    expect(isHexColour('#05966A')).toBe(true);
    expect(isHexColour('green')).toBe(false);
    expect(() => relativeLuminance('#fff')).toThrow();
  });

  it('moves a colour only as far as needed', () => {
    const meets = (c: string) => contrastRatio('#ffffff', c) >= AA_CONTRAST;
    expect(adjustUntil('#047857', '#000000', meets)).toBe('#047857');
    const darker = adjustUntil('#059669', '#000000', meets);
    expect(meets(darker)).toBe(true);
    // One step less would fail: the least darkening, not an arbitrary one.
    expect(contrastRatio('#ffffff', mix('#059669', '#000000', 0.07))).toBeLessThan(AA_CONTRAST);
    expect(adjustUntil('#ffffff', '#000000', () => false)).toBe('#000000');
  });
});

const SAMPLES = [
  '#059669',
  '#047857',
  '#ffff00',
  '#000080',
  '#dc2626',
  '#7c3aed',
  '#000000',
  '#ffffff',
  '#f59e0b',
];

describe('primaryPalette', () => {
  it('darkens the default brand colour to about #047857 for white text (light theme)', () => {
    const p = primaryPalette('#059669', 'light');
    expect(p.foreground).toBe('#ffffff');
    expect(p.primary).toBe('#048059');
    expect(contrastRatio(p.primary, '#ffffff')).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(relativeLuminance(p.hover)).toBeLessThan(relativeLuminance(p.primary));
    expect(relativeLuminance(p.active)).toBeLessThan(relativeLuminance(p.hover));
  });

  it('keeps a colour already dark enough', () => {
    expect(primaryPalette('#000080', 'light').primary).toBe('#000080');
  });

  it('lightens it for the dark theme, with dark text on it', () => {
    const p = primaryPalette('#059669', 'dark');
    expect(p.foreground).toBe(SURFACES.dark.page);
    expect(relativeLuminance(p.primary)).toBeGreaterThan(relativeLuminance('#059669'));
    expect(relativeLuminance(p.hover)).toBeGreaterThan(relativeLuminance(p.primary));
    // A tint of the dark surface, not a light patch in a dark screen.
    expect(relativeLuminance(p.soft)).toBeLessThan(0.05);
  });

  it('falls back to the default colour for anything that is not #rrggbb', () => {
    expect(primaryPalette('teal', 'light')).toEqual(primaryPalette('#059669', 'light'));
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`reads at AA in the ${theme} theme, whatever the colour`, () => {
      const surfaces = Object.values(SURFACES[theme]);
      for (const colour of SAMPLES) {
        const p = primaryPalette(colour, theme);
        const where = `${colour} (${theme})`;
        for (const background of [p.primary, p.hover, p.active])
          expect(contrastRatio(p.foreground, background), where).toBeGreaterThanOrEqual(AA_CONTRAST);
        // Links and primary-coloured text on every surface of the theme.
        for (const surface of surfaces)
          expect(contrastRatio(p.primary, surface), where).toBeGreaterThanOrEqual(AA_CONTRAST);
        // The sidebar's current page and the soft badges: active text on the soft tint.
        expect(contrastRatio(p.active, p.soft), where).toBeGreaterThanOrEqual(AA_CONTRAST);
      }
    });
  }
});
