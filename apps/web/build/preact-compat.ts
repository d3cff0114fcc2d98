/**
 * Preact's React compatibility layer in place of react and react-dom: every build of the web app
 * (vite.config.ts: the app, the buyer's document and its server render; the landing's pre-render,
 * build/prerender-landing.ts) resolves these, so that a browser downloads about 10 KB of gzipped
 * renderer instead of react-dom's ≈ 66 KB. In a module of its own because build/prerender-landing.ts,
 * which vite.config.ts imports, needs it as well.
 */
export const PREACT_COMPAT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
