import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import {
  APP_FONTS_ID,
  injectLanding,
  inlineStyles,
  type LandingScripts,
  landingScripts,
  webFontsLink,
} from '../src/app/prerender/html.ts';
import { splitPageStyles } from './page-styles.ts';
import { PREACT_COMPAT } from './preact-compat.ts';

/**
 * Pre-renders the landing page `/` (DESIGN §8): after the browser build, the landing's server entry is
 * built for Node, rendered with preact-render-to-string and written into dist/index.html — the page's
 * markup inside #root and its metadata and JSON-LD in <head>, before any script. The landing's own entry
 * (src/landing-main.tsx, a second build input, see vite.config.ts) hydrates it with the same renderer
 * (the server entry is built with the browser's react → preact/compat aliases, PREACT_COMPAT): index.html loads that
 * entry instead of the app's main.tsx, so the landing downloads neither the router nor the query cache.
 *
 * The single-page shell (an empty #root) is kept as dist/app.html: the API answers every other page
 * address with it. Its stylesheet goes inline and the web fonts' rules into a print-only stylesheet
 * that main.tsx loads after the page, as on the landing (the font files held back the shop pages'
 * largest paint on a phone's connection, bench/RESULTS.md). The plugin also writes robots.txt, sitemap.xml and the partner banks'
 * marks (banks/{id}.svg). In the dev server nothing is pre-rendered: the app renders in the browser.
 *
 * The site's public address for canonical links and the sitemap comes from SITE_URL, else PUBLIC_URL,
 * else https://b2bpay.ru.
 */

const SERVER_ENTRY = 'src/app/prerender/entry-server.tsx';
export const SHELL_FILE = 'app.html';

interface ServerEntry {
  renderLanding: () => Promise<string>;
  landingHead: (siteUrl: string) => string;
  staticFiles: (siteUrl: string, lastModified: string) => Record<string, string>;
}

export function siteUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE_URL || env.PUBLIC_URL || 'https://b2bpay.ru';
}

async function loadServerEntry(root: string): Promise<ServerEntry> {
  const outDir = path.join(root, 'node_modules', '.cache', 'b2bpay-prerender');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { alias: PREACT_COMPAT },
    // Bundled in, so that the aliases reach the libraries' imports of react too (as the browser build).
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: SERVER_ENTRY,
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        output: { entryFileNames: 'entry-server.mjs', chunkFileNames: '[name]-[hash].mjs' },
      },
    },
  });
  return (await import(pathToFileURL(path.join(outDir, 'entry-server.mjs')).href)) as ServerEntry;
}

export function prerenderLanding(options: { root: string; siteUrl?: string }): Plugin {
  const siteUrl = options.siteUrl ?? siteUrlFromEnv();
  let config: ResolvedConfig | undefined;
  let entry: Promise<ServerEntry> | undefined;
  let scripts: LandingScripts | undefined;
  return {
    name: 'b2bpay-prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_output, bundle) {
      if (config?.build.ssr) return;
      entry = loadServerEntry(options.root);
      const server = await entry;
      const files = server.staticFiles(siteUrl, new Date().toISOString().slice(0, 10));
      for (const [fileName, source] of Object.entries(files))
        this.emitFile({ type: 'asset', fileName, source });
      // Keep the landing's scripts for writeBundle, where index.html is final.
      scripts = landingScripts(bundle);
    },
    writeBundle: {
      sequential: true,
      async handler(output) {
        if (config?.build.ssr || !entry || !scripts) return;
        const server = await entry;
        const outDir = output.dir ?? path.join(options.root, 'dist');
        const indexFile = path.join(outDir, 'index.html');
        const shell = readFileSync(indexFile, 'utf8');
        const app = splitPageStyles(outDir, shell, 'app-fonts');
        const appFonts = app.fontsHref ? `  ${webFontsLink(APP_FONTS_ID, app.fontsHref)}\n  ` : '';
        writeFileSync(
          path.join(outDir, SHELL_FILE),
          inlineStyles(shell, app.styles).replace('</head>', () => `${appFonts}</head>`),
        );
        const markup = await server.renderLanding();
        const head = server.landingHead(siteUrl);
        const { styles, fontsHref } = splitPageStyles(outDir, shell, 'landing-fonts');
        writeFileSync(indexFile, injectLanding(shell, { head, markup, scripts, styles, fontsHref }));
      },
    },
  };
}
