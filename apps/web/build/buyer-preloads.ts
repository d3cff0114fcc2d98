import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph';

/** The file the buyer's build writes beside buyer.html; the API reads it (apps/api/src/plugins/web.ts). */
export const BUYER_PRELOADS_FILE = 'buyer-preloads.json';
const PAGE_MODULE = /\/features\/buyer\/pages\/([\w-]+)\.tsx$/;
/** Lazy parts of a page that the API preloads when the page shows them (buyer-server.tsx `pagePartsFor`). */
const PAGE_PART_MODULE = /\/features\/buyer\/components\/(offers-panel)\.tsx$/;

/**
 * For each buyer page (a lazy chunk, features/buyer/pages/<name>.tsx), and each lazy part of a page
 * (features/buyer/components/offers-panel.tsx), the scripts it needs that the entry does not already load: the chunk and the closure of its static imports, as absolute paths.
 * The API puts them into the page as modulepreloads (packages/domain buyerPageModule names the page of
 * an address), so the page's code downloads beside the entry instead of after the entry has run and
 * the router has asked for it: one round trip less before the buyer sees the order (bench/RESULTS.md).
 */
export function buyerPreloads(): Plugin {
  return {
    name: 'b2bpay-buyer-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, closure } = chunkGraph(bundle);
      const entryLoads = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, entryLoads);
      const pages: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        const module = chunk.isDynamicEntry ? chunk.facadeModuleId : undefined;
        const page = module?.match(PAGE_MODULE)?.[1] ?? module?.match(PAGE_PART_MODULE)?.[1];
        if (!page) continue;
        pages[page] = [...closure(chunk.fileName, new Set())]
          .filter((fileName) => !entryLoads.has(fileName))
          .map((fileName) => `/${fileName}`);
      }
      if (Object.keys(pages).length === 0)
        this.error('buyer-preloads: no buyer page chunk found in the build');
      this.emitFile({ type: 'asset', fileName: BUYER_PRELOADS_FILE, source: JSON.stringify(pages, null, 2) });
    },
  };
}
