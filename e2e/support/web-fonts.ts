import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The pre-styled documents (the landing, the buyer's pages) keep Inter out of the first paint: their
 * inline style has the metric-matched fallback and no Inter face, and Inter's rules come in a
 * print-only stylesheet of this id that the page's script loads after the page (apps/web/src/shared/lib/web-fonts.ts).
 */
export function expectFontsAfterThePage(html: string, fontsId: string): void {
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  expect(inline).toContain('Inter Fallback');
  expect(inline).not.toMatch(/@font-face\s*\{[^}]*font-family:\s*["']?Inter(?: Variable)?["']?\s*;/);
  expect(html).toMatch(
    new RegExp(`<link rel="stylesheet" id="${fontsId}" media="print" href="[^"]+\\.css">`),
  );
}

/** Waits until Inter's faces the text needs have loaded (at least two subsets: Latin and Cyrillic). */
export async function waitForInter(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.fonts].filter(
        (face) => face.family.replace(/["']/g, '') === 'Inter Variable' && face.status === 'loaded',
      ).length >= 2,
  );
}

/** The fonts the browser really drew the first element of `selector` with (its glyphs' platform fonts). */
export async function renderedFonts(
  context: BrowserContext,
  page: Page,
  selector: string,
): Promise<string[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}
