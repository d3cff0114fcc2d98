/**
 * Pure helpers of the landing pre-render (build/prerender-landing.ts): where the rendered markup, the
 * head block and the preloads go in the built index.html.
 */

const ROOT_PLACEHOLDER = '<div id="root"></div>';
/** The landing's browser entry, a second build input beside index.html (vite.config.ts). */
export const LANDING_ENTRY = 'src/landing-main.tsx';
/** The id of the landing's web-font stylesheet, whose faces landing-main.tsx loads after the page. */
export const LANDING_FONTS_ID = 'landing-fonts';
/** The same for the buyer's document (build/buyer-styles.ts, buyer-main.tsx). */
export const BUYER_FONTS_ID = 'buyer-fonts';
/** The same for the app's shell, app.html (build/prerender-landing.ts, main.tsx). */
export const APP_FONTS_ID = 'app-fonts';

/**
 * Splits the web font's @font-face rules (font-family Inter or Inter Variable) out of a stylesheet.
 * On the landing they are loaded only after the page (shared/lib/web-fonts.ts): on a slow
 * connection the first screen's text waited for the font files (Lighthouse's LCP 2.0–2.2 s,
 * performance 88–90 on an idle machine, against 97 without them). Until they arrive the text is drawn
 * in "Inter Fallback", a local font scaled to Inter's metrics (index.css), so the swap barely moves
 * anything.
 */
export function splitWebFonts(css: string): { css: string; fonts: string } {
  const fonts: string[] = [];
  const rest = css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
    if (!/font-family:\s*["']?Inter(?: Variable)?["']?\s*;/.test(rule)) return rule;
    fonts.push(rule);
    return '';
  });
  return { css: rest, fonts: fonts.join('\n') };
}

/**
 * The pre-rendered page: the shell with its own title, description and robots replaced by the
 * landing's head block, its stylesheet inline, the markup inside #root, and the shell's scripts (the
 * whole app) replaced by the landing's own entry and the parts it imports, all fetched at low priority.
 */
export function injectLanding(
  shell: string,
  parts: {
    head: string;
    markup: string;
    /** The landing's entry script and the parts it imports (see landingScripts). */
    scripts: LandingScripts;
    /** Stylesheets to put inline, by their href: the first paint then waits for no other request. */
    styles?: Record<string, string>;
    /** The web fonts' stylesheet (see splitWebFonts): linked for print, so nothing waits for it. */
    fontsHref?: string;
  },
): string {
  if (!shell.includes(ROOT_PLACEHOLDER)) throw new Error(`index.html has no ${ROOT_PLACEHOLDER} to fill`);
  const viewport = /<meta\s+name="viewport"[^>]*>\n?/;
  if (!viewport.test(shell)) throw new Error('index.html has no viewport meta to place the head after');
  let page = inlineStyles(shell, parts.styles ?? {});
  // The page is complete without scripts: they only make it interactive. At low priority they leave
  // the connection to the page, its styles and fonts first.
  const scripts = [
    ...parts.scripts.preload.map(
      (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`,
    ),
    `<script type="module" fetchpriority="low" crossorigin src="${parts.scripts.entry}"></script>`,
  ].join('\n    ');
  const fonts = parts.fontsHref ? `\n    ${webFontsLink(LANDING_FONTS_ID, parts.fontsHref)}` : '';
  // The shell's own scripts are the whole app's (main.tsx): the landing does not load them.
  page = page
    .replace(/[ \t]*<script type="module"[^>]*><\/script>\n?/g, '')
    .replace(/[ \t]*<link rel="modulepreload"[^>]*>\n?/g, '');
  return page
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<meta\s+name="robots"[^>]*>\s*/, '')
    .replace(viewport, (tag) => `${tag}    ${parts.head}\n`)
    .replace('</head>', `  ${scripts}${fonts}\n  </head>`)
    .replace(ROOT_PLACEHOLDER, `<div id="root">${parts.markup}</div>`);
}

/**
 * The page with each linked stylesheet of `styles` (by its href) put inline: the first paint then
 * waits for no other request. A stylesheet that could end the style element stays linked.
 */
export function inlineStyles(page: string, styles: Record<string, string>): string {
  let result = page;
  for (const [href, css] of Object.entries(styles)) {
    if (css.includes('</style')) continue;
    const link = new RegExp(
      `<link rel="stylesheet"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    );
    result = result.replace(link, () => `<style>${css}</style>`);
  }
  return result;
}

/** The print-only link of a web-font stylesheet (see splitWebFonts), loaded after the page by its id. */
export function webFontsLink(id: string, href: string): string {
  return `<link rel="stylesheet" id="${id}" media="print" href="${href}">`;
}

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

export interface LandingScripts {
  /** The landing's browser entry (landing-main.tsx). */
  entry: string;
  /** Every part that entry imports statically, at any depth: preloaded, so nothing waits for a parent. */
  preload: string[];
}

/** The landing entry's chunk (src/landing-main.tsx) and the closure of its static imports. */
export function landingScripts(bundle: Record<string, { type: string }>): LandingScripts {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(`/${LANDING_ENTRY}`));
  if (!entry) throw new Error(`The build has no entry chunk for ${LANDING_ENTRY}`);
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const needed = new Set<string>();
  const collect = (fileName: string) => {
    if (needed.has(fileName)) return;
    needed.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) collect(imported);
  };
  collect(entry.fileName);
  needed.delete(entry.fileName);
  return { entry: `/${entry.fileName}`, preload: [...needed].map((file) => `/${file}`) };
}
