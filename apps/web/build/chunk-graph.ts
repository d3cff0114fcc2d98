/** What the preload plugins read of a bundle's script chunk. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * A build's script chunks by file name, and the closure of a chunk's static imports (the chunk itself
 * included): what a browser loading that chunk downloads before it runs. Both preload plugins
 * (buyer-preloads.ts, shop-preloads.ts) name a page's scripts from it.
 */
export function chunkGraph(bundle: Record<string, { type: string }>) {
  const chunks = new Map<string, ChunkInfo>();
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk') {
      const chunk = item as unknown as ChunkInfo;
      chunks.set(chunk.fileName, chunk);
    }
  }
  const closure = (fileName: string, seen: Set<string>): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  return { chunks, closure };
}
