import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
