import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/*
 * The one accessibility check of the browser tests: axe-core's own default rules (WCAG A and AA
 * and its best practices), not a chosen subset, so a rule the current axe-core runs by default is
 * run here too. label-content-name-mismatch (WCAG 2.5.3: a control's name holds its visible words)
 * is experimental, off by default, before axe-core 4.14 and default from it: it is switched on
 * here so the check is the same on either version.
 */

/**
 * No serious or critical axe-core finding on the page as it stands. A toast still fading in (or
 * out) was measured at part of its opacity and failed colour contrast now and then: the check is
 * made with reduced motion asked for, which the app and its toasts honour by showing their final
 * state at once.
 */
export async function expectAccessible(page: Page, screen: string) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: null }));
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `accessibility of ${screen}`).toEqual([]);
}
