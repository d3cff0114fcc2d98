import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { animationsFinished } from './browser';

/**
 * WCAG 2.1 A/AA plus best practices; returns readable lines for each violation (empty when clean).
 * `without`: rules left out — for a second scan of a page whose colours do not change with its width,
 * where `color-contrast` (most of a long page's scan time) would only repeat the first scan's verdict.
 */
export async function axeViolations(page: Page, without: readonly string[] = []): Promise<string[]> {
  // Finite animations (a toast sliding in) first run to their end: mid-fade, text is partly
  // transparent and axe would judge its contrast on a frame no reader stays on.
  await animationsFinished(page);
  // Something that appears during the scan (a live update's toast) animates in 1 ms under reduced
  // motion (index.css), so axe never judges a half-faded frame of it either.
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .disableRules([...without])
    .analyze()
    .finally(() => page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' }));
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
}
