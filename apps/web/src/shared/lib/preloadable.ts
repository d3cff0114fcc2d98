import { type ComponentType, createElement } from 'react';

/**
 * A lazily loaded component that can be asked for before it renders (`preload`), and that renders at
 * once when its module is there. `lazy()` cannot: it starts loading at its first render and suspends
 * that render even when the module has already arrived, so a part loaded ahead of time would still
 * show its fallback for a frame. Until the module is there, rendering the component suspends (the
 * nearest Suspense shows its fallback); a failed load is thrown to the error boundary, and the next
 * render tries again.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  let failure: unknown = null;
  const preload = (): Promise<void> => {
    if (!pending) {
      failure = null;
      pending = load().then(
        (module) => {
          loaded = module.default;
        },
        (error: unknown) => {
          failure = error;
          pending = null;
        },
      );
    }
    return pending;
  };
  function Preloadable(props: P) {
    if (loaded) return createElement(loaded, props);
    if (failure) {
      const error = failure;
      failure = null;
      throw error;
    }
    // Suspense's contract: the render throws the promise it waits for.
    throw preload();
  }
  return { Component: Preloadable, preload, isLoaded: () => loaded !== null };
}
