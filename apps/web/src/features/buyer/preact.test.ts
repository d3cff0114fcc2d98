// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('the buyer tests', () => {
  it('render with Preact, as the buyer pages ship (vitest.buyer.config.ts)', async () => {
    const react = await import('react');
    const compat = await import('preact/compat');
    expect(react.createElement).toBe(compat.createElement);
    const client = await import('react-dom/client');
    expect(client.createRoot).toBe((await import('preact/compat/client')).createRoot);
  });
});
