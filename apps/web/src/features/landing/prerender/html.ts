/**
 * Pure helpers of the landing pre-render (build/prerender-landing.ts): where the rendered markup, the
 * head block and the preloads go in the built index.html.
 */

const ROOT_PLACEHOLDER = '<div id="root"></div>';

/**
 * The pre-rendered page: the shell with its own title, description and robots replaced by the
 * landing's head block, its stylesheet inline, the markup inside #root, and the scripts (the entry
 * and the landing's parts, preloaded) fetched at low priority.
 */
export function injectLanding(
  shell: string,
  parts: {
    head: string;
    markup: string;
    preload: string[];
    /** Stylesheets to put inline, by their href: the first paint then waits for no other request. */
    styles?: Record<string, string>;
  },
): string {
  if (!shell.includes(ROOT_PLACEHOLDER)) throw new Error(`index.html has no ${ROOT_PLACEHOLDER} to fill`);
  const viewport = /<meta\s+name="viewport"[^>]*>\n?/;
  if (!viewport.test(shell)) throw new Error('index.html has no viewport meta to place the head after');
  const preload = parts.preload
    .map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`)
    .join('\n    ');
  let page = shell;
  for (const [href, css] of Object.entries(parts.styles ?? {})) {
    if (css.includes('</style')) continue;
    const link = new RegExp(
      `<link rel="stylesheet"[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    );
    page = page.replace(link, () => `<style>${css}</style>`);
  }
  // The page is complete without scripts: they only make it interactive. At low priority they leave
  // the connection to the page, its styles and fonts first.
  page = page
    .replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"')
    .replace(
      /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
      '<link rel="modulepreload" fetchpriority="low"',
    );
  return page
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace(/<meta\s+name="robots"[^>]*>\s*/, '')
    .replace(viewport, (tag) => `${tag}    ${parts.head}\n`)
    .replace('</head>', preload ? `  ${preload}\n  </head>` : '</head>')
    .replace(ROOT_PLACEHOLDER, `<div id="root">${parts.markup}</div>`);
}

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
}

/** The landing's lazy part and every part it imports statically, minus what the entry already loads. */
export function landingPreloads(bundle: Record<string, { type: string }>): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('features/landing/landing-page.tsx'));
  if (!landing) return [];
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set<string>();
  const collect = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) collect(imported, into);
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) collect(entry.fileName, entryFiles);
  const needed = new Set<string>();
  collect(landing.fileName, needed);
  return [...needed].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
}
