import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { BUYER_FONTS_ID, inlineStyles, webFontsLink } from '../src/app/prerender/html.ts';
import { splitPageStyles } from './page-styles.ts';

/**
 * The buyer's document (buyer.html) styled as the landing's: its stylesheet inline, so the first
 * render waits for no request but the scripts', and the web fonts' rules in a print-only stylesheet
 * that buyer-main.tsx loads after the page. The font files were requested at the page's first layout
 * and, on a phone's connection, held back its largest paint (bench/RESULTS.md, "Buyer pages on a
 * phone"); until they come, the text is drawn in the metric-matched fallback (index.css).
 */
export function buyerStyles(): Plugin {
  return {
    name: 'b2bpay-buyer-styles',
    apply: 'build',
    writeBundle: {
      sequential: true,
      handler(output) {
        if (!output.dir) this.error('buyer-styles: the build has no output folder');
        const file = path.join(output.dir, 'buyer.html');
        const html = readFileSync(file, 'utf8');
        const { styles, fontsHref } = splitPageStyles(output.dir, html, 'buyer-fonts');
        const fonts = fontsHref ? `  ${webFontsLink(BUYER_FONTS_ID, fontsHref)}\n  ` : '';
        writeFileSync(
          file,
          inlineStyles(html, styles).replace('</head>', () => `${fonts}${inlinedMarkers(styles)}</head>`),
        );
      },
    },
  };
}

/**
 * A disabled link (never fetched) to each stylesheet put inline. A lazy part that shares modules with
 * the entry lists the entry's stylesheet among its dependencies, and Vite's loader downloads every
 * listed stylesheet that no <link rel="stylesheet"> in the document names, holding the part until it
 * has come: 11 KB and a round trip more before the order page's offers (bench/RESULTS.md). The link
 * tells it the styles are there.
 */
function inlinedMarkers(styles: Record<string, string>): string {
  return Object.keys(styles)
    .map((href) => `<link rel="stylesheet" href="${href}" disabled>`)
    .join('');
}
