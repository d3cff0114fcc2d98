import { afterEach, vi } from 'vitest';

// Logic tests run in the node environment (`// @vitest-environment node` atop the file): no DOM, so
// neither the DOM matchers nor React's cleanup are loaded for them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
