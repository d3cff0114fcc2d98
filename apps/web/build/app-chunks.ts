import type { Plugin } from 'vite';
import { SHOP_MODULE } from './shop-preloads.ts';

const APP_SOURCE = /\/apps\/web\/src\//;
const APP_ENTRY = /\/apps\/web\/index\.html$/;

/**
 * The shop area's script parts in a few files. Cut automatically by which pages import what, a shop
 * page loaded 33–42 files of 0.2–2 KB each (bench/RESULTS.md): one request each, and a phone on
 * HTTP/1.1 fetches six at a time, so the page waited for seven rounds of requests. Three groups
 * (`output.codeSplitting.groups`) collect the app's own modules that the shop's pages share:
 *
 * - `shop-frame`: what the shop area's frame (app/shop-layout.tsx) needs; every shop page loads it.
 * - `shop-common`: what two or more shop pages need beyond the frame; a page downloads a little that
 *   it does not run (the largest page-specific parts stay with their pages).
 * - `site`: the app's own modules that the landing loads at once and the shop's pages use too; the
 *   landing loads all of them anyway (the domain package's modules stay apart: the module graph,
 *   read before tree shaking, names more of them than the landing really uses).
 *
 * A module joins a group only when the app's entry does not load it, it is no lazily loaded page, and
 * what it imports is loaded by an entry or is ours: a library used by one page (the chart, the QR
 * code) stays with that page. The sets are computed from the module graph (`buildEnd`), before the
 * chunks are cut.
 */
export function appChunks() {
  const frame = new Set<string>();
  const common = new Set<string>();
  const site = new Set<string>();
  const plugin: Plugin = {
    name: 'b2bpay-app-chunks',
    apply: 'build',
    buildEnd() {
      const reach = (id: string, into = new Set<string>()) => {
        if (into.has(id)) return into;
        into.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) reach(next, into);
        return into;
      };
      const initial = new Set<string>();
      const appInitial = new Set<string>();
      const lazy = new Set<string>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry) reach(id, initial);
        if (info?.isEntry && APP_ENTRY.test(id)) reach(id, appInitial);
        for (const target of info?.dynamicallyImportedIds ?? []) lazy.add(target);
      }
      // What it imports is loaded by an entry or is ours, and is no lazily loaded page.
      const importsOnlyOurs = (id: string) =>
        [...reach(id)].every((dep) => initial.has(dep) || (!lazy.has(dep) && !dep.includes('node_modules')));
      const pages = [...lazy].filter((id) => SHOP_MODULE.test(id));
      const layout = pages.find((id) => id.endsWith('/app/shop-layout.tsx'));
      if (!layout) this.error('app-chunks: app/shop-layout.tsx is not a lazy module of the build');
      const inFrame = reach(layout);
      const pagesUsing = new Map<string, number>();
      for (const page of pages) {
        for (const id of reach(page)) if (id !== page) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
      }
      for (const [id, count] of pagesUsing) {
        if (initial.has(id)) {
          if (!appInitial.has(id) && APP_SOURCE.test(id)) site.add(id);
        } else if (importsOnlyOurs(id)) {
          if (inFrame.has(id)) frame.add(id);
          else if (count >= 2) common.add(id);
        }
      }
    },
  };
  const group = (name: string, modules: Set<string>) => ({
    name,
    test: (id: string) => modules.has(id),
    includeDependenciesRecursively: false,
  });
  return { plugin, groups: [group('site', site), group('shop-frame', frame), group('shop-common', common)] };
}
