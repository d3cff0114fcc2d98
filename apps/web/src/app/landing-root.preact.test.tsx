import { act } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStaticMarkup } from '../features/landing/static-markup';
import { metrika } from '../shared/analytics/metrika';
import { LandingRoot } from './landing-root';

/**
 * The landing as it ships (vitest.buyer.config.ts runs this file on preact/compat): pre-rendered with
 * preact-render-to-string, as build/prerender-landing.ts does, and hydrated by preact/compat's
 * hydrateRoot, as landing-main.tsx does. landing-root.test.tsx is the same tree on React.
 */
afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the landing pre-rendered and hydrated by Preact', () => {
  it('adopts the pre-rendered nodes, keeps the static parts as they are and makes the rest work', async () => {
    const hit = vi.spyOn(metrika, 'hit');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LandingRoot />);
    document.body.append(container);
    const headline = container.querySelector('h1');
    expect(headline?.textContent).toBe('Увеличивайте B2B продажи с рассрочкой для покупателей');
    const staticMarkup = readStaticMarkup(container);
    expect([...staticMarkup.keys()]).toEqual(['hero-banks', 'hero-preview', 'benefits', 'features', 'start']);
    const featureHeading = container.querySelector('[data-static="features"] h2');
    const featureText = container.querySelector('[data-static="features"]')?.textContent;

    await act(async () => {
      hydrateRoot(container, <LandingRoot staticMarkup={staticMarkup} />);
    });
    // The same nodes, not a second render beside or over them.
    expect(container.querySelector('h1')).toBe(headline);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(container.querySelector('[data-static="features"] h2')).toBe(featureHeading);
    expect(container.querySelector('[data-static="features"]')?.textContent).toBe(featureText);
    expect(hit).toHaveBeenCalledWith('/');

    // The carousel, a part with behaviour, answers its buttons.
    const current = () => container.querySelector('[aria-current="true"]')?.getAttribute('aria-label');
    expect(current()).toMatch(/^Показать отзыв 1 из \d+$/);
    const next = container.querySelector<HTMLButtonElement>('button[aria-label="Следующий отзыв"]');
    // Preact's own handler store (what e2e/tests/landing.test.ts waits for): this is Preact, not React.
    expect(typeof (next as { __e?: Record<string, unknown> } | null)?.__e?.onClick).toBe('function');
    await act(async () => next?.click());
    expect(current()).toMatch(/^Показать отзыв 2 из \d+$/);
  });
});
