import { act } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStaticMarkup } from '../features/landing/static-markup';
import { metrika } from '../shared/analytics/metrika';
import { LandingRoot } from './landing-root';

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the landing without the app around it', () => {
  it('hydrates the markup the pre-render wrote without a mismatch, and reports the page view of /', async () => {
    const hit = vi.spyOn(metrika, 'hit');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LandingRoot />);
    document.body.append(container);
    const headline = container.querySelector('h1');
    expect(headline?.textContent).toBe('Увеличивайте B2B продажи с рассрочкой для покупателей');

    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <LandingRoot />, { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    // Hydration adopted the pre-rendered node instead of replacing it.
    expect(container.querySelector('h1')).toBe(headline);
    expect(hit).toHaveBeenCalledWith('/');
    act(() => root.unmount());
  });

  it('keeps the parts without behaviour as pre-rendered, walking none of their elements', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<LandingRoot />);
    document.body.append(container);
    const staticMarkup = readStaticMarkup(container);
    expect([...staticMarkup.keys()]).toEqual(['hero-banks', 'hero-preview', 'benefits', 'features', 'start']);
    const features = container.querySelector('[data-static="features"]');
    const featureHeading = features?.querySelector('h2');
    const featureText = features?.textContent;
    expect(featureText).toContain('Всё для работы с рассрочкой');

    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(container, <LandingRoot staticMarkup={staticMarkup} />, {
        onRecoverableError: recoverable,
      }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    // The same nodes with the same text, and React knows none of the elements inside a static part…
    expect(container.querySelector('[data-static="features"] h2')).toBe(featureHeading);
    expect(container.querySelector('[data-static="features"]')?.textContent).toBe(featureText);
    const reactKeys = (element: Element) => Object.keys(element).filter((key) => key.startsWith('__react'));
    for (const part of container.querySelectorAll('[data-static]')) {
      expect(reactKeys(part)).not.toEqual([]);
      for (const inner of part.querySelectorAll('*')) expect(reactKeys(inner)).toEqual([]);
    }
    // …while the parts with behaviour are hydrated.
    const nextReview = container.querySelector('button[aria-label="Следующий отзыв"]');
    expect(nextReview && reactKeys(nextReview).length).toBeGreaterThan(0);
    act(() => root.unmount());
  });

  it('writes the markup of a static part back should React render the page on the client instead', async () => {
    const source = document.createElement('div');
    source.innerHTML = renderToString(<LandingRoot />);
    const staticMarkup = readStaticMarkup(source);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(<LandingRoot staticMarkup={staticMarkup} />));
    for (const name of staticMarkup.keys())
      expect(container.querySelector(`[data-static="${name}"]`)?.innerHTML).toBe(staticMarkup.get(name));
    expect(container.querySelector('#features h2')?.textContent).toBe(
      source.querySelector('#features h2')?.textContent,
    );
    act(() => root.unmount());
  });
});
