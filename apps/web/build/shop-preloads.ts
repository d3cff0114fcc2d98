import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph';

/** The file the app's build writes beside app.html; the API reads it (apps/api/src/plugins/shop-document.ts). */
export const SHOP_PRELOADS_FILE = 'shop-preloads.json';
/** The shop area's frame (app/shop-layout.tsx) and its pages (features/shop/<folder>/<name>-page.tsx). */
export const SHOP_MODULE = /\/(?:app\/(shop-layout)|features\/shop\/[\w-]+\/([\w-]+-page))\.tsx$/;

/**
 * For the shop area's frame and each of its pages (lazy chunks of the app's router) the scripts they
 * need that the app's entry does not already load: the chunk and the closure of its static imports.
 * The API names the frame's and the address's page's as modulepreloads in app.html, so they download
 * beside the entry instead of one after the other once the router has run (the buyer's document does
 * the same: buyer-preloads.ts).
 */
export function shopPreloads(): Plugin {
  return {
    name: 'b2bpay-shop-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, closure } = chunkGraph(bundle);
      const entryLoads = new Set<string>();
      for (const chunk of chunks.values()) {
        // The app's entry is index.html's script (main.tsx); the landing's entry is the other one.
        if (chunk.isEntry && chunk.name === 'index') closure(chunk.fileName, entryLoads);
      }
      if (entryLoads.size === 0) this.error('shop-preloads: the app entry (index) is not in the build');
      const modules: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const match = chunk.isDynamicEntry ? chunk.facadeModuleId?.match(SHOP_MODULE) : undefined;
        const name = match?.[1] ?? match?.[2];
        if (!name) continue;
        modules[name] = [...closure(chunk.fileName, new Set())]
          .filter((fileName) => !entryLoads.has(fileName))
          .map((fileName) => `/${fileName}`);
      }
      if (!modules['shop-layout']) this.error('shop-preloads: no shop-layout chunk found in the build');
      this.emitFile({
        type: 'asset',
        fileName: SHOP_PRELOADS_FILE,
        source: JSON.stringify(modules, null, 2),
      });
    },
  };
}
