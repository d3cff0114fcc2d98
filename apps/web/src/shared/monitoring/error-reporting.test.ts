import { describe, expect, it } from 'vitest';
import { getUserId, initErrorReporting, isChunkLoadError, USER_ID_KEY } from './error-reporting';

describe('error reporting', () => {
  it('recognises chunk-load failures so they can be dropped', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /static/js/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 12 failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('keeps one user id in local storage under userId', () => {
    const id = getUserId();
    expect(localStorage.getItem(USER_ID_KEY)).toBe(id);
    expect(getUserId()).toBe(id);
  });

  it('stays off without a DSN', async () => {
    await expect(initErrorReporting({})).resolves.toBe(false);
  });
});
