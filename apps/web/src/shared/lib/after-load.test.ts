import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './after-load';

/** A window whose load state and idle callbacks the test drives. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget() as EventTarget & Record<string, unknown>;
  const idle: Array<() => void> = [];
  Object.assign(target, {
    document: { readyState },
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    cancelIdleCallback: (id: number) => {
      idle[id - 1] = () => {};
    },
  });
  return { window: target as unknown as Window, idle };
}

describe('afterPageLoad', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for the load event and then for an idle main thread', () => {
    const { window, idle } = fakeWindow('interactive');
    const callback = vi.fn();
    afterPageLoad(callback, window);
    expect(idle).toHaveLength(0);
    window.dispatchEvent(new Event('load'));
    expect(callback).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs in the next task when the page loaded before (a navigation inside the app)', () => {
    vi.useFakeTimers();
    const { window } = fakeWindow('complete');
    const callback = vi.fn();
    afterPageLoad(callback, window);
    expect(callback).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the load event', () => {
    const first = fakeWindow('loading');
    const before = vi.fn();
    afterPageLoad(before, first.window)();
    first.window.dispatchEvent(new Event('load'));
    expect(first.idle).toHaveLength(0);
    expect(before).not.toHaveBeenCalled();

    const second = fakeWindow('loading');
    const after = vi.fn();
    const cancel = afterPageLoad(after, second.window);
    second.window.dispatchEvent(new Event('load'));
    cancel();
    second.idle[0]?.();
    expect(after).not.toHaveBeenCalled();
  });
});
