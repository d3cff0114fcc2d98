/**
 * Runs `callback` once the page has loaded (the load event) and the main thread is idle, or at once
 * (in the next task) when the page loaded long ago, as after a navigation inside the app. Work that the
 * first screen does not need (the shop area's live stream) waits for it, so it neither competes with
 * the page's scripts and data for the connection nor adds to the first render's long tasks.
 * Returns the function that cancels it.
 */
export function afterPageLoad(callback: () => void, target: Window = window): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) callback();
  };
  const whenIdle = () => {
    // Safari has no requestIdleCallback: there it runs right after load.
    if ('requestIdleCallback' in target) idle = target.requestIdleCallback(run, { timeout: 2000 });
    else timer = setTimeout(run, 0);
  };
  if (target.document.readyState === 'complete') timer = setTimeout(run, 0);
  else target.addEventListener('load', whenIdle, { once: true });
  return () => {
    cancelled = true;
    target.removeEventListener('load', whenIdle);
    if (idle !== undefined) target.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** Whether the page has loaded (the load event has passed). */
export function pageHasLoaded(target: Window = window): boolean {
  return target.document.readyState === 'complete';
}
