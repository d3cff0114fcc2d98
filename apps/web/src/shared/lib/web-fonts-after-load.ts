/**
 * Once everything else has loaded and the main thread is idle (after hydration), loads the faces the
 * page's text needs from the print-only stylesheet of this id, and swaps them in at once (web-fonts.ts).
 * That code is downloaded only then: it is no part of a page's first load of JavaScript (the buyer's
 * pages are held to a budget, scripts/check-size.mjs). Should it fail to download, the text stays in
 * the fallback font, as when a font file fails.
 */
export function applyWebFontsAfterLoad(linkId: string): void {
  const apply = () => {
    const link = document.getElementById(linkId);
    if (!(link instanceof HTMLLinkElement)) return;
    const text = document.body.textContent ?? '';
    import('./web-fonts').then(
      (fonts) => fonts.loadWebFonts(link, text),
      () => undefined,
    );
  };
  // Safari has no requestIdleCallback: there the fonts come right after load.
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(apply, { timeout: 2000 });
    else apply();
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
