import { existsSync, readFileSync } from 'node:fs';

const SCRIPT_PATH = /^\/static\/js\/[\w.-]+\.js$/;

/**
 * A build's page module → scripts to preload (buyer-preloads.json, shop-preloads.json); empty when the
 * build wrote none. Only the build's own script paths are taken: nothing else may end up in an
 * attribute of a page.
 */
export function readPreloads(file: string): Record<string, string[]> {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const preloads: Record<string, string[]> = {};
  for (const [page, hrefs] of Object.entries(parsed as Record<string, unknown>)) {
    if (Array.isArray(hrefs) && hrefs.every((href) => typeof href === 'string' && SCRIPT_PATH.test(href))) {
      preloads[page] = hrefs;
    } else throw new Error(`${file}: ${page} is not a list of /static/js/ scripts`);
  }
  return preloads;
}

/** The scripts as `<link rel="modulepreload">` elements, for a document's head. */
export function preloadLinks(hrefs: Iterable<string>): string {
  return [...hrefs].map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
}
