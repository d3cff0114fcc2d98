import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { splitWebFonts } from '../src/app/prerender/html.ts';

/**
 * The stylesheets a built page links, read from the build's folder without their web-font rules (to
 * put inline), and those rules written to a stylesheet of their own, `/static/assets/<name>-<hash>.css`
 * (to load after the page; see splitWebFonts). Used for the landing (prerender-landing.ts) and the
 * buyer's document (buyer-styles.ts).
 */
export function splitPageStyles(
  outDir: string,
  html: string,
  fontsName: string,
): { styles: Record<string, string>; fontsHref?: string } {
  const fonts: string[] = [];
  const styles = Object.fromEntries(
    [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/[^"]+\.css)"/g)].map(([, href]) => {
      const split = splitWebFonts(readFileSync(path.join(outDir, href ?? ''), 'utf8'));
      fonts.push(split.fonts);
      return [href, split.css];
    }),
  );
  const fontsCss = fonts.join('\n');
  if (fontsCss.trim() === '') return { styles };
  const hash = createHash('sha256').update(fontsCss).digest('hex').slice(0, 10);
  const fontsHref = `/static/assets/${fontsName}-${hash}.css`;
  writeFileSync(path.join(outDir, fontsHref), fontsCss);
  return { styles, fontsHref };
}
