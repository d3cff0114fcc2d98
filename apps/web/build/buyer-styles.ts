import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
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
  let config: ResolvedConfig | undefined;
  return {
    name: 'b2bpay-buyer-styles',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      sequential: true,
      handler(output) {
        const outDir = output.dir ?? path.resolve(config?.root ?? '.', config?.build.outDir ?? 'dist');
        const file = path.join(outDir, 'buyer.html');
        const html = readFileSync(file, 'utf8');
        const { styles, fontsHref } = splitPageStyles(outDir, html, 'buyer-fonts');
        const fonts = fontsHref ? `  ${webFontsLink(BUYER_FONTS_ID, fontsHref)}\n  ` : '';
        writeFileSync(
          file,
          inlineStyles(html, styles).replace('</head>', () => `${fonts}</head>`),
        );
      },
    },
  };
}
