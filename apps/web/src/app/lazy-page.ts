import type { ComponentType } from 'react';

/** Spec §2: a lazy script part that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        const message = error instanceof Error ? error.message : String(error);
        reject(new ChunkLoadError(`Loading chunk failed: ${message}`));
      },
    );
  });
}

/**
 * A page module: the page component as its default export and, optionally, `pageReady`, which returns
 * a promise for what the page's first render needs beyond its own module (a part it would otherwise
 * suspend on: its loading screen would show, then move everything when the part arrives).
 */
export type PageModule = { default: ComponentType; pageReady?: () => Promise<void> | undefined };

/** A route's `lazy` for a page module: resolved once the module, and what `pageReady` names, are there. */
export function lazyPage(load: () => Promise<PageModule>) {
  return async () => {
    const module = await withChunkTimeout(load());
    const ready = module.pageReady?.();
    // A part that fails or does not come is the page's own affair (its Suspense and error boundary).
    if (ready) await withChunkTimeout(ready).catch(() => undefined);
    return { Component: module.default };
  };
}
